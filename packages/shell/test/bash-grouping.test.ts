import { beforeAll, describe, expect, it } from "vitest";
import { initializeParser, simpleCommands } from "../src/index.js";
import type { Stage } from "../src/index.js";

// Bash binds `|` tighter than `&&`/`||` and attaches a redirection written after a pipeline or
// list to the last simple command; the grammar's tree groups these lines differently.

/** One stage as `argv` text, a compound stage as its commands in braces. */
function stageText(stage: Stage): string {
  if ("compound" in stage) return `{${stage.commands.map(stageText).join("; ")}}`;
  return stage.words.map((word) => word.text).join(" ");
}

/** Each simple command as `argv [>target...] [<- upstream | upstream]`. */
function shapes(text: string): string[] {
  return simpleCommands(text).map(({ argv, node }) => {
    const redirects = node.redirects.map(
      (redirect) => ` ${redirect.fd ?? ""}${redirect.op}${redirect.target?.text ?? ""}`,
    );
    const upstream = node.upstream.map(stageText).join(" | ");
    return `${argv.join(" ")}${redirects.join("")}${upstream === "" ? "" : ` <- ${upstream}`}`;
  });
}

describe("how bash groups pipelines, lists and redirections", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  it("attaches a redirection after an && or || list to the list's last command", () => {
    expect(shapes("true && echo x > /tmp/f")).toEqual(["true", "echo x >/tmp/f"]);
    expect(shapes("true || echo x >> /tmp/f")).toEqual(["true", "echo x >>/tmp/f"]);
    expect(shapes("true || false && echo x 2>/tmp/f")).toEqual([
      "true",
      "false",
      "echo x 2>/tmp/f",
    ]);
    expect(shapes("cd /tmp && printf '%s' x > out.txt")).toEqual([
      "cd /tmp",
      "printf %s x >out.txt",
    ]);
    expect(shapes("true && echo a b 1>&2")).toEqual(["true", "echo a b 1>&2"]);
    expect(shapes("true && cat < /tmp/in")).toEqual(["true", "cat </tmp/in"]);
    expect(shapes("echo a | cat && tee /tmp/f < /dev/null")).toEqual([
      "echo a",
      "cat <- echo a",
      "tee /tmp/f </dev/null",
    ]);
    expect(shapes("true && echo a | cat > /tmp/f")).toEqual([
      "true",
      "echo a",
      "cat >/tmp/f <- echo a",
    ]);
  });

  it("reads `a | b | c && d` as `(a | b | c) && d`", () => {
    expect(shapes("echo a | cat | tee /tmp/f && true")).toEqual([
      "echo a",
      "cat <- echo a",
      "tee /tmp/f <- echo a | cat",
      "true",
    ]);
    expect(shapes("echo a | cat | tr a b | wc -c || echo none")).toEqual([
      "echo a",
      "cat <- echo a",
      "tr a b <- echo a | cat",
      "wc -c <- echo a | cat | tr a b",
      "echo none",
    ]);
    expect(shapes("echo a | cat && true && echo b | cat")).toEqual([
      "echo a",
      "cat <- echo a",
      "true",
      "echo b",
      "cat <- echo b",
    ]);
    expect(shapes("printf x | cat | cat > /tmp/f && echo done")).toEqual([
      "printf x",
      "cat <- printf x",
      "cat >/tmp/f <- printf x | cat",
      "echo done",
    ]);
  });

  it("keeps every stage of `a | b > f | c` as c's upstream", () => {
    expect(shapes("echo a | cat > /tmp/f | wc -c")).toEqual([
      "echo a",
      "cat >/tmp/f <- echo a",
      "wc -c <- echo a | cat",
    ]);
    expect(shapes("echo a | cat 2>/dev/null | tr a b | wc -c")).toEqual([
      "echo a",
      "cat 2>/dev/null <- echo a",
      "tr a b <- echo a | cat",
      "wc -c <- echo a | cat | tr a b",
    ]);
  });

  it("leaves plain pipelines and lists as they were", () => {
    expect(shapes("echo a | cat")).toEqual(["echo a", "cat <- echo a"]);
    expect(shapes("true && false || echo x")).toEqual(["true", "false", "echo x"]);
    expect(shapes("echo a | cat > /tmp/f")).toEqual(["echo a", "cat >/tmp/f <- echo a"]);
  });
});

describe("declarations as commands", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  it("records export, declare, local and readonly as the commands bash runs", () => {
    const argvs = (text: string): string[][] =>
      simpleCommands(text).map((command) => [...command.argv]);
    expect(argvs('export DOCKER_HOST="ssh://h.invalid"')).toEqual([
      ["export", "DOCKER_HOST=ssh://h.invalid"],
    ]);
    expect(argvs("export DOCKER_HOST=ssh://h.invalid && true")).toEqual([
      ["export", "DOCKER_HOST=ssh://h.invalid"],
      ["true"],
    ]);
    expect(argvs("cd /tmp; export NAME=v")).toEqual([
      ["cd", "/tmp"],
      ["export", "NAME=v"],
    ]);
    expect(argvs("declare -x A='b c' D")).toEqual([["declare", "-x", "A=b c", "D"]]);
    expect(argvs("readonly A=b")).toEqual([["readonly", "A=b"]]);
    expect(argvs("f() { local x=$(printf y); }")).toContainEqual(["local", "x=y"]);
  });

  it("runs a substitution in a declared value once", () => {
    const commands = simpleCommands('export A="$(printf y)"').map((command) => command.argv[0]);
    expect(commands.filter((name) => name === "printf")).toHaveLength(1);
  });
});

describe("descriptors before a redirection", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  it("reads only an all-digit word as a descriptor and passes any other word on", () => {
    expect(shapes("echo -v1>&2")).toEqual(["echo -v1 >&2"]);
    expect(shapes("echo -v1>&2 x")).toEqual(["echo -v1 x >&2"]);
    expect(shapes("printf -v1>/tmp/f")).toEqual(["printf -v1 >/tmp/f"]);
    expect(shapes("echo x-2>/tmp/f")).toEqual(["echo x-2 >/tmp/f"]);
    expect(shapes("echo a 2>&1")).toEqual(["echo a 2>&1"]);
    expect(shapes("echo a 12>/tmp/f")).toEqual(["echo a 12>/tmp/f"]);
    expect(shapes("echo a - 2>&1")).toEqual(["echo a - 2>&1"]);
  });
});

describe("blanks inside double quotes", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  it("keeps a newline and blanks inside double quotes in the word", () => {
    const argv = (text: string): string[] => [...(simpleCommands(text)[0]?.argv ?? [])];
    expect(argv('python3 -c "import os\nos.getpid()"')).toEqual([
      "python3",
      "-c",
      "import os\nos.getpid()",
    ]);
    expect(argv('echo "a\n\nb"')).toEqual(["echo", "a\n\nb"]);
    expect(argv('echo "a  b"')).toEqual(["echo", "a  b"]);
    expect(argv('echo "a\n  b"')).toEqual(["echo", "a\n  b"]);
    expect(simpleCommands('echo "$(printf a)\nb"').map((command) => command.argv)).toEqual([
      ["printf", "a"],
      ["echo", "a\nb"],
    ]);
  });
});

describe("operator-like words", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  it("passes a `==` or `=~` word in a simple command to the command", () => {
    const argv = (text: string): string[] => [...(simpleCommands(text)[0]?.argv ?? [])];
    expect(argv("test a == b")).toEqual(["test", "a", "==", "b"]);
    expect(argv("echo =~ x")).toEqual(["echo", "=~", "x"]);
    expect(argv("printf '%s' == -x /tmp/f")).toEqual(["printf", "%s", "==", "-x", "/tmp/f"]);
    expect(argv("echo a==b")).toEqual(["echo", "a==b"]);
  });
});

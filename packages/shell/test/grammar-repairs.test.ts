import { beforeAll, describe, expect, it } from "vitest";
import { initializeParser, parseShell, simpleCommands, stdinText } from "../src/index.js";
import type { Redirect, SimpleCommand } from "../src/shell-ir.js";

// Lines the grammar fails on or misreads, read the way bash reads them. Each is a possible
// detection bypass: a command hidden in a comment or a regular expression, a command word
// taken for an argument, a redirection or here-string read as something else.
const argvs = (text: string): string[][] =>
  simpleCommands(text).map((command) => [...command.argv]);

const redirectText = (redirect: Redirect): string =>
  `${redirect.fd ?? ""}${redirect.op}${redirect.target?.text ?? ""}`;

const redirectsOf = (text: string): string[][] =>
  parseShell(text).commands.map((command) => command.redirects.map(redirectText));

describe("words that start like a variable name", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  it("keeps a command word with %, @, ?, #, : or quotes after a name in one piece", () => {
    for (const word of ["x%s", "x@", "x?a", "a%b", "x@y", "x#y", "ec%ho", "r@m", "x%", "a%b=c"]) {
      for (const line of [`${word} a b`, `echo 1; ${word} a`, `true | ${word} a`]) {
        const commands = argvs(line);
        expect(commands.at(-1), line).toEqual([
          word,
          ...(line.endsWith(" a b") ? ["a", "b"] : ["a"]),
        ]);
        expect(parseShell(line).incomplete, line).toBe(false);
      }
    }
    expect(argvs("x'q' a")).toEqual([["xq", "a"]]);
    expect(argvs('x"y z" a')).toEqual([["xy z", "a"]]);
    expect(argvs("v=1 x:y b")).toEqual([["x:y", "b"]]);
    expect(argvs("a[2]=x x?a")).toEqual([["x?a"]]);
    expect(argvs("echo $(x@ a)")[0]).toEqual(["x@", "a"]);
    expect(argvs("{ x%s a; }")).toEqual([["x%s", "a"]]);
    expect(argvs("if x@ a; then :; fi")).toEqual([["x@", "a"], [":"]]);
  });

  it("does not start a comment at a # inside a word, so later commands stay visible", () => {
    expect(argvs("x#y a; rm -rf /tmp/x")).toEqual([
      ["x#y", "a"],
      ["rm", "-rf", "/tmp/x"],
    ]);
    expect(argvs("x#y && rm b")).toEqual([["x#y"], ["rm", "b"]]);
    expect(argvs("x#y | sh")).toEqual([["x#y"], ["sh"]]);
    expect(argvs("x#y # a comment")).toEqual([["x#y"]]);
    expect(argvs("echo x#y; rm b")).toEqual([
      ["echo", "x#y"],
      ["rm", "b"],
    ]);
  });

  it("keeps a glob command word a glob", () => {
    const [command] = parseShell("x?a b").commands;
    expect(command?.words[0]).toMatchObject({ text: "x?a", glob: true });
  });

  it("reads assignment prefixes with += and subscripts as assignments, not the command", () => {
    for (const prefix of ["a+=b", "v+=2", "a[1]=x", "a[1]+=x", "x==y", "a=b=c"]) {
      const [command] = simpleCommands(`${prefix} rm -rf /tmp/x`);
      expect(command?.argv, prefix).toEqual(["rm", "-rf", "/tmp/x"]);
      expect(command?.assignments.length, prefix).toBe(1);
    }
    expect(argvs("a+=b c")).toEqual([["c"]]);
    expect(argvs("a+=b b+=c sh x")).toEqual([["sh", "x"]]);
  });
});

describe("descriptors", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  it("reads descriptors written with leading zeros", () => {
    expect(redirectsOf("echo a 02>f")).toEqual([["2>f"]]);
    expect(argvs("echo a 02>f b")).toEqual([["echo", "a", "b"]]);
    expect(redirectsOf("echo 00>f")).toEqual([["0>f"]]);
    expect(redirectsOf("echo 007<f")).toEqual([["7<f"]]);
    expect(redirectsOf("echo 02>f5 00>f15")).toEqual([["2>f5", "0>f15"]]);
    expect(parseShell("echo 02>f").incomplete).toBe(false);
  });

  it("reads descriptor 0 before a redirection in every position", () => {
    expect(argvs("0>f rm a")).toEqual([["rm", "a"]]);
    expect(redirectsOf("0>f rm a")).toEqual([["0>f"]]);
    expect(argvs("0<in sh -s")).toEqual([["sh", "-s"]]);
    expect(argvs("a | 0<in sh")).toEqual([["a"], ["sh"]]);
    expect(argvs("echo a 0>f 0>g")).toEqual([["echo", "a"]]);
    expect(redirectsOf("echo a 0>f 0>g")).toEqual([["0>f", "0>g"]]);
    expect(redirectsOf("echo >f 0<g")).toEqual([[">f", "0<g"]]);
    expect(argvs("echo a >f 0 x")).toEqual([["echo", "a", "0", "x"]]);
    expect(argvs("echo 0 >f")).toEqual([["echo", "0"]]);
  });

  it("does not take the word after a closed descriptor for its target", () => {
    for (const op of ["2>&-", ">&-", "<&-", "0<&-", "1>&-"]) {
      expect(argvs(`rm ${op} -rf /tmp/x`), op).toEqual([["rm", "-rf", "/tmp/x"]]);
      const [command] = parseShell(`rm ${op} -rf /tmp/x`).commands;
      expect(
        command?.redirects.map((r) => r.op),
        op,
      ).toEqual([op.replace(/^\d/, "")]);
      expect(command?.redirects[0]?.target, op).toBeNull();
    }
    expect(argvs("rm 2>&- -rf a; echo b")).toEqual([
      ["rm", "-rf", "a"],
      ["echo", "b"],
    ]);
    expect(argvs("echo 02 2>&- 02 2>&1")).toEqual([["echo", "02", "02"]]);
    expect(redirectsOf("echo 2>&-")).toEqual([["2>&-"]]);
  });

  it("reads assignments after a leading descriptor-0 redirection as assignments", () => {
    const [command] = parseShell("0>f x+=y@ rm -rf /tmp/x").commands;
    expect(command?.words.map((word) => word.text)).toEqual(["rm", "-rf", "/tmp/x"]);
    expect(command?.assignments.map((a) => `${a.name}=${a.value.text}`)).toEqual(["x=y@"]);
    expect(argvs("0<in a=1 b[2]=3 sh -s")).toEqual([["sh", "-s"]]);
    expect(argvs("echo | 0>f v=2 sh")).toEqual([["echo"], ["sh"]]);
    expect(argvs("0>f 'a'=1 x")).toEqual([["a=1", "x"]]);
    const [dynamic] = parseShell("0>f a=$(echo hi) sh").commands.slice(-1);
    expect(dynamic?.assignments[0]?.value.substitutions).toHaveLength(1);
  });

  it("reads <> (open for reading and writing) with or without a blank", () => {
    for (const line of ["cat <>f8", "cat <> f8", "cat 1<>f8", "cat 3<> f8 a"]) {
      const [command] = parseShell(line).commands;
      expect(
        command?.redirects.map((r) => r.op),
        line,
      ).toEqual(["<>"]);
      expect(command?.redirects[0]?.target?.text, line).toBe("f8");
      expect(
        command?.words.map((w) => w.text),
        line,
      ).not.toContain("f8");
      expect(parseShell(line).incomplete, line).toBe(false);
    }
  });

  it("keeps redirections in the order written", () => {
    expect(redirectsOf("&>f7 : -n >f1")).toEqual([["&>f7", ">f1"]]);
    expect(redirectsOf(">f 2>&1 cat a 2>g")).toEqual([[">f", "2>&1", "2>g"]]);
  });

  it("reads a here-string after another redirection as a here-string", () => {
    for (const line of ["sh >&2 <<<'echo hi'", "sh >f <<<'echo hi'", "sh 2>&1 <<< 'echo hi'"]) {
      const redirects = parseShell(line).commands[0]?.redirects ?? [];
      expect(redirects.at(-1), line).toMatchObject({ op: "<<<", target: { text: "echo hi" } });
      expect(parseShell(line).incomplete, line).toBe(false);
    }
  });

  it("ends a command of only assignments and redirections at a list or pipeline operator", () => {
    for (const op of [";", "&", "&&", "||", "|"]) {
      for (const head of ["a=1 >f", ">f a=1", "a=1 b=2 2>&1", "1>&2 a=b=c 3>f"]) {
        const line = `${head} ${op} rm -rf /tmp/x`;
        const commands = parseShell(line).commands;
        expect(
          commands.at(-1)?.words.map((word) => word.text),
          line,
        ).toEqual(["rm", "-rf", "/tmp/x"]);
        expect(commands.at(-1)?.upstream, line).toHaveLength(op === "|" ? 1 : 0);
        expect(parseShell(line).incomplete, line).toBe(false);
      }
    }
    expect(parseShell("a=1 >f & rm x").background).toBe(true);
  });

  it("reads a command the grammar put in the redirection after a pipeline's assignment", () => {
    const commands = parseShell("a | b=1 >&2 rm -rf /tmp/x").commands;
    expect(commands.at(-1)).toMatchObject({
      assignments: [{ name: "b" }],
      words: [{ text: "rm" }, { text: "-rf" }, { text: "/tmp/x" }],
    });
    expect(commands.at(-1)?.upstream).toHaveLength(1);
    expect(argvs("a | b=1 >&2 c=2 sh -s")).toEqual([["a"], ["sh", "-s"]]);
  });

  it("takes the assignments of a command of only assignments and a redirection", () => {
    const [command] = parseShell("a=1 >f").commands;
    expect(command).toMatchObject({ words: [], assignments: [{ name: "a" }] });
    expect(parseShell("a=1 >f").incomplete).toBe(false);
    expect(parseShell("echo a >").incomplete).toBe(true);
  });
});

describe("compound commands at the end of a pipeline", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  it("gives a redirection after the compound to the compound, fed by the pipeline", () => {
    for (const line of [
      "a | { b; } > f",
      "a | (b) > f",
      "a | while read x; do b; done > f",
      "a | for x in 1 2; do b; done > f",
      "a | if true; then b; fi > f",
      "a | case x in x) b;; esac > f",
    ]) {
      const commands = parseShell(line).commands;
      const b = commands.find((command) => command.words[0]?.text === "b");
      const redirect = commands.find((command) => command.redirects.length > 0);
      expect(b?.upstream, line).toHaveLength(1);
      expect(redirect?.words, line).toEqual([]);
      expect(redirect?.redirects.map(redirectText), line).toEqual([">f"]);
      expect(redirect?.upstream, line).toHaveLength(1);
    }
  });

  it("passes the compound's output on to the next stage", () => {
    const commands = parseShell("a | (b) 2>&1 | c").commands;
    const c = commands.at(-1);
    expect(c?.words.map((word) => word.text)).toEqual(["c"]);
    expect(c?.upstream).toHaveLength(2);
    expect(redirectsOf("a | (b) 2>&1 | c")).toEqual([[], [], ["2>&1"], []]);
  });

  it("gives the commands inside a compound its standard input", () => {
    for (const line of [
      "{ sh; } <<<'echo hi'",
      "( sh ) <<< 'echo hi'",
      "echo x | { sh; } 2>&1 <<<'echo hi'",
      "while read x; do sh; done <<<'echo hi'",
      "if true; then sh; fi <<<'echo hi'",
    ]) {
      const sh = parseShell(line).commands.find((command) => command.words[0]?.text === "sh");
      expect(stdinText(sh as SimpleCommand), line).toBe("echo hi");
    }
    const [inner] = parseShell("{ sh <<<'own'; } <<<'outer'").commands;
    expect(stdinText(inner as SimpleCommand)).toBe("own");
    expect(redirectsOf("{ a; } > f")).toEqual([[], [">f"]]);
    const [substituted] = parseShell("{ echo $(sh); } <<<'x'").commands;
    expect(substituted?.redirects).toEqual([]);
  });

  it("sends standard error down the pipe for |&", () => {
    expect(redirectsOf("a |& b")).toEqual([["2>&1"], []]);
    expect(redirectsOf("a 2>/dev/null |& b")).toEqual([["2>/dev/null", "2>&1"], []]);
    expect(redirectsOf("a >f |& b |& c")).toEqual([[">f", "2>&1"], ["2>&1"], []]);
    expect(redirectsOf("{ a; } |& b")).toEqual([[], ["2>&1"], []]);
  });
});

describe("words the grammar splits or joins unlike bash", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  it("passes == and =~ arguments on without reading the rest of the line as a pattern", () => {
    expect(argvs("true == x | sh")).toEqual([["true", "==", "x"], ["sh"]]);
    expect(argvs("echo =~ | rm -rf /tmp/x")).toEqual([
      ["echo", "=~"],
      ["rm", "-rf", "/tmp/x"],
    ]);
    expect(argvs("true == &>>f | sh -s")).toEqual([
      ["true", "=="],
      ["sh", "-s"],
    ]);
    expect(argvs("echo a == b; rm c")).toEqual([
      ["echo", "a", "==", "b"],
      ["rm", "c"],
    ]);
    expect(argvs("[[ a == b ]] && echo == x")).toEqual([["echo", "==", "x"]]);
    expect(argvs("[[ a =~ b ]] && echo ok")).toEqual([["echo", "ok"]]);
  });

  it("splits a word the grammar read across a blank", () => {
    expect(argvs("echo [ { x")).toEqual([["echo", "[", "{", "x"]]);
    expect(argvs("echo } } ; rm x")).toEqual([
      ["echo", "}", "}"],
      ["rm", "x"],
    ]);
    expect(argvs("rm [ -rf /tmp/x")).toEqual([["rm", "[", "-rf", "/tmp/x"]]);
    expect(argvs("printf [ [ %s")).toEqual([["printf", "[", "[", "%s"]]);
  });

  it("keeps a lone - before a redirection of a pipeline's last command", () => {
    expect(argvs("echo a | sh - 2>&1 | cat")).toEqual([["echo", "a"], ["sh", "-"], ["cat"]]);
    expect(argvs("echo a && sh - 2>/dev/null")).toEqual([
      ["echo", "a"],
      ["sh", "-"],
    ]);
  });

  it("starts a word with an escaped blank", () => {
    expect(argvs("echo \\ x")).toEqual([["echo", " x"]]);
    expect(argvs("echo a \\ \\ b c")).toEqual([["echo", "a", "  b", "c"]]);
    expect(argvs("echo \\  x")).toEqual([["echo", " ", "x"]]);
    expect(argvs("echo a\\ b")).toEqual([["echo", "a b"]]);
  });
});

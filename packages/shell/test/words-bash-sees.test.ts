import { beforeAll, describe, expect, it } from "vitest";
import { initializeParser, simpleCommands } from "../src/index.js";

// The words bash passes to each command, where the grammar's tree groups them differently.
describe("words bash sees", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  const argvs = (text: string): string[][] =>
    simpleCommands(text).map((command) => [...command.argv]);

  it("keeps the words written after a redirection as arguments", () => {
    expect(argvs("rm 2>/dev/null -rf /tmp/x")).toEqual([["rm", "-rf", "/tmp/x"]]);
    expect(argvs("rm >/dev/null -rf a b")).toEqual([["rm", "-rf", "a", "b"]]);
    expect(argvs("rm </dev/null -rf a")).toEqual([["rm", "-rf", "a"]]);
    expect(argvs("cat > out.txt one two")).toEqual([["cat", "one", "two"]]);
    expect(argvs("echo hi | rm 2>&1 -rf a")).toEqual([
      ["echo", "hi"],
      ["rm", "-rf", "a"],
    ]);
    expect(argvs("sudo 2>/dev/null rm -rf a")).toEqual([["sudo", "rm", "-rf", "a"]]);
    expect(argvs("ls -la 2>/dev/null")).toEqual([["ls", "-la"]]);
  });

  it("puts a pipeline's redirection on its last command", () => {
    const [, last] = simpleCommands("echo x | cat > out.txt");
    expect(last?.argv).toEqual(["cat"]);
    expect(last?.node.redirects.map((redirect) => redirect.target?.text)).toEqual(["out.txt"]);
    expect(last?.node.upstream).toHaveLength(1);
  });

  it("reads a here-string on another descriptor", () => {
    const [command] = simpleCommands("cat 3<<<'some text' /dev/fd/3");
    expect(command?.argv).toEqual(["cat", "/dev/fd/3"]);
    expect(command?.node.redirects).toMatchObject([
      { op: "<<<", fd: "3", target: { text: "some text" } },
    ]);
    const [heredoc] = simpleCommands("cat 4<<EOF /dev/fd/4\nbody\nEOF\n");
    expect(heredoc?.node.redirects).toMatchObject([{ op: "<<", fd: "4" }]);
  });

  it("joins a word split by a backslash-newline", () => {
    expect(argvs("r\\\nm -rf a")).toEqual([["rm", "-rf", "a"]]);
    expect(argvs("s\\\nu\\\ndo ls")).toEqual([["sudo", "ls"]]);
    expect(argvs("echo a \\\n b")).toEqual([["echo", "a", "b"]]);
  });
});

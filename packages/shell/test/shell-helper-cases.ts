import { describe, expect, test } from "vitest";
import { isCompound, lastCommand, simpleCommands, unwrap } from "../src/index.js";

/** Text and whether it is more than one plain simple command. */
export const IS_COMPOUND_CASES: readonly (readonly [string, boolean])[] = [
  ["make deploy", false],
  ["git commit -m 'a; b | c'", false],
  ['echo "a && b"', false],
  ["make deploy; rm -rf ~", true],
  ["make deploy && echo ok", true],
  ["make deploy | tee log", true],
  ["make deploy > out", true],
  ["make deploy < in", true],
  ["make deploy &", true],
  ["make $(whoami)", true],
  ['echo "$(whoami)"', true],
  ["echo `whoami`", true],
  ["make deploy\nrm -rf ~", true],
  ["echo 'unterminated", true],
];

/** The helpers' contract, the same with the real bash grammar and with the fallback tokenizer. */
export function describeShellHelpers(): void {
  describe("simpleCommands", () => {
    test("lists every command of lists, pipelines, compound statements and substitutions", () => {
      const commands = simpleCommands(
        'cd web && FOO=1 npm run dev | tee log; if test -d x; then echo "$(whoami)"; fi',
      );
      expect(commands.map((command) => command.argv)).toEqual([
        ["cd", "web"],
        ["npm", "run", "dev"],
        ["tee", "log"],
        ["test", "-d", "x"],
        ["whoami"],
        ["echo", "\u0000"],
      ]);
      expect(commands[1]?.assignments).toEqual(["FOO"]);
    });

    test("removes quotes and keeps quoted operators inside their word", () => {
      expect(simpleCommands("git commit -m 'a; b | c'").map((command) => command.argv)).toEqual([
        ["git", "commit", "-m", "a; b | c"],
      ]);
    });

    test("peels wrappers into layers, outermost first", () => {
      const [command] = simpleCommands("sudo -u root env X=2 nice -n 5 /bin/rm -rf /tmp/x");
      expect(command?.layers).toEqual([
        ["sudo", "-u", "root", "env", "X=2", "nice", "-n", "5", "/bin/rm", "-rf", "/tmp/x"],
        ["env", "X=2", "nice", "-n", "5", "/bin/rm", "-rf", "/tmp/x"],
        ["nice", "-n", "5", "/bin/rm", "-rf", "/tmp/x"],
        ["/bin/rm", "-rf", "/tmp/x"],
      ]);
    });
  });

  describe("unwrap", () => {
    test("uses the one wrapper table", () => {
      expect(unwrap(["timeout", "-s", "KILL", "5", "grep", "x"]).at(-1)).toEqual(["grep", "x"]);
      expect(unwrap(["sudo", "-l"])).toEqual([["sudo", "-l"]]);
      expect(unwrap(["ls", "-la"])).toEqual([["ls", "-la"]]);
    });
  });

  describe("lastCommand", () => {
    test("is the command whose status the line returns", () => {
      expect(lastCommand("cat x | rg needle")?.argv).toEqual(["rg", "needle"]);
      expect(lastCommand("make && grep -q ok log || true")?.argv).toEqual(["true"]);
      expect(lastCommand("")).toBeUndefined();
    });
  });

  describe("isCompound", () => {
    test.each(IS_COMPOUND_CASES)("isCompound(%j) is %s", (command, expected) => {
      expect(isCompound(command)).toBe(expected);
    });
  });
}

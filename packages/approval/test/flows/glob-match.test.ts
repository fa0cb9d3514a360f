import { describe, expect, test } from "vitest";
import { compileGlob } from "../../src/flows/glob-match.js";

describe("compileGlob", () => {
  test("* spans any characters, slashes included; ? is one character", () => {
    expect(compileGlob("sudo rm*").matches("sudo rm -rf /tmp/x")).toBe(true);
    expect(compileGlob("rm ?").matches("rm -f")).toBe(false);
    expect(compileGlob("rm -? x").matches("rm -f x")).toBe(true);
    expect(compileGlob("*/etc/*").matches("cat /etc/passwd")).toBe(true);
  });

  test("the whole text must match", () => {
    expect(compileGlob("git push").matches("git push --force")).toBe(false);
    expect(compileGlob("git push*").matches("git push --force")).toBe(true);
  });

  test("classes and negated classes", () => {
    expect(compileGlob("rm -[rR]f *").matches("rm -Rf x")).toBe(true);
    expect(compileGlob("rm -[!rR]f *").matches("rm -Rf x")).toBe(false);
    expect(compileGlob("kill -[0-9]").matches("kill -9")).toBe(true);
  });

  test("case-insensitive when asked", () => {
    expect(compileGlob("SUDO RM*", { caseInsensitive: true }).matches("sudo rm -rf x")).toBe(true);
    expect(compileGlob("SUDO RM*").matches("sudo rm -rf x")).toBe(false);
  });

  test("many stars against a long non-matching text still finish", () => {
    const glob = compileGlob(`${"*a".repeat(30)}b`);
    expect(glob.matches("a".repeat(5000))).toBe(false);
  });
});

import { execFileSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import { staticPrintf } from "../src/printf.js";

// Each case is run through bash's own printf builtin (the output is only printed, never run)
// and must come out byte for byte the same, or be refused (null) as unknown.
const CASES: readonly (readonly string[])[] = [
  ["\\x72\\x6d -rf x"],
  ["\\162\\155 -rf x"],
  ["\\u0072\\u006d x"],
  ["\\U00000072m"],
  ["\\x4"],
  ["\\0101"],
  ["\\18"],
  ["\\xe2\\x82\\xac"],
  ["\\u20ac and \\u00e9"],
  ["a\\tb\\\\c\\q"],
  ["\\e[1m"],
  ["%s-%s\\n", "a", "b", "c"],
  ["x%s", "1", "2"],
  ["%%s %s", "x"],
  ["%s"],
  ["plain", "ignored"],
  ["%b", "\\x72\\0155 y\\n"],
  ["%b", "a\\cb"],
  ["%5s|%-5s|", "ab", "cd"],
  ["%.2s", "abcdef"],
  ["%c%c", "rm", "mv"],
  ["%d %x %o %X %u", "255", "255", "8", "0x1f", "-1"],
  ["%i|%d", "010", "0x10"],
  ["%03d", "7"],
  ["%+d", "5"],
  ["%-3d|", "4"],
  ["%d", "'A"],
  ["%q", "a b"],
  ["%f", "1"],
  ["%d", "nope"],
  ["%*d", "3", "4"],
];

function bashPrintf(args: readonly string[]): string | null {
  try {
    return execFileSync("bash", ["-c", 'printf "$@"', "printf", ...args], {
      stdio: ["ignore", "pipe", "ignore"],
    }).toString("utf8");
  } catch {
    return null;
  }
}

describe("staticPrintf", () => {
  test("matches bash's printf byte for byte or refuses", () => {
    const mismatches = CASES.map((args) => ({ args, ours: staticPrintf(args) })).filter(
      ({ args, ours }) => ours !== null && ours !== bashPrintf(args),
    );
    expect(mismatches).toEqual([]);
  });

  test("refuses what it does not reproduce", () => {
    expect(staticPrintf(["%q", "a b"])).toBeNull();
    expect(staticPrintf(["%f", "1"])).toBeNull();
    expect(staticPrintf(["%d", "nope"])).toBeNull();
    expect(staticPrintf(["a\\cb"])).toBeNull();
    expect(staticPrintf(["\\x"])).toBeNull();
  });

  test("decodes the escapes attackers use to spell commands", () => {
    expect(staticPrintf(["\\x72\\x6d"])).toBe("rm");
    expect(staticPrintf(["\\162\\155"])).toBe("rm");
    expect(staticPrintf(["\\u0072\\u006d"])).toBe("rm");
  });
});

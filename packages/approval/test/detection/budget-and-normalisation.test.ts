import { beforeAll, describe, expect, it } from "vitest";
import {
  detectDangerousCommand,
  initializeDetector,
  MAX_ANALYSED_COMMAND_LENGTH,
} from "../../src/detection/index.js";

function tier(command: unknown): "hardline" | "dangerous" | "safe" {
  const match = detectDangerousCommand(command);
  return match === null ? "safe" : match.hardline ? "hardline" : "dangerous";
}

// Characters that fold to quotes, comments, escapes or redirections under NFKC or the homoglyph
// table, but that bash reads as ordinary letters.
const LOOKALIKE_SYNTAX = ["＇", "＂", "＃", "＼", "＜", "＞", "‘", "’", "“", "”", "｀", "；"];

describe("look-alike characters are letters, as bash reads them", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("a look-alike quote, comment or escape never hides the command after it", () => {
    for (const ch of LOOKALIKE_SYNTAX) {
      expect(tier(`echo ${ch}; rm -rf /etc; echo ${ch}`), ch).not.toBe("safe");
      expect(tier(`echo a${ch}b; rm -rf /`), ch).toBe("hardline");
      expect(tier(`: ${ch}\nrm -rf /\n: ${ch}`), ch).toBe("hardline");
    }
  });

  it("an invisible character between two operators does not create a here-doc", () => {
    expect(tier("cat <\u200b<EOF\nrm -rf /\nEOF")).toBe("hardline");
  });

  it("fullwidth letters and homoglyphs inside words still match", () => {
    expect(tier("ｒｍ -ｒｆ /")).toBe("hardline");
    expect(tier("r\u200bm -rf /")).toBe("hardline");
  });

  it("what a person would read on screen is analysed too", () => {
    expect(tier("\u001b[31mrm -rf /\u001b[0m")).toBe("hardline");
  });

  it("benign text with look-alikes stays benign", () => {
    expect(tier("echo “hello” ＇world＇")).toBe("safe");
    expect(tier("git commit -m ‘fix’")).toBe("safe");
  });
});

describe("analysis budget", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("refuses input over the size budget with the reason, fail-closed", () => {
    const match = detectDangerousCommand("echo a\n".repeat(MAX_ANALYSED_COMMAND_LENGTH / 7 + 1));
    expect(match?.patternKey).toBe("command-too-large");
    expect(match?.description).toMatch(/analysis budget/);
  });

  it("refuses deep nesting and very long pipelines at once", () => {
    const adversarial = [
      "{ ".repeat(500_000),
      "(".repeat(60_000),
      "$(".repeat(30_000),
      "`".repeat(60_000),
      "a | ".repeat(15_000),
      '"$('.repeat(20_000),
      "[[ ".repeat(20_000),
    ];
    for (const text of adversarial) {
      expect(detectDangerousCommand(text)?.patternKey).toBe("command-too-large");
    }
  });

  it("keeps analysing ordinary scripts below the budget", () => {
    expect(tier("ls | grep a | sort | uniq -c | head")).toBe("safe");
    expect(tier("echo 'a (((( b' && echo \"[[[[\"")).toBe("safe");
  });

  it("never throws, whatever it is given", () => {
    for (const value of [null, undefined, 42, {}, [], Symbol("x")]) {
      expect(detectDangerousCommand(value)?.patternKey).toBe("command-not-a-string");
    }
    for (const text of ["", "\u0000", "\\", "'", '"', "$(", "<<", "\ud800", "}}}}", "(((("]) {
      expect(() => detectDangerousCommand(text)).not.toThrow();
    }
  });
});

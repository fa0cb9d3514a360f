import { describe, expect, it } from "vitest";
import { normalizeCommandText } from "../src/index.js";

describe("normalizeCommandText", () => {
  it("folds fullwidth forms and homoglyphs inside words to ASCII", () => {
    expect(normalizeCommandText("ｒｍ -ｒｆ /")).toBe("rm -rf /");
    expect(normalizeCommandText("rм -rf /")).toBe("rm -rf /");
  });

  it("drops invisible characters between word characters", () => {
    expect(normalizeCommandText("r\u200bm -r\u200b\u200df /")).toBe("rm -rf /");
    expect(normalizeCommandText("r\u0000m")).toBe("rm");
  });

  it("never turns a character bash reads as a letter into shell syntax", () => {
    for (const ch of [
      "＇",
      "＂",
      "＃",
      "＼",
      "＜",
      "＞",
      "｜",
      "；",
      "＆",
      "＄",
      "‘",
      "’",
      "“",
      "”",
      "\u3000",
      "（",
      "｛",
      "｀",
    ]) {
      expect(normalizeCommandText(`echo ${ch}x`)).toBe(`echo ${ch}x`);
    }
  });

  it("keeps invisible characters that sit next to syntax, where dropping them would join operators", () => {
    expect(normalizeCommandText("cat <\u200b<EOF")).toBe("cat <\u200b<EOF");
  });

  it("keeps control characters, which bash reads as letters", () => {
    const text = "\u001b]0;title\u0007ls";
    expect(normalizeCommandText(text)).toBe(text);
  });

  it("leaves plain ASCII untouched", () => {
    const text = "git log --oneline | head -5";
    expect(normalizeCommandText(text)).toBe(text);
  });
});

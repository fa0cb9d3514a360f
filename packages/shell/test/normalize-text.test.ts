import { describe, expect, it } from "vitest";
import { normalizeCommandText } from "../src/index.js";

describe("normalizeCommandText", () => {
  it("folds fullwidth forms and homoglyphs to ASCII", () => {
    expect(normalizeCommandText("ｒｍ -ｒｆ /")).toBe("rm -rf /");
    expect(normalizeCommandText("rм -rf /")).toBe("rm -rf /");
  });

  it("drops ANSI escapes, NUL and zero-width characters", () => {
    expect(normalizeCommandText("\u001b[31mr\u0000m\u001b[0m -r\u200bf /")).toBe("rm -rf /");
    expect(normalizeCommandText("\u001b]0;title\u0007ls")).toBe("ls");
  });

  it("leaves plain ASCII untouched", () => {
    const text = "git log --oneline | head -5";
    expect(normalizeCommandText(text)).toBe(text);
  });
});

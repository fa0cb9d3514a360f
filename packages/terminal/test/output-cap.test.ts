import { describe, expect, test } from "vitest";
import { capOutput, HeadTailCollector, truncationMarker } from "../src/output-cap.js";
import { stripAnsi } from "../src/index.js";

describe("capOutput", () => {
  test("leaves short output alone", () => {
    expect(capOutput("hello", 10)).toBe("hello");
  });

  test("keeps 40% head and 60% tail with Hermes' marker", () => {
    const text = "a".repeat(500) + "b".repeat(500);
    const capped = capOutput(text, 100);
    expect(capped).toBe("a".repeat(40) + truncationMarker(900, 1000) + "b".repeat(60));
    expect(capped).toContain(
      "\n\n... [OUTPUT TRUNCATED - 900 chars omitted out of 1000 total] ...\n\n",
    );
  });

  test("never splits a surrogate pair", () => {
    const capped = capOutput("🌍".repeat(100), 11);
    expect(capped).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(capped).not.toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });
});

describe("HeadTailCollector", () => {
  test("matches capOutput for the same stream, in any chunking", () => {
    const text = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join("");
    for (const size of [1, 7, 100, 4096]) {
      const collector = new HeadTailCollector(1000);
      for (let i = 0; i < text.length; i += size) collector.push(text.slice(i, i + size));
      const { text: collected, omittedChars } = collector.text();
      expect(collected).toBe(capOutput(text, 1000));
      expect(omittedChars).toBe(text.length - 1000);
      expect(collector.totalChars).toBe(text.length);
    }
  });

  test("returns everything when under the cap", () => {
    const collector = new HeadTailCollector(100);
    collector.push("abc");
    collector.push("def");
    expect(collector.text()).toEqual({ text: "abcdef", omittedChars: 0 });
  });
});

describe("stripAnsi", () => {
  test("removes colours, cursor moves and titles", () => {
    expect(stripAnsi("\u001b[1;31mred\u001b[0m \u001b[2K\u001b[1Gdone\u001b]0;title\u0007!")).toBe(
      "red done!",
    );
    expect(stripAnsi("plain")).toBe("plain");
  });

  test("removes what tput sgr0 prints, character-set switches and device-control strings", () => {
    expect(stripAnsi("\u001b[1mbold\u001b(B\u001b[m plain")).toBe("bold plain");
    expect(stripAnsi("a\u001b)0b\u001b7c\u001b8")).toBe("abc");
    expect(stripAnsi("x\u001bPq#0;2;0;0;0\u001b\\y")).toBe("xy");
    expect(stripAnsi("\u009b31mred\u009b0m")).toBe("red");
  });
});

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  DETECTION_RULES,
  detectDangerousCommand,
  initializeDetector,
} from "../../src/detection/index.js";

interface CorpusEntry {
  readonly command: string;
  readonly expected: "dangerous" | "hardline" | "safe";
  readonly category: string;
}

const corpusPath = fileURLToPath(new URL("../../corpus/commands.jsonl", import.meta.url));
const corpus: CorpusEntry[] = readFileSync(corpusPath, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as CorpusEntry);

function verdict(command: string): CorpusEntry["expected"] {
  const match = detectDangerousCommand(command);
  if (match === null) return "safe";
  return match.hardline ? "hardline" : "dangerous";
}

describe("detection corpus", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("has the size and mix the issue asks for", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(400);
    expect(corpus.filter((entry) => entry.category === "obfuscated").length).toBeGreaterThanOrEqual(
      120,
    );
    expect(corpus.filter((entry) => entry.expected === "safe").length).toBeGreaterThanOrEqual(150);
  });

  it("classifies every corpus command as expected", () => {
    const failures = corpus
      .map((entry) => ({ ...entry, actual: verdict(entry.command) }))
      .filter((entry) => entry.actual !== entry.expected);
    expect(failures).toEqual([]);
  });

  it("reports only catalogued rules, with the catalogued description and tier", () => {
    const byKey = new Map(DETECTION_RULES.map((info) => [info.key, info]));
    expect(byKey.size).toBe(DETECTION_RULES.length);
    for (const entry of corpus) {
      const match = detectDangerousCommand(entry.command);
      if (match === null) continue;
      expect(byKey.get(match.patternKey), match.patternKey).toEqual({
        key: match.patternKey,
        description: match.description,
        hardline: match.hardline,
      });
    }
  });
});

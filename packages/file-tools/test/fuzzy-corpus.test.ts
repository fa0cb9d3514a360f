import { describe, expect, test } from "vitest";
import { corpusFigures, evaluateCase, loadCorpus } from "./support/corpus-evaluator.js";

const corpora = [
  ["held-out cases (transcribed from Hermes' own matcher tests)", "fuzzy-heldout.json"],
  ["own corpus of real-world edits", "fuzzy-corpus.json"],
] as const;

describe.each(corpora)("fuzzy matcher on the %s", (_label, file) => {
  const cases = loadCorpus(file);

  test.each(cases.map((editCase) => [editCase.id, editCase] as const))("%s", (_id, editCase) => {
    expect(evaluateCase(editCase)).toEqual([]);
  });

  test("figures", () => {
    const figures = corpusFigures(cases);
    expect(figures.failures).toEqual([]);
    expect(figures.passed).toBe(figures.cases);
  });
});

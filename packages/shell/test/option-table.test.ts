import { describe, expect, test } from "vitest";
import { canonicalLongOption, type OptionTable } from "../src/index.js";

const TABLE: OptionTable = {
  long: ["recursive", "force", "verbose", "version"],
  longWithValue: ["reference", "output", "verbose"],
};

describe("canonicalLongOption", () => {
  test("an exact name is itself, even when it is the prefix of another", () => {
    expect(canonicalLongOption("force", TABLE)).toBe("force");
    expect(canonicalLongOption("output", { long: ["output", "output-dir"] })).toBe("output");
  });

  test("an unambiguous prefix is the option it starts", () => {
    expect(canonicalLongOption("recur", TABLE)).toBe("recursive");
    expect(canonicalLongOption("o", TABLE)).toBe("output");
    expect(canonicalLongOption("vers", TABLE)).toBe("version");
  });

  test("an ambiguous prefix, an unknown word or an empty one is the word itself", () => {
    expect(canonicalLongOption("re", TABLE)).toBe("re");
    expect(canonicalLongOption("ver", TABLE)).toBe("ver");
    expect(canonicalLongOption("nope", TABLE)).toBe("nope");
    expect(canonicalLongOption("", TABLE)).toBe("");
    expect(canonicalLongOption("zzz", TABLE)).toBe("zzz");
  });

  test("an option listed both with and without a value is ambiguous as a prefix", () => {
    expect(canonicalLongOption("verb", TABLE)).toBe("verb");
    expect(canonicalLongOption("verbose", TABLE)).toBe("verbose");
  });

  test("a table without long options reads every word as itself", () => {
    expect(canonicalLongOption("all", { short: "a" })).toBe("all");
  });

  test("asking the same table again gives the same answers", () => {
    const table: OptionTable = { longWithValue: ["date", "reference"] };
    for (let i = 0; i < 3; i++) {
      expect(canonicalLongOption("ref", table)).toBe("reference");
      expect(canonicalLongOption("d", table)).toBe("date");
    }
  });
});

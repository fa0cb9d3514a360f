import { describe, expect, test } from "vitest";
import { isParserReady } from "../src/index.js";
import { describeShellHelpers } from "./shell-helper-cases.js";

// This file never loads the WASM grammar: the helpers run on the conservative tokenizer.
describe("shell helpers before the parser is loaded", () => {
  test("the parser is not loaded", () => {
    expect(isParserReady()).toBe(false);
  });
  describeShellHelpers();
});

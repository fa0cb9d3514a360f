import { beforeAll, describe, expect, test } from "vitest";
import { initializeParser, isParserReady } from "../src/index.js";
import { describeShellHelpers } from "./shell-helper-cases.js";

describe("shell helpers over the bash grammar", () => {
  beforeAll(async () => {
    await initializeParser();
  });
  test("the grammar shipped in this package loads", () => {
    expect(isParserReady()).toBe(true);
  });
  describeShellHelpers();
});

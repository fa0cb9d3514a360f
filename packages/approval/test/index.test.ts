import { expect, test } from "vitest";
import { VERSION } from "../src/index.js";

test("exports its version", () => {
  expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
});

import { beforeAll, describe, expect, test } from "vitest";
import { initializeParser } from "../src/index.js";
import { disagreements } from "./bash-differential.js";

describe("differential test against bash", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  test("reads generated harmless lines as bash runs and re-prints them", () => {
    expect(disagreements(3000, 7)).toEqual([]);
  });
});

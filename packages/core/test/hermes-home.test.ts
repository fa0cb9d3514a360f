import path from "node:path";
import { describe, expect, test } from "vitest";
import { resolveHermesHome } from "../src/index.js";

describe("resolveHermesHome", () => {
  test("expands ~ from the given environment's HOME", () => {
    expect(resolveHermesHome({ env: { HERMES_HOME: "~/hh", HOME: "/home/u" } })).toBe("/home/u/hh");
  });
  test("defaults to ~/.hermes", () => {
    expect(resolveHermesHome({ env: { HOME: "/home/u" } })).toBe("/home/u/.hermes");
  });
  test("an explicit home wins and is made absolute", () => {
    expect(resolveHermesHome({ explicit: "rel", env: { HERMES_HOME: "/x" } })).toBe(
      path.resolve("rel"),
    );
  });
});

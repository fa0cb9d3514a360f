import { HermesError } from "@hermes-agent/core";
import { inspectErrorExports } from "@hermes-agent/test-utils";
import { expect, it } from "vitest";
import * as api from "../src/index.js";

it("brands every exported error class with the core HermesError brand", () => {
  const report = inspectErrorExports(api);
  expect(report.errorClasses).toEqual(["RegistryError"]);
  expect(report.unbranded).toEqual([]);
});

it("keeps the code, the tool name and the cause", () => {
  const cause = new Error("inner");
  const error = new api.RegistryError(api.RegistryErrorCode.InvalidTool, "bad tool", {
    toolName: "x",
    cause,
  });
  expect(HermesError.isInstance(error)).toBe(true);
  expect(api.RegistryError.isInstance(error)).toBe(true);
  expect(api.RegistryError.isInstance(new HermesError("OTHER_CODE", "no"))).toBe(false);
  expect(error).toMatchObject({ code: "REGISTRY_INVALID_TOOL", toolName: "x", cause });
  expect(error.details).toEqual({ toolName: "x" });
});

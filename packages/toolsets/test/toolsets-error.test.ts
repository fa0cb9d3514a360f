import { HermesError } from "@hermes-agent/core";
import { inspectErrorExports } from "@hermes-agent/test-utils";
import { expect, it } from "vitest";
import * as api from "../src/index.js";

it("brands every exported error class with the core HermesError brand", () => {
  const report = inspectErrorExports(api);
  expect(report.errorClasses).toEqual(["ToolsetsError"]);
  expect(report.unbranded).toEqual([]);
});

it("is a HermesError with a package-prefixed code", () => {
  const error = new api.ToolsetsError(api.ToolsetsErrorCode.InvalidToolsetName, "bad name");
  expect(HermesError.isInstance(error)).toBe(true);
  expect(error.code).toBe("TOOLSETS_INVALID_TOOLSET_NAME");
  expect(api.ToolsetsError.isInstance(new HermesError("REGISTRY_INVALID_TOOL", "x"))).toBe(false);
});

import { expect, test } from "vitest";
import { runtimeNodeModules } from "../src/npm-discovery.js";

test("the runtime's node_modules is the outermost one the loader is installed in", () => {
  expect(
    runtimeNodeModules(
      "file:///app/node_modules/.pnpm/@hermes-agent+plugin-loader@1.0.0/node_modules/@hermes-agent/plugin-loader/dist/npm-discovery.js",
    ),
  ).toBe("/app/node_modules");
  expect(
    runtimeNodeModules(
      "file:///usr/lib/node_modules/hermes-agent/node_modules/@hermes-agent/plugin-loader/dist/npm-discovery.js",
    ),
  ).toBe("/usr/lib/node_modules");
  expect(runtimeNodeModules("file:///work/repo/packages/plugin-loader/src/npm-discovery.ts")).toBe(
    undefined,
  );
});

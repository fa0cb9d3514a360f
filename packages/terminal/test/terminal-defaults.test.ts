import { expect, test } from "vitest";
import { resolveTerminalOptions, TERMINAL_DEFAULTS } from "../src/index.js";

test("TERMINAL_DEFAULTS reads, spreads, copies and serialises as the resolved defaults", () => {
  const resolved = resolveTerminalOptions();
  expect(Object.keys(TERMINAL_DEFAULTS).sort()).toEqual(Object.keys(resolved).sort());
  expect({ ...TERMINAL_DEFAULTS }).toEqual(resolved);
  expect(structuredClone(TERMINAL_DEFAULTS)).toEqual(resolved);
  expect(JSON.parse(JSON.stringify(TERMINAL_DEFAULTS))).toEqual(
    JSON.parse(JSON.stringify(resolved)),
  );
  expect(TERMINAL_DEFAULTS.backendOptions).toBe(TERMINAL_DEFAULTS.backendOptions);
});

test("TERMINAL_DEFAULTS cannot be changed", () => {
  expect(() => {
    (TERMINAL_DEFAULTS as { timeoutSeconds: number }).timeoutSeconds = 1;
  }).toThrow(TypeError);
  expect(TERMINAL_DEFAULTS.timeoutSeconds).toBe(180);
});

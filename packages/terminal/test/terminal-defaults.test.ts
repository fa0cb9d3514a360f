import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { expect, test } from "vitest";
import { registerTerminalTools, resolveTerminalOptions, TERMINAL_DEFAULTS } from "../src/index.js";

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

test("the terminal tool's timeout description follows terminal.timeout and max_foreground_timeout", () => {
  const describeTimeout = (config: Record<string, unknown>): string => {
    const registry = new ToolRegistry({ logger: silentLogger });
    const runtime = registerTerminalTools(registry, {
      settings: resolveTerminalOptions({ config: { terminal: config } }),
    });
    void runtime.shutdown();
    const terminal = registry.getDefinitions(["terminal"])[0];
    const properties = terminal?.function.parameters.properties as Record<
      string,
      { description?: string }
    >;
    return properties.timeout?.description ?? "";
  };
  expect(describeTimeout({})).toBe(
    "Seconds before a foreground command is killed (default 180, foreground max 600).",
  );
  expect(describeTimeout({ timeout: 60, max_foreground_timeout: 900 })).toBe(
    "Seconds before a foreground command is killed (default 60, foreground max 900).",
  );
});

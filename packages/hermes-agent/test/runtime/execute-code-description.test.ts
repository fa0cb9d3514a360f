import { beforeAll, describe, expect, test } from "vitest";
import { startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

/** Hermes' sandbox tools, in the order the description lists them. */
const SANDBOX_TOOLS = [
  "web_search",
  "web_extract",
  "read_file",
  "write_file",
  "search_files",
  "patch",
  "terminal",
];

let harness: RuntimeHarness;
beforeAll(async () => {
  harness = await startRuntime();
  return () => harness.dispose();
});

/** The execute_code function the model is shown for a selection. */
function executeCodeFor(enabled: string[], disabled?: string[]) {
  const definitions = harness.runtime.getToolDefinitions({
    enabled,
    ...(disabled === undefined ? {} : { disabled }),
  });
  const names = definitions.map((definition) => definition.function.name);
  const executeCode = definitions.find((definition) => definition.function.name === "execute_code");
  if (executeCode === undefined)
    throw new Error(`execute_code not offered for ${enabled.join(",")}`);
  return { names, schema: executeCode.function };
}

/** The tools the description lists as stub signatures (`  name(...) -> dict` lines). */
function listedTools(description: string): string[] {
  return [...description.matchAll(/^ {2}([a-z_]+)\(.*\) -> dict$/gm)].map(
    (match) => match[1] ?? "",
  );
}

describe("the execute_code description is built from the selection's tools", () => {
  test.each([
    { enabled: ["code_execution", "terminal"] },
    { enabled: ["code_execution", "file"] },
    { enabled: ["code_execution", "file", "terminal"] },
    { enabled: ["code_execution", "web", "terminal"] },
    { enabled: ["hermes-cli"] },
    { enabled: ["hermes-cli"], disabled: ["terminal"] },
    { enabled: ["hermes-cli"], disabled: ["file"] },
  ])("enabled $enabled, disabled $disabled", ({ enabled, disabled }) => {
    const { names, schema } = executeCodeFor(enabled, disabled);
    const available = SANDBOX_TOOLS.filter((tool) => names.includes(tool));
    expect(available.length).toBeGreaterThan(0);
    expect(listedTools(schema.description)).toEqual(available);
    // Nowhere in the schema (prose, import hints, parameter descriptions) is a sandbox tool
    // named that this selection does not offer.
    const text = JSON.stringify(schema);
    for (const tool of SANDBOX_TOOLS.filter((name) => !available.includes(name))) {
      expect(text, `${tool} is not in the selection`).not.toMatch(new RegExp(`\\b${tool}\\b`));
    }
  });

  test("the runtime's code_execution settings appear in the description", async () => {
    const custom = await startRuntime({
      config: {
        ...harness.runtime.config,
        code_execution: {
          ...harness.runtime.config.code_execution,
          timeout: 90,
          max_tool_calls: 7,
        },
      },
    });
    try {
      const executeCode = custom.runtime
        .getToolDefinitions({ enabled: ["code_execution", "terminal"] })
        .find((definition) => definition.function.name === "execute_code");
      expect(executeCode?.function.description).toContain(
        "Limits: 90-second timeout, max 7 tool calls per call.",
      );
    } finally {
      await custom.dispose();
    }
  });
});

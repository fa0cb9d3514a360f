import type { ToolSpec } from "../src/index.js";

const check = (): boolean => true;

/** An MCP-like tool: its own schema object of a few typed, described properties. */
export function benchToolSpec(index: number): ToolSpec {
  const name = `tool_${String(index).padStart(5, "0")}`;
  return {
    name,
    toolset: `mcp-server_${index % 20}`,
    schema: {
      description: `Tool number ${index}: looks something up.`,
      parameters: {
        type: "object",
        properties: {
          query: { type: "string", description: "What to look for." },
          limit: { type: "integer", minimum: 1, maximum: 100, description: "Most results." },
          verbose: { type: "boolean" },
        },
        required: ["query"],
      },
    },
    handler: () => "ok",
    checkFn: check,
  };
}

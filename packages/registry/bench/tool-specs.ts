import type { CheckFn, JsonSchema, ToolSpec } from "../src/index.js";

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

/**
 * The input schema of tool `index` of an MCP server, as `tools/list` delivers it: parsed from
 * JSON text, so every tool has its own objects; shapes vary from tool to tool as on a real
 * server (plain fields, enums, defaults, arrays of strings or of objects, nested objects).
 */
function mcpInputSchema(index: number): JsonSchema {
  const properties: Record<string, unknown> = {
    [`id_${index % 7}`]: { type: "string", description: `Identifier of the record (${index}).` },
  };
  const required = [`id_${index % 7}`];
  if (index % 2 === 0) {
    properties["page"] = { type: "integer", minimum: 1, default: 1, description: "Page number." };
    properties["per_page"] = { type: "integer", minimum: 1, maximum: 100, default: 30 };
  }
  if (index % 3 === 0) {
    properties["state"] = {
      type: "string",
      enum: ["open", "closed", "all"],
      description: "Filter by state.",
    };
  }
  if (index % 4 === 1) {
    properties["labels"] = { type: "array", items: { type: "string" }, description: "Labels." };
  }
  if (index % 5 === 2) {
    properties["files"] = {
      type: "array",
      items: {
        type: "object",
        properties: { path: { type: "string" }, content: { type: "string" } },
        required: ["path", "content"],
        additionalProperties: false,
      },
    };
    required.push("files");
  }
  if (index % 6 === 3) {
    properties["options"] = {
      type: "object",
      properties: { recursive: { type: "boolean" }, depth: { type: ["integer", "null"] } },
    };
  }
  const schema = {
    type: "object",
    properties,
    required,
    additionalProperties: false,
    $schema: "http://json-schema.org/draft-07/schema#",
  };
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}

/**
 * Tool `index` of MCP server `server` as the MCP client registers it (see `syncServerTools` in
 * `@hermes-agent/mcp`): `mcp_<server>_<tool>` in toolset `mcp-<server>`, a handler closure of
 * its own, the server's availability check, async, the plug emoji and the MCP result cap.
 */
export function mcpToolSpec(server: string, index: number, isAvailable: CheckFn): ToolSpec {
  const name = `mcp_${server}_tool_${index}`;
  const remote = `tool_${index}`;
  return {
    name,
    toolset: `mcp-${server}`,
    schema: {
      name,
      description: `Runs ${remote} on ${server}: reads or changes one record.`,
      parameters: mcpInputSchema(index),
    },
    handler: (args) => Promise.resolve(`${remote} ${String(Object.keys(args).length)}`),
    checkFn: isAvailable,
    isAsync: true,
    emoji: "🔌",
    maxResultSizeChars: 50_000,
  };
}

/** `servers` MCP servers of `perServer` tools each, every server with its own check. */
export function mcpServerSpecs(servers: number, perServer: number): ToolSpec[] {
  const specs: ToolSpec[] = [];
  for (let s = 0; s < servers; s++) {
    const server = `server${s}`;
    const isAvailable = (): boolean => true;
    for (let i = 0; i < perServer; i++) specs.push(mcpToolSpec(server, i, isAvailable));
  }
  return specs;
}

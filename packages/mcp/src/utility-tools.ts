import type { JsonSchema, ToolCallContext, ToolOutput } from "@hermes-agent/registry";
import { convertCallToolResult } from "./result-conversion.js";
import type { McpServerConnection } from "./server-connection.js";

/** A generated tool: its original-style name, description, schema and implementation. */
export interface UtilityTool {
  readonly name: "list_resources" | "read_resource" | "list_prompts" | "get_prompt";
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly run: (
    connection: McpServerConnection,
    args: Record<string, unknown>,
    ctx: ToolCallContext,
  ) => Promise<ToolOutput>;
}

const EMPTY: JsonSchema = { type: "object", properties: {} };

function options(ctx: ToolCallContext, connection: McpServerConnection) {
  return { signal: ctx.signal, timeout: connection.spec.timeoutMs };
}

const RESOURCE_TOOLS: readonly UtilityTool[] = [
  {
    name: "list_resources",
    description: "List the resources this MCP server offers (uri, name, description, mimeType).",
    parameters: EMPTY,
    run: async (connection, _args, ctx) => {
      const client = await connection.client(ctx.signal);
      const { resources } = await client.listResources({}, options(ctx, connection));
      return JSON.stringify({
        resources: resources.map((r) => ({
          uri: r.uri,
          name: r.name,
          ...(r.description === undefined ? {} : { description: r.description }),
          ...(r.mimeType === undefined ? {} : { mimeType: r.mimeType }),
        })),
      });
    },
  },
  {
    name: "read_resource",
    description: "Read one resource of this MCP server by its URI.",
    parameters: {
      type: "object",
      properties: {
        uri: { type: "string", description: "URI of the resource (from list_resources)" },
      },
      required: ["uri"],
    },
    run: async (connection, args, ctx) => {
      const client = await connection.client(ctx.signal);
      const { contents } = await client.readResource(
        { uri: String(args.uri) },
        options(ctx, connection),
      );
      return convertCallToolResult({
        content: contents.map((resource) => ({ type: "resource", resource })),
      });
    },
  },
];

const PROMPT_TOOLS: readonly UtilityTool[] = [
  {
    name: "list_prompts",
    description: "List the prompts this MCP server offers, with their arguments.",
    parameters: EMPTY,
    run: async (connection, _args, ctx) => {
      const client = await connection.client(ctx.signal);
      const { prompts } = await client.listPrompts({}, options(ctx, connection));
      return JSON.stringify({
        prompts: prompts.map((p) => ({
          name: p.name,
          ...(p.description === undefined ? {} : { description: p.description }),
          arguments: p.arguments ?? [],
        })),
      });
    },
  },
  {
    name: "get_prompt",
    description: "Get one prompt of this MCP server, filled in with its arguments.",
    parameters: {
      type: "object",
      properties: {
        name: { type: "string", description: "Name of the prompt (from list_prompts)" },
        arguments: {
          type: "object",
          description: "Values of the prompt's arguments",
          additionalProperties: { type: "string" },
        },
      },
      required: ["name"],
    },
    run: async (connection, args, ctx) => {
      const client = await connection.client(ctx.signal);
      const promptArgs = (args.arguments ?? {}) as Record<string, unknown>;
      const result = await client.getPrompt(
        {
          name: String(args.name),
          arguments: Object.fromEntries(Object.entries(promptArgs).map(([k, v]) => [k, String(v)])),
        },
        options(ctx, connection),
      );
      return JSON.stringify({
        ...(result.description === undefined ? {} : { description: result.description }),
        messages: result.messages.map((m) => ({
          role: m.role,
          content: m.content.type === "text" ? m.content.text : m.content,
        })),
      });
    },
  },
];

/** The utility tools a server gets: resource tools and prompt tools when advertised and enabled. */
export function utilityToolsFor(connection: McpServerConnection): UtilityTool[] {
  const { resources, prompts } = connection.capabilities;
  const selection = connection.spec.tools;
  return [
    ...(resources && selection.resources ? RESOURCE_TOOLS : []),
    ...(prompts && selection.prompts ? PROMPT_TOOLS : []),
  ];
}

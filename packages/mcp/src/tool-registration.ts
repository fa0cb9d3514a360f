import type { Logger } from "@hermes-agent/core";
import {
  toolError,
  type JsonSchema,
  type ToolCallContext,
  type ToolOutput,
  type ToolRegistry,
} from "@hermes-agent/registry";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { compileToolFilter } from "./config/tool-filter.js";
import { convertCallToolResult, redactServerText } from "./result-conversion.js";
import { normalizeDescription, normalizeInputSchema } from "./schema-normalization.js";
import type { McpServerConnection } from "./server-connection.js";
import { mcpToolName, mcpToolsetName } from "./tool-naming.js";
import { utilityToolsFor } from "./utility-tools.js";

/** Hermes' default result cap of MCP tools (`tool_budget.mcp_result_size_chars`). */
export const MCP_RESULT_SIZE_CHARS = 50_000;

/** One tool to register for a server. */
interface PlannedTool {
  readonly name: string;
  readonly original: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly handler: (args: Record<string, unknown>, ctx: ToolCallContext) => Promise<ToolOutput>;
}

function errorText(error: unknown): string {
  return redactServerText(error instanceof Error ? error.message : String(error));
}

function nativeTool(connection: McpServerConnection, tool: Tool): PlannedTool {
  const readOnly = tool.annotations?.readOnlyHint === true;
  return {
    name: mcpToolName(connection.name, tool.name),
    original: tool.name,
    description: normalizeDescription(tool.description, tool.name, connection.name),
    parameters: normalizeInputSchema(tool.inputSchema),
    handler: async (args, ctx) => {
      try {
        return convertCallToolResult(
          await connection.callTool(tool.name, args, { signal: ctx.signal, readOnly }),
        );
      } catch (error) {
        return toolError(errorText(error));
      }
    },
  };
}

/**
 * The tools a server should have now: its listed tools after `tools.include` / `tools.exclude`,
 * minus names that collide after normalisation (all of them are skipped), plus the utility tools
 * whose names no native tool took.
 */
function planServerTools(connection: McpServerConnection, logger: Logger): PlannedTool[] {
  const { include, exclude } = connection.spec.tools;
  const keep = compileToolFilter(include, exclude);
  const byName = new Map<string, PlannedTool[]>();
  const seen = new Set<string>();
  for (const tool of connection.tools) {
    if (!keep(tool.name) || seen.has(tool.name)) continue;
    seen.add(tool.name);
    const planned = nativeTool(connection, tool);
    byName.set(planned.name, [...(byName.get(planned.name) ?? []), planned]);
  }
  const plan: PlannedTool[] = [];
  for (const [name, tools] of byName) {
    if (tools.length === 1 && tools[0] !== undefined) plan.push(tools[0]);
    else {
      logger.error(
        `MCP server '${connection.name}': name normalization collision: tools ${tools.map((t) => `'${t.original}'`).join(", ")} all become '${name}'; none of them is registered`,
      );
    }
  }
  // `include: []` is "nothing from this server", utilities included.
  const utilities = include?.length === 0 ? [] : utilityToolsFor(connection);
  for (const utility of utilities) {
    const name = mcpToolName(connection.name, utility.name);
    if (byName.has(name)) {
      logger.info(
        `MCP server '${connection.name}': it has its own '${utility.name}'; keeping the native tool and dropping the utility`,
      );
      continue;
    }
    plan.push({
      name,
      original: utility.name,
      description: utility.description,
      parameters: utility.parameters,
      handler: async (args, ctx) => {
        try {
          return await utility.run(connection, args, ctx);
        } catch (error) {
          return toolError(errorText(error));
        }
      },
    });
  }
  return plan;
}

/**
 * Bring a server's registered tools in line with its current tool list: register new and
 * changed tools in toolset `mcp-<server>` (alias `<server>`), remove tools it no longer has.
 * A name another toolset owns is skipped: an MCP tool never shadows a built-in, and a second
 * server never takes over a first server's tool. Returns the names now registered.
 */
export function syncServerTools(
  registry: ToolRegistry,
  connection: McpServerConnection,
  previous: ReadonlySet<string>,
  logger: Logger,
): Set<string> {
  const toolset = mcpToolsetName(connection.name);
  const plan = planServerTools(connection, logger);
  const wanted = new Set(plan.map((tool) => tool.name));
  for (const name of previous) {
    if (!wanted.has(name) && registry.getToolsetForTool(name) === toolset)
      registry.deregister(name);
  }
  const registered = new Set<string>();
  for (const tool of plan) {
    const owner = registry.getToolsetForTool(tool.name);
    if (owner !== undefined && owner !== toolset) {
      logger.error(
        owner.startsWith("mcp-")
          ? `MCP server '${connection.name}': tool '${tool.name}' already belongs to '${owner}'; keeping the existing owner`
          : `MCP server '${connection.name}': tool '${tool.name}' would shadow the built-in tool of toolset '${owner}'; skipped`,
      );
      continue;
    }
    try {
      registry.register({
        name: tool.name,
        toolset,
        schema: { name: tool.name, description: tool.description, parameters: tool.parameters },
        handler: tool.handler,
        checkFn: connection.isAvailable,
        isAsync: true,
        emoji: "🔌",
        maxResultSizeChars: MCP_RESULT_SIZE_CHARS,
      });
      registered.add(tool.name);
    } catch (error) {
      logger.error(
        `MCP server '${connection.name}': tool '${tool.original}' was not registered: ${errorText(error)}`,
      );
    }
  }
  if (registered.size > 0) registry.registerToolsetAlias(connection.name, toolset);
  return registered;
}

/** Remove every tool a server registered (on close or when it is removed from config). */
export function removeServerTools(
  registry: ToolRegistry,
  server: string,
  names: Iterable<string>,
): void {
  const toolset = mcpToolsetName(server);
  for (const name of names) {
    if (registry.getToolsetForTool(name) === toolset) registry.deregister(name);
  }
}

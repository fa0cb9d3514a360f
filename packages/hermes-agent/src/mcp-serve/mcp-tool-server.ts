import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { ToolDefinition } from "@hermes-agent/registry";
import { AGENT_LOOP_TOOLS } from "../pipeline/dispatch-pipeline.js";
import { resultError } from "../pipeline/result-status.js";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { VERSION } from "../version.js";

/** Options of {@link createMcpToolServer}. */
export interface McpToolServerOptions {
  readonly runtime: HermesRuntime;
  /** Toolsets to expose (default the runtime's selection). */
  readonly toolsets?: readonly string[];
  /** Approval session and terminal task of every call made through this server. */
  readonly sessionKey: string;
}

function toMcpTool(definition: ToolDefinition, emoji: string): Tool {
  const parameters = definition.function.parameters as Record<string, unknown> | undefined;
  return {
    name: definition.function.name,
    description: definition.function.description,
    inputSchema: {
      ...parameters,
      type: "object",
    } as Tool["inputSchema"],
    annotations: { title: `${emoji} ${definition.function.name}` },
  };
}

/**
 * One MCP server session over the runtime's tools. `tools/list` shows the enabled toolsets'
 * tools (availability-checked; the agent-loop tools, which need the agent's own session, are
 * left out); `tools/call` goes through `handleFunctionCall` with origin `mcp`, so hooks and
 * approval apply; the client's cancellation aborts the call.
 */
export function createMcpToolServer(options: McpToolServerOptions): Server {
  const { runtime, sessionKey } = options;
  const server = new Server(
    { name: "hermes-agent", title: "Hermes tools", version: VERSION },
    {
      capabilities: { tools: { listChanged: true } },
      instructions:
        "Tools of the Hermes runtime. Dangerous terminal commands need your approval; clients without elicitation get them denied.",
    },
  );
  const definitions = (): ToolDefinition[] =>
    runtime
      .getToolDefinitions(options.toolsets === undefined ? {} : { enabled: options.toolsets })
      .filter((definition) => !AGENT_LOOP_TOOLS.has(definition.function.name));

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: definitions().map((definition) =>
      toMcpTool(definition, runtime.registry.getEmoji(definition.function.name)),
    ),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    if (!definitions().some((definition) => definition.function.name === name)) {
      return {
        content: [
          {
            type: "text",
            text: JSON.stringify({
              error: `Unknown tool '${name}'. tools/list shows the tools this server offers.`,
            }),
          },
        ],
        isError: true,
      } satisfies CallToolResult;
    }
    const text = await runtime.handleFunctionCall(name, request.params.arguments ?? {}, {
      origin: "mcp",
      sessionKey,
      taskId: sessionKey,
      signal: extra.signal,
      toolCallId: String(extra.requestId),
    });
    return {
      content: [{ type: "text", text }],
      isError: resultError(text) !== undefined,
    } satisfies CallToolResult;
  });

  const stop = runtime.events.on("mcp:status", (event) => {
    if (event.status === "tools_changed" || event.status === "connected") {
      server.sendToolListChanged().catch(() => undefined);
    }
  });
  const previousClose = server.onclose;
  server.onclose = () => {
    stop();
    previousClose?.();
  };
  return server;
}

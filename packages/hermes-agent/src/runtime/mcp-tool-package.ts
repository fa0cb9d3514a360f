import type { McpEvent } from "@hermes-agent/mcp";
import type { RuntimeEvents } from "./runtime-events.js";
import { defineToolPackage, type ToolPackage } from "./tool-package.js";

/** Forward the MCP manager's events to `runtime.events` (`mcp:status`, `mcp:progress`). */
function forwardMcpEvent(events: RuntimeEvents, event: McpEvent): void {
  if (event.type === "mcp.progress") {
    const { server, tool, progress, total, message } = event;
    events.emit("mcp:progress", { server, tool, progress, total, message });
  } else if (event.type === "mcp.tools") {
    events.emit("mcp:status", {
      server: event.server,
      status: "tools_changed",
      detail: `${event.tools.length} tool(s)`,
    });
  } else if (
    event.state === "connecting" ||
    event.state === "connected" ||
    event.state === "failed" ||
    event.state === "closed"
  ) {
    events.emit("mcp:status", {
      server: event.server,
      status: event.state,
      ...(event.error === undefined ? {} : { detail: event.error }),
    });
  }
}

/**
 * The servers of `mcp_servers`: started in the background when the runtime is created (tools
 * appear as each server becomes ready), stopped by `runtime.close()` with no child left.
 */
export const MCP_TOOL_PACKAGE: ToolPackage = defineToolPackage({
  name: "@hermes-agent/mcp",
  // Without servers there is nothing to register, and the MCP SDK is not worth loading.
  wanted: (config) => Object.keys(config.mcp_servers).length > 0,
  load: () => import("@hermes-agent/mcp"),
  register: (mcp, ctx) => {
    const manager = mcp.registerMcpTools(ctx.registry, {
      servers: ctx.config.mcp_servers,
      hermesHome: ctx.hermesHome,
      env: ctx.env,
      logger: ctx.logger,
      onEvent: (event) => forwardMcpEvent(ctx.events, event),
    });
    return {
      close: () => manager.close(),
      killSync: () => manager.killSync(),
      servers: {
        status: () => manager.status(),
        settle: async (timeoutMs) => {
          await manager.discoverMcpTools({ waitMs: timeoutMs });
          return manager.status();
        },
      },
    };
  },
});

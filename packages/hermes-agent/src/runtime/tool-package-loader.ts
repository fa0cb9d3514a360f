import type { McpServerStatus } from "@hermes-agent/mcp";
import {
  isMissingPackage,
  type ToolPackage,
  type ToolPackageContext,
  type ToolPackageHandle,
} from "./tool-package.js";

/**
 * Load and register tool packages in order, pushing each handle onto `handles` as it comes (so
 * a failure part-way still lets the caller close what was started). A package this config does
 * not want is not imported; one that is not installed is skipped.
 */
export async function registerToolPackages(
  packages: readonly ToolPackage[],
  context: ToolPackageContext,
  handles: ToolPackageHandle[],
  signal: AbortSignal | undefined,
): Promise<void> {
  for (const toolPackage of packages) {
    if (toolPackage.wanted?.(context.config) === false) continue;
    let module: unknown;
    try {
      module = await toolPackage.load();
    } catch (error) {
      if (isMissingPackage(error, toolPackage.name)) {
        context.logger.debug(`${toolPackage.name} is not installed; its tools are absent`);
        continue;
      }
      throw error;
    }
    const handle = await toolPackage.register(module, context);
    if (handle !== undefined) handles.push(handle);
    signal?.throwIfAborted();
  }
}

/** How long `waitForMcpServers` waits by default: Hermes' connect timeout. */
const DEFAULT_MCP_WAIT_MS = 60_000;

/** The runtime's view of the servers its packages run in the background (MCP). */
export function backgroundServersOf(handles: readonly ToolPackageHandle[]): {
  mcpServers(): McpServerStatus[];
  waitForMcpServers(options?: { readonly timeoutMs?: number }): Promise<McpServerStatus[]>;
} {
  return {
    mcpServers: () => handles.flatMap((handle) => handle.servers?.status() ?? []),
    async waitForMcpServers(options = {}) {
      const timeoutMs = options.timeoutMs ?? DEFAULT_MCP_WAIT_MS;
      const waits: Promise<McpServerStatus[]>[] = [];
      for (const handle of handles)
        if (handle.servers) waits.push(handle.servers.settle(timeoutMs));
      return (await Promise.all(waits)).flat();
    },
  };
}

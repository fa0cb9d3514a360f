import type { ToolRegistry } from "@hermes-agent/registry";
import { createMcpManager, type McpManager, type McpManagerOptions } from "./mcp-manager.js";

/**
 * The tool-package convention: create the manager of the `mcp_servers` section for `registry`
 * and start connecting in the background. Tools appear in the registry as servers become ready;
 * the caller keeps the manager to wait (`discoverMcpTools`), report (`status`) and `close()`.
 */
export function registerMcpTools(
  registry: ToolRegistry,
  deps: Omit<McpManagerOptions, "registry">,
): McpManager {
  const manager = createMcpManager({ ...deps, registry });
  manager.start();
  return manager;
}

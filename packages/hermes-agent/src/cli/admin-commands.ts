import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { CliExit, out, type CliIo } from "./cli-io.js";

/** `approvals list [--json]`: the permanent allowlist (`command_allowlist` in config.yaml). */
export async function listApprovalsCommand(
  io: CliIo,
  runtime: HermesRuntime,
  json: boolean,
): Promise<void> {
  const entries = await runtime.approval.listApprovals();
  if (json) {
    out(io, JSON.stringify(entries, null, 2));
    return;
  }
  if (entries.length === 0) out(io, "No permanent approvals (command_allowlist is empty).");
  for (const entry of entries) out(io, `${entry.scope.padEnd(10)} ${entry.patternKey}`);
}

/** `approvals revoke <key>`: remove a permanent approval from config.yaml (comments kept). */
export async function revokeApprovalCommand(
  io: CliIo,
  runtime: HermesRuntime,
  key: string,
): Promise<void> {
  const removed = await runtime.approval.revokeApproval({ patternKey: key, scope: "permanent" });
  if (removed === 0)
    throw new CliExit(`No permanent approval '${key}'. 'hermes-agent approvals list' shows them.`);
  out(io, `✓ revoked '${key}'`);
}

/** `mcp list [--json]`: the configured MCP servers and the tools each has registered so far. */
export function listMcpCommand(io: CliIo, runtime: HermesRuntime, json: boolean): void {
  const rows = Object.keys(runtime.config.mcp_servers).map((server) => ({
    server,
    toolset: `mcp-${server}`,
    tools: runtime.registry.getToolNamesForToolset(`mcp-${server}`),
  }));
  if (json) {
    out(io, JSON.stringify(rows, null, 2));
    return;
  }
  if (rows.length === 0) out(io, "No MCP servers in config.yaml (mcp_servers).");
  for (const row of rows)
    out(io, `${row.server.padEnd(20)} ${row.tools.length} tool(s) ${row.tools.join(", ")}`);
}

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

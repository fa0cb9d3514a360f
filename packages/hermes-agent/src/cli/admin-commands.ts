import { DETECTION_RULES, HERMES_KEY_ALIASES } from "@hermes-agent/approval";
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

/**
 * The keys `approvals revoke <key>` removes: the key as written, and the rule keys it names when
 * it is a Hermes key (`recursive delete`) or one of our rules' descriptions. Each rule key also
 * takes its scoped entries ("always" stores `rm-outside-worktree@temp`).
 */
function revocationKeys(key: string): string[] {
  const keys = new Set([key, ...(HERMES_KEY_ALIASES[key] ?? [])]);
  const wanted = key.trim().toLowerCase();
  for (const rule of DETECTION_RULES)
    if (rule.description.toLowerCase() === wanted) keys.add(rule.key);
  return [...keys];
}

/** `approvals revoke <key>`: remove a permanent approval from config.yaml (comments kept). */
export async function revokeApprovalCommand(
  io: CliIo,
  runtime: HermesRuntime,
  key: string,
): Promise<void> {
  // Read config.yaml's allowlist first, so scoped entries (`key@temp`) are known by their key.
  await runtime.approval.listApprovals();
  let removed = 0;
  for (const patternKey of revocationKeys(key))
    removed += await runtime.approval.revokeApproval({ patternKey, scope: "permanent" });
  if (removed === 0)
    throw new CliExit(`No permanent approval '${key}'. 'hermes-agent approvals list' shows them.`);
  out(io, `✓ revoked '${key}' (${removed} entr${removed === 1 ? "y" : "ies"})`);
}

// config.yaml is re-read while the process runs, and a command the agent runs can write it.
// So a reload may make approvals stricter at once, but never looser: `approvals.mode: off`,
// an opted-in unattended mode, a removed deny glob, a new allowlist entry, another reviewer
// endpoint or policy only apply at the next start (the user restarting is the consent).
import type { ApprovalSettings } from "./approval-settings.js";

const MODE_STRICTNESS: Readonly<Record<ApprovalSettings["mode"], number>> = {
  off: 0,
  smart: 1,
  manual: 2,
};

/** The stricter of two opt-in modes (`deny` over `approve`). */
function stricterOptIn(a: "deny" | "approve", b: "deny" | "approve"): "deny" | "approve" {
  return a === "deny" || b === "deny" ? "deny" : "approve";
}

/** A breaker that trips sooner is stricter; ≤ 0 (off) is the loosest. */
function stricterBreaker(held: number, read: number): number {
  if (read <= 0) return held;
  return held <= 0 ? read : Math.min(held, read);
}

/** What a reload asked for that was not applied, for the warning. */
export interface IgnoredLoosening {
  readonly setting: string;
  readonly held: string;
  readonly read: string;
}

/**
 * The settings in force after a reload: every field the stricter of what is held and what was
 * read. `ownEntries` are allowlist entries this process wrote itself (a human's "always"), which
 * a reload keeps. Returns what was ignored as well.
 */
export function tightenOnly(
  held: ApprovalSettings,
  read: ApprovalSettings,
  ownEntries: ReadonlySet<string>,
): { readonly settings: ApprovalSettings; readonly ignored: readonly IgnoredLoosening[] } {
  const ignored: IgnoredLoosening[] = [];
  const note = (setting: string, heldValue: unknown, readValue: unknown): void => {
    ignored.push({ setting, held: JSON.stringify(heldValue), read: JSON.stringify(readValue) });
  };
  const mode = MODE_STRICTNESS[read.mode] >= MODE_STRICTNESS[held.mode] ? read.mode : held.mode;
  if (mode !== read.mode) note("approvals.mode", held.mode, read.mode);
  const optIn = (
    setting: string,
    key: "cronMode" | "singleQueryMode" | "unattendedMode",
  ): "deny" | "approve" => {
    const value = stricterOptIn(held[key], read[key]);
    if (value !== read[key]) note(setting, held[key], read[key]);
    return value;
  };
  const deny = [...new Set([...held.deny, ...read.deny])];
  if (deny.length > read.deny.length)
    note(
      "approvals.deny",
      held.deny.filter((glob) => !read.deny.includes(glob)),
      "(removed)",
    );
  const heldEntries = new Set(held.commandAllowlist);
  const commandAllowlist = read.commandAllowlist.filter(
    (entry) => heldEntries.has(entry) || ownEntries.has(entry),
  );
  const added = read.commandAllowlist.filter((entry) => !commandAllowlist.includes(entry));
  if (added.length > 0) note("command_allowlist", "(unchanged)", added);
  if (read.smartPolicy !== held.smartPolicy)
    note("approvals.smart_policy", held.smartPolicy, read.smartPolicy);
  if (JSON.stringify(read.reviewer) !== JSON.stringify(held.reviewer))
    note("auxiliary.approval", "(the reviewer at start)", "(another reviewer)");
  const breakerThreshold = stricterBreaker(held.breakerThreshold, read.breakerThreshold);
  if (breakerThreshold !== read.breakerThreshold)
    note("approvals.denial_breaker_threshold", held.breakerThreshold, read.breakerThreshold);
  return {
    settings: {
      ...read,
      mode,
      cronMode: optIn("approvals.cron_mode", "cronMode"),
      singleQueryMode: optIn("approvals.single_query_mode", "singleQueryMode"),
      unattendedMode: optIn("approvals.unattended_mode", "unattendedMode"),
      deny,
      commandAllowlist,
      smartPolicy: held.smartPolicy,
      reviewer: held.reviewer,
      breakerThreshold,
    },
    ignored,
  };
}

import { readFileSync } from "node:fs";
import path from "node:path";
import type { EnvironmentVariables } from "@hermes-agent/core";
import { z } from "zod";
import { envFlag } from "../env-flags.js";
import type { ShellHookSpec } from "./shell-hook-config.js";

/** File (in the Hermes home) listing the shell hooks the user approved, as Hermes writes it. */
export const SHELL_HOOK_ALLOWLIST_FILE = "shell-hooks-allowlist.json";
/** Set to accept every configured shell hook without an allowlist entry. */
export const ACCEPT_HOOKS_ENV = "HERMES_ACCEPT_HOOKS";

/** The allowlist file's schema; built at the first read, not when the package loads. */
function buildAllowlistSchema() {
  return z.looseObject({
    approvals: z.array(z.looseObject({ event: z.unknown(), command: z.unknown() })).catch([]),
  });
}

let allowlistSchema: ReturnType<typeof buildAllowlistSchema> | undefined;

/** What decides whether a configured shell hook may run. */
export interface ShellHookConsent {
  readonly hermesHome: string;
  readonly env: EnvironmentVariables;
  /** config.yaml's `hooks_auto_accept`. */
  readonly autoAccept: unknown;
  /** The caller accepts every hook (a CLI `--accept-hooks`). */
  readonly acceptAll: boolean;
}

/**
 * The (event, command) pairs a user approved, read from `<home>/shell-hooks-allowlist.json`.
 * A missing or unreadable file approves nothing.
 */
export function readShellHookAllowlist(hermesHome: string): Set<string> {
  const approved = new Set<string>();
  let raw: unknown;
  try {
    raw = JSON.parse(
      readFileSync(path.join(hermesHome, SHELL_HOOK_ALLOWLIST_FILE), "utf8").replace(/^\uFEFF/, ""),
    );
  } catch {
    return approved;
  }
  const parsed = (allowlistSchema ??= buildAllowlistSchema()).safeParse(raw);
  if (!parsed.success) return approved;
  for (const entry of parsed.data.approvals) {
    if (typeof entry.event === "string" && typeof entry.command === "string")
      approved.add(pairKey(entry.event, entry.command));
  }
  return approved;
}

/**
 * A shell hook runs commands with the user's rights, so, as in Hermes, it needs consent: an
 * entry in the allowlist file, `hooks_auto_accept: true`, HERMES_ACCEPT_HOOKS, or the caller's
 * `acceptAll`.
 */
export function shellHookAccepted(
  spec: ShellHookSpec,
  consent: ShellHookConsent,
  allowlist: ReadonlySet<string>,
): boolean {
  if (consent.acceptAll || envFlag(consent.env, ACCEPT_HOOKS_ENV)) return true;
  const auto = consent.autoAccept;
  if (auto === true) return true;
  if (typeof auto === "string" && ["1", "true", "yes", "on"].includes(auto.trim().toLowerCase()))
    return true;
  return allowlist.has(pairKey(spec.event, spec.command));
}

function pairKey(event: string, command: string): string {
  return `${event}\u0000${command}`;
}

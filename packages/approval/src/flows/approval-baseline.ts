// The approval settings the runtime last started with, kept in HERMES_HOME, so that a change to
// config.yaml that loosens approval is applied only when the user accepted it. A command the
// agent runs can write config.yaml in ways detection cannot see (through a hard link, by a
// program reading its target at run time); a live reload already ignores such a loosening
// (settings-ratchet.ts), and this carries the same rule across restarts: a loosening since the
// last start is held back until the user accepts it (`HERMES_ACCEPT_APPROVAL_CHANGES=1` for one
// start, or the manager's `acceptApprovalChanges` option, which the CLI sets after asking).
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { HermesConfig } from "@hermes-agent/config";
import { ApprovalError, ApprovalErrorCode } from "./approval-error.js";
import { approvalSettingsOf, type ApprovalSettings } from "./approval-settings.js";
import { tightenOnly, type IgnoredLoosening } from "./settings-ratchet.js";

/** The file under HERMES_HOME that holds the baseline. */
export const APPROVAL_BASELINE_FILE = "approvals-baseline.json";

const VERSION = 1;

/** What is kept: the settings that can loosen approval, the reviewer only as a digest. */
interface StoredBaseline {
  readonly version: number;
  readonly mode: ApprovalSettings["mode"];
  readonly cronMode: ApprovalSettings["cronMode"];
  readonly singleQueryMode: ApprovalSettings["singleQueryMode"];
  readonly unattendedMode: ApprovalSettings["unattendedMode"];
  readonly deny: readonly string[];
  readonly commandAllowlist: readonly string[];
  readonly smartPolicy: string | null;
  readonly breakerThreshold: number;
  /** sha256 of the reviewer endpoint settings (they hold an API key, never stored). */
  readonly reviewer: string;
}

/** The outcome of comparing config.yaml at start with the baseline. */
export interface StartSettings {
  /** What is in force at start. */
  readonly settings: ApprovalSettings;
  /** Loosenings held back (empty when none, or when they were accepted). */
  readonly heldBack: readonly IgnoredLoosening[];
  /** Why they were held back, for the warning (a hard-linked config.yaml is named). */
  readonly tampered: boolean;
}

function reviewerDigest(settings: ApprovalSettings): string {
  return createHash("sha256").update(JSON.stringify(settings.reviewer)).digest("hex");
}

function stored(settings: ApprovalSettings): StoredBaseline {
  return {
    version: VERSION,
    mode: settings.mode,
    cronMode: settings.cronMode,
    singleQueryMode: settings.singleQueryMode,
    unattendedMode: settings.unattendedMode,
    deny: [...settings.deny],
    commandAllowlist: [...settings.commandAllowlist],
    smartPolicy: settings.smartPolicy ?? null,
    breakerThreshold: settings.breakerThreshold,
    reviewer: reviewerDigest(settings),
  };
}

const MODES = new Set(["manual", "smart", "off"]);
const OPT_INS = new Set(["deny", "approve"]);

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/** The baseline read strictly: anything malformed is treated as the strictest baseline. */
function parseBaseline(text: string): StoredBaseline | "malformed" {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return "malformed";
  }
  if (typeof data !== "object" || data === null) return "malformed";
  const b = data as Record<string, unknown>;
  const ok =
    b.version === VERSION &&
    MODES.has(b.mode as string) &&
    OPT_INS.has(b.cronMode as string) &&
    OPT_INS.has(b.singleQueryMode as string) &&
    OPT_INS.has(b.unattendedMode as string) &&
    isStringList(b.deny) &&
    isStringList(b.commandAllowlist) &&
    (b.smartPolicy === null || typeof b.smartPolicy === "string") &&
    typeof b.breakerThreshold === "number" &&
    typeof b.reviewer === "string";
  return ok ? (data as StoredBaseline) : "malformed";
}

/** The strictest settings: what a malformed or deleted baseline of a used home stands for. */
function strictest(read: ApprovalSettings): StoredBaseline {
  return {
    ...stored(read),
    mode: "manual",
    cronMode: "deny",
    singleQueryMode: "deny",
    unattendedMode: "deny",
    commandAllowlist: [],
    smartPolicy: read.smartPolicy ?? null,
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/** More than one name for config.yaml: something can write it under a name detection never saw. */
async function configIsHardLinked(home: string): Promise<boolean> {
  for (const name of ["config.yaml", "config.yml"]) {
    try {
      const info = await stat(path.join(home, name));
      if (info.nlink > 1) return true;
    } catch {
      // Absent: nothing to compare.
    }
  }
  return false;
}

/** The baseline to compare with, or undefined on a first start in an unused home. */
async function referenceOf(
  home: string,
  read: ApprovalSettings,
): Promise<StoredBaseline | undefined> {
  let text: string | undefined;
  try {
    text = await readFile(path.join(home, APPROVAL_BASELINE_FILE), "utf8");
  } catch {
    text = undefined;
  }
  if (text !== undefined) {
    const parsed = parseBaseline(text);
    return parsed === "malformed" ? strictest(read) : parsed;
  }
  // No baseline: a first start is trusted, but a home that was used before (it has an approval
  // log) lost its baseline, so the strictest one stands in.
  return (await exists(path.join(home, "logs", "approvals.jsonl"))) ? strictest(read) : undefined;
}

/**
 * The settings in force at start: config.yaml's, except that what loosens approval since the
 * baseline is held back unless `accept` is set (and config.yaml has one name only).
 */
export async function startSettings(
  home: string,
  read: ApprovalSettings,
  accept: boolean,
): Promise<StartSettings> {
  const reference = await referenceOf(home, read);
  const tampered = await configIsHardLinked(home);
  if (reference === undefined || (accept && !tampered))
    return { settings: read, heldBack: [], tampered };
  const held: ApprovalSettings = {
    ...read,
    mode: reference.mode,
    cronMode: reference.cronMode,
    singleQueryMode: reference.singleQueryMode,
    unattendedMode: reference.unattendedMode,
    deny: reference.deny,
    commandAllowlist: reference.commandAllowlist,
    smartPolicy: reference.smartPolicy ?? undefined,
    breakerThreshold: reference.breakerThreshold,
  };
  // The reviewer endpoint is known only by its digest: one that changed is not trusted with
  // decisions until accepted, so `smart` falls back to `manual`.
  const { settings, ignored } = tightenOnly(held, read, new Set());
  const heldBack = [...ignored];
  let result = settings;
  if (reviewerDigest(read) !== reference.reviewer) {
    heldBack.push({
      setting: "auxiliary.approval",
      held: "(the reviewer at the last start)",
      read: "(another reviewer)",
    });
    if (result.mode === "smart") result = { ...result, mode: "manual" };
  }
  return { settings: result, heldBack, tampered };
}

/** Record `settings` as the baseline (written atomically, owner-only). */
export async function saveBaseline(home: string, settings: ApprovalSettings): Promise<void> {
  const { writeFileAtomic } = await import("@hermes-agent/config");
  const file = path.join(home, APPROVAL_BASELINE_FILE);
  await writeFileAtomic(file, `${JSON.stringify(stored(settings), null, 1)}\n`);
}

/** The warning for loosenings held back at start: what, and how the user accepts them. */
export function loosenedMessage(heldBack: readonly IgnoredLoosening[], tampered: boolean): string {
  const changes = heldBack.map((item) => `${item.setting} ${item.read} (was ${item.held})`);
  const why = tampered
    ? "config.yaml has more than one name (a hard link), so a program could have written it under " +
      "another name; remove the other link, then accept the change"
    : "a change that loosens approval since the last start applies once the user accepts it";
  return (
    `config.yaml loosens approval since the last start: ${changes.join("; ")}. Not applied: ${why} ` +
    "(run `hermes-agent approvals accept` in a terminal, or start once with " +
    "HERMES_ACCEPT_APPROVAL_CHANGES=1)."
  );
}

/**
 * What config.yaml (`config`, as loaded from `home`) loosens since the last start, for a prompt
 * that asks the user to accept it; `tampered` when config.yaml has more than one name.
 */
export async function pendingApprovalChanges(
  home: string,
  config: HermesConfig,
): Promise<{ readonly changes: readonly IgnoredLoosening[]; readonly tampered: boolean }> {
  const start = await startSettings(home, approvalSettingsOf(config), false);
  return { changes: start.heldBack, tampered: start.tampered };
}

/**
 * Accept config.yaml's approval settings as they are: the next start applies them. Call only
 * after the user confirmed; refused while config.yaml has more than one name.
 */
export async function acceptApprovalChanges(home: string, config: HermesConfig): Promise<void> {
  if (await configIsHardLinked(home))
    throw new ApprovalError(
      ApprovalErrorCode.ConfigTampered,
      "config.yaml has more than one name (a hard link): remove the other link first",
    );
  await saveBaseline(home, approvalSettingsOf(config));
}

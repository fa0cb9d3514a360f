import type { CommandContext } from "../detection/index.js";

/** What a human (or a gateway user) can answer to an approval request. */
export const ApprovalChoice = {
  /** Run this command this one time; nothing is remembered. */
  Once: "once",
  /** Approve this kind of command (its pattern key) for the rest of the session. */
  Session: "session",
  /** Approve it for the session and permanently (saved to `command_allowlist`). */
  Always: "always",
  /** Do not run it. */
  Deny: "deny",
} as const;

/** One of the {@link ApprovalChoice} values. */
export type ApprovalChoice = (typeof ApprovalChoice)[keyof typeof ApprovalChoice];

/** Why a check ended the way it did. Denials always carry one; approvals by a rule too. */
export const ApprovalOutcome = {
  Approved: "approved",
  /** A human said no. */
  Denied: "denied",
  /** Nobody answered within `approvals.timeout`. */
  Timeout: "timeout",
  /** The gateway notify callback failed, so nobody could be asked. */
  NotifyFailed: "notify_failed",
  /** The caller's AbortSignal fired, or the gateway went away while waiting. */
  Cancelled: "cancelled",
  /** The command is on the unconditional blocklist. */
  Hardline: "hardline",
  /** The command matches a user deny glob (`approvals.deny`). */
  UserDeny: "user_deny",
  /** The smart reviewer denied it and no human overrode the denial. */
  SmartDenied: "smart_denied",
  /** A context without a human (cron, single query, batch, unattended platform) refused it. */
  Unattended: "unattended",
  /** A gateway session without a live notifier: the request waits for `/approve`. */
  Pending: "pending",
} as const;

/** One of the {@link ApprovalOutcome} values. */
export type ApprovalOutcome = (typeof ApprovalOutcome)[keyof typeof ApprovalOutcome];

/** Who or what made a decision, as written to the audit log. */
export type ApprovalDecider =
  | "hardline"
  | "deny_rule"
  | "container"
  | "mode_off"
  | "yolo"
  | "allowlist"
  | "session"
  | "user"
  | "smart"
  | "policy"
  | "timeout"
  | "system";

/**
 * Where a command runs from, i.e. whether a human can be asked:
 * - `interactive`: a person at a terminal answers the CLI prompt;
 * - `gateway`: a messaging gateway delivers requests through a registered notify callback;
 * - `cron`, `single_query`, `batch`, `unattended` (webhook, api_server, ...): nobody to ask.
 */
export type ApprovalContext =
  "interactive" | "gateway" | "cron" | "single_query" | "batch" | "unattended";

/** Terminal backends whose commands run in a disposable sandbox (approval tier skipped). */
export const CONTAINER_ENV_TYPES: readonly string[] = ["docker", "singularity", "modal", "daytona"];

/** True when the check runs on a sandbox backend without host mounts (approval tier skipped). */
export function isSandboxed(
  options: Pick<CheckCommandOptions, "envType" | "hasHostAccess">,
): boolean {
  return (
    CONTAINER_ENV_TYPES.includes(options.envType.trim().toLowerCase()) &&
    options.hasHostAccess !== true
  );
}

/**
 * Where and in what shell state a command runs, as the terminal knows it. Relative paths and
 * `~` are resolved against it, and a command word an alias or function of the session
 * redefines is read as what it runs. Without it, paths are resolved against the process cwd
 * and the process's home, and no alias or function is assumed.
 */
export interface ApprovalCommandContext extends CommandContext {
  /** The workspace root: writes inside it are the least severe target class (default `cwd`). */
  readonly workspace?: string;
  /**
   * The session's exported variables, name to value (PATH among them), when the terminal
   * knows them; a variable absent from a given record is unset.
   */
  readonly environment?: Readonly<Record<string, string>>;
  /**
   * Set when the session's state could not be read: the command is then held as unanalysable
   * (asked about once, never covered by YOLO, `mode: off` or remembered approvals).
   */
  readonly stateError?: string;
}

/** Options of one approval check. */
export interface CheckCommandOptions {
  /** Terminal backend (`local`, `ssh`, `docker`, `singularity`, `modal`, `daytona`, ...). */
  readonly envType: string;
  /** Session whose approvals apply; default `"default"`. */
  readonly sessionKey?: string;
  /** Abort the wait for a human or a reviewer; an aborted check is a denial. */
  readonly signal?: AbortSignal;
  /** Who can be asked; by default a gateway if one is registered for the session, else the CLI if the manager is interactive, else nobody. */
  readonly context?: ApprovalContext;
  /** Platform name used in messages for the `unattended` context (e.g. `webhook`, `api_server`). */
  readonly platform?: string;
  /** A docker backend that mounts host paths is not a sandbox: its commands are not exempt. */
  readonly hasHostAccess?: boolean;
  /** The command's directory, home and the session's aliases and functions. */
  readonly commandContext?: ApprovalCommandContext;
}

/** Result of {@link ApprovalManager.checkDangerousCommand}. `message` is what the model is told. */
export interface ApprovalResult {
  readonly approved: boolean;
  /** Null when approved silently; otherwise the text for the model. */
  readonly message: string | null;
  readonly patternKey?: string;
  readonly description?: string;
  readonly outcome?: ApprovalOutcome;
  /** Set when the hard-line floor blocked the command. */
  readonly hardline?: true;
  /** Set when a user deny glob blocked the command. */
  readonly userDeny?: true;
  /** The deny glob that matched. */
  readonly denyRule?: string;
  /** True when a human approved it. */
  readonly userApproved?: true;
  /** Always false on denials: the user did not consent. */
  readonly userConsent?: false;
  /** True when the smart reviewer approved it. */
  readonly smartApproved?: true;
  /**
   * Why the smart reviewer decided as it did: what it answered, or why it escalated (no model
   * configured, the endpoint failed, an unclear reply, a command it cannot review).
   */
  readonly reviewReason?: string;
  /** The human's answer, when one was given. */
  readonly choice?: ApprovalChoice;
  /** `pending_approval` when a gateway request is queued and the command must not be re-run yet. */
  readonly status?: "pending_approval";
  /** Id of the queued gateway request. */
  readonly requestId?: string;
  /** Who decided. */
  readonly decider?: ApprovalDecider;
}

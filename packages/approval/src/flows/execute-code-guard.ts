import { auditSafely, humanTimeoutMs, type ApprovalCore } from "./approval-core.js";
import { resolveContext } from "./approval-gate.js";
import { answerOf } from "./human-reply.js";
import type { ApprovalSettings } from "./approval-settings.js";
import { unattendedVerdict } from "./context-policy.js";
import {
  cancelledMessage,
  executeCodeUnattendedMessage,
  notifyFailedMessage,
  timeoutMessage,
  userDeniedMessage,
} from "./messages.js";
import { redactForReview } from "./review-redaction.js";
import {
  isSandboxed,
  type ApprovalDecider,
  type ApprovalOutcome,
  type ApprovalResult,
  type CheckCommandOptions,
} from "./types.js";

/** Options of the execute_code guard: those of a command check, and the script's language. */
export interface ExecuteCodeGuardOptions extends CheckCommandOptions {
  /** The script's language (default `python`): its code is judged as that interpreter's. */
  readonly language?: "python" | "javascript";
}

const PATTERN_KEY = "execute_code";
const DESCRIPTION = "execute_code runs a local script that can call any tool and start processes";

/** What the manager hands the guard. */
export interface ExecuteCodeGuardDeps {
  readonly loadSettings: () => Promise<ApprovalSettings>;
  readonly defaultSession: string;
  /** The manager's full command check (hard-line floor, deny globs, session approvals, prompt). */
  readonly checkCommand: (command: string, options: CheckCommandOptions) => Promise<ApprovalResult>;
}

function singleQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The script as the one-liner that would run it (`python3 -c '<code>'`, `node -e '<code>'`):
 * judged that way, a script gets exactly the interpreter capability analysis (process spawn,
 * deletes, overwrites, fetch-and-run) a terminal one-liner gets, with the same rule keys, so
 * an approval given for one covers the other the same way.
 */
export function scriptAsCommand(
  code: string,
  language: "python" | "javascript" = "python",
): string {
  return language === "javascript"
    ? `node -e ${singleQuoted(code)}`
    : `python3 -c ${singleQuoted(code)}`;
}

/**
 * Guard for execute_code scripts. Sandboxed backends pass; contexts with no human deny unless
 * config opts them in; a gateway is asked about the whole script. In the CLI the script's code
 * is judged as the interpreter one-liner that would run it ({@link scriptAsCommand}) and goes
 * through the same checks as a terminal command: the hard-line floor (which `mode: off` and
 * YOLO never lift), deny globs, session approvals by rule and target, and the prompt.
 */
export async function runExecuteCodeGuard(
  core: ApprovalCore,
  deps: ExecuteCodeGuardDeps,
  code: string,
  options: ExecuteCodeGuardOptions,
): Promise<ApprovalResult> {
  const sessionKey = options.sessionKey ?? deps.defaultSession;
  const display = `execute_code <<'PY'\n${code}\nPY`;
  const done = async (
    result: ApprovalResult,
    decider: ApprovalDecider,
    outcome: ApprovalOutcome,
    choice?: string,
  ): Promise<ApprovalResult> => {
    await auditSafely(core, {
      session: sessionKey,
      patternKey: PATTERN_KEY,
      command: display,
      decision: outcome === "pending" ? "pending" : result.approved ? "approved" : "denied",
      outcome,
      decider,
      envType: options.envType,
      ...(choice === undefined ? {} : { choice }),
    });
    return { ...result, patternKey: PATTERN_KEY, description: DESCRIPTION, outcome, decider };
  };

  if (isSandboxed(options)) {
    return { approved: true, message: null, decider: "container" };
  }
  let settings: ApprovalSettings;
  try {
    settings = await deps.loadSettings();
  } catch (error) {
    core.reportError(error);
    return done(
      {
        approved: false,
        message:
          "BLOCKED: config.yaml could not be read; execute_code is refused until it is fixed. Do NOT retry.",
        userConsent: false,
      },
      "system",
      "denied",
    );
  }
  const context = resolveContext(core, sessionKey, options);
  if (context === "interactive") {
    const { language, ...checkOptions } = options;
    const result = await deps.checkCommand(scriptAsCommand(code, language), {
      ...checkOptions,
      sessionKey,
      context,
    });
    if (result.approved || result.message === null) return result;
    return { ...result, message: result.message.replace(/^(BLOCKED: )?/, "$1execute_code: ") };
  }
  if (settings.mode === "off") return { approved: true, message: null, decider: "mode_off" };
  if (core.yoloFromEnv || core.store.isYolo(sessionKey))
    return { approved: true, message: null, decider: "yolo" };
  if (core.store.isApproved(sessionKey, [PATTERN_KEY]))
    return { approved: true, message: null, decider: "session" };

  // Nobody to ask (including a context we cannot classify): the script's own subprocess calls
  // would bypass every per-command check, so it runs only where config opts the context in.
  if (
    context === "cron" ||
    context === "single_query" ||
    context === "batch" ||
    context === "unattended" ||
    context === "none"
  ) {
    const verdict = unattendedVerdict(context, settings, options.platform);
    if (verdict.allowed) return done({ approved: true, message: null }, "policy", "approved");
    const denial = { ...verdict.denial, noun: "execute_code" };
    return done(
      { approved: false, message: executeCodeUnattendedMessage(denial), userConsent: false },
      "policy",
      "unattended",
    );
  }

  const request = {
    sessionKey,
    command: redactForReview(display),
    patternKey: PATTERN_KEY,
    patternKeys: [PATTERN_KEY],
    description: DESCRIPTION,
    allowPermanent: false,
    allowSession: true,
    smartDenied: false,
  };
  const outcome = await core.queue.request(request, display, {
    timeoutMs: humanTimeoutMs(core, settings),
    signal: options.signal,
    notify: core.queue.hasNotifier(sessionKey),
  });
  if ("queued" in outcome) {
    const message = `⚠️ ${DESCRIPTION}. Asking the user for approval. STOP: do NOT re-run this script until the user has approved it.`;
    return done(
      { approved: false, message, status: "pending_approval", requestId: outcome.queued },
      "user",
      "pending",
    );
  }
  const answer = answerOf(outcome.decision, false);
  switch (answer) {
    case "once":
    case "session":
    case "always":
      return done(
        { approved: true, message: null, userApproved: true, choice: answer },
        "user",
        "approved",
        answer,
      );
    case "deny":
      return done(
        {
          approved: false,
          message: userDeniedMessage(outcome.decision.reason),
          userConsent: false,
          choice: "deny",
        },
        "user",
        "denied",
        "deny",
      );
    case "timeout":
      return done(
        { approved: false, message: timeoutMessage(), userConsent: false },
        "timeout",
        "timeout",
      );
    case "cancelled":
      return done(
        { approved: false, message: cancelledMessage(), userConsent: false },
        "system",
        "cancelled",
      );
    case "notify_failed":
      return done(
        { approved: false, message: notifyFailedMessage(), userConsent: false },
        "system",
        "notify_failed",
      );
  }
}

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

/** Options of the execute_code guard: the same as a command check. */
export type ExecuteCodeGuardOptions = CheckCommandOptions;

const PATTERN_KEY = "execute_code";
const DESCRIPTION = "execute_code runs a local script that can call any tool and start processes";

/** What the manager hands the guard. */
export interface ExecuteCodeGuardDeps {
  readonly loadSettings: () => Promise<ApprovalSettings>;
  readonly defaultSession: string;
}

/**
 * Guard for execute_code scripts. Sandboxed backends, `mode: off` and YOLO pass; contexts with no
 * human deny unless config opts them in; a gateway is asked about the whole script; the CLI relies
 * on the per-command guards the script's terminal calls go through.
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
  if (settings.mode === "off") return { approved: true, message: null, decider: "mode_off" };
  if (core.yoloFromEnv || core.store.isYolo(sessionKey))
    return { approved: true, message: null, decider: "yolo" };
  if (core.store.isApproved(sessionKey, [PATTERN_KEY]))
    return { approved: true, message: null, decider: "session" };

  const context = resolveContext(core, sessionKey, options);
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
  // In the CLI the human watches; the script's terminal calls are checked one by one.
  if (context !== "gateway") return { approved: true, message: null };

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

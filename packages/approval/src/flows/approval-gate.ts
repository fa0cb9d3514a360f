import { auditSafely, humanTimeoutMs, type ApprovalCore } from "./approval-core.js";
import type { PromptAnswer } from "./approval-prompt.js";
import type { ApprovalSettings } from "./approval-settings.js";
import type { DangerousCommandMatch } from "../detection/index.js";
import { unattendedVerdict } from "./context-policy.js";
import type { GatewayDecision } from "./gateway-queue.js";
import {
  cancelledMessage,
  circuitBreakerSuffix,
  notifyFailedMessage,
  pendingMessage,
  smartDeniedMessage,
  timeoutMessage,
  unattendedMessage,
  userDeniedMessage,
} from "./messages.js";
import { redactSecrets } from "./redact.js";
import type { ReviewVerdict } from "./smart-reviewer.js";
import type {
  ApprovalContext,
  ApprovalDecider,
  ApprovalOutcome,
  ApprovalResult,
  CheckCommandOptions,
} from "./types.js";

/** One gate run: a flagged command in a session. */
export interface GateRequest {
  readonly command: string;
  readonly match: DangerousCommandMatch;
  readonly sessionKey: string;
  readonly settings: ApprovalSettings;
  readonly options: CheckCommandOptions;
}

/** A human's reply as the gate sees it. */
interface HumanReply {
  readonly answer: PromptAnswer | "notify_failed" | "queued";
  readonly reason?: string;
  readonly requestId?: string;
  /** Gateway choices are remembered when the queue resolves them, CLI ones here. */
  readonly viaGateway: boolean;
}

const MAX_REPROMPTS = 8;

/** Which way a human can be reached in this check. */
export function resolveContext(
  core: ApprovalCore,
  sessionKey: string,
  options: CheckCommandOptions,
): ApprovalContext | "none" {
  if (options.context !== undefined) return options.context;
  if (core.queue.hasNotifier(sessionKey)) return "gateway";
  return core.interactive ? "interactive" : "none";
}

/** The approval gate for a detected, non-hard-line command. Resolves, never rejects. */
export async function runApprovalGate(
  core: ApprovalCore,
  gate: GateRequest,
): Promise<ApprovalResult> {
  const { match, sessionKey, settings } = gate;
  const keys = [match.patternKey, match.description];
  if (core.store.isApproved(sessionKey, keys)) {
    return finish(core, gate, { approved: true, message: null }, "session", "approved");
  }

  if (core.store.takeOnce(sessionKey, gate.command)) {
    return finish(
      core,
      gate,
      { approved: true, message: null, userApproved: true, choice: "once" },
      "user",
      "approved",
      "once",
    );
  }

  const context = resolveContext(core, sessionKey, gate.options);
  const hasHuman =
    context === "interactive" || (context === "gateway" && core.queue.hasNotifier(sessionKey));
  const isGatewayAsk = context === "gateway" && !hasHuman;

  if (context !== "interactive" && context !== "gateway") {
    // Nobody to ask. Config may opt a known context in; in smart mode the reviewer may still
    // approve (or refuse) on its own, but an escalation has nobody to go to and denies.
    const verdict = unattendedVerdict(context, settings, gate.options.platform);
    const reviewerMayDecide = settings.mode === "smart" && (verdict.allowed || context === "none");
    if (!reviewerMayDecide && !verdict.allowed) {
      const message = unattendedMessage(match.description, verdict.denial);
      return finish(core, gate, denial(message), "policy", "unattended");
    }
    if (!reviewerMayDecide)
      return finish(core, gate, { approved: true, message: null }, "policy", "approved");
  }

  let smartDenied = false;
  if (settings.mode === "smart") {
    const verdict = await review(core, gate);
    if (verdict === "APPROVE") {
      core.breaker.reset(sessionKey);
      return finish(
        core,
        gate,
        { approved: true, message: null, smartApproved: true },
        "smart",
        "approved",
        "smart_approve",
      );
    }
    if (verdict === "DENY") {
      smartDenied = true;
      core.breaker.recordDenial(sessionKey);
    }
    if (!hasHuman && (verdict === "DENY" || !isGatewayAsk)) {
      const base =
        verdict === "DENY"
          ? smartDeniedMessage(match.description)
          : noHumanAfterEscalation(gate, context);
      return finish(
        core,
        gate,
        denial(withBreaker(core, gate, base, smartDenied)),
        "smart",
        verdict === "DENY" ? "smart_denied" : "unattended",
        verdict.toLowerCase(),
      );
    }
  }

  const answer = await askHuman(core, gate, context, smartDenied);
  return finalize(core, gate, answer, smartDenied);
}

async function review(core: ApprovalCore, gate: GateRequest): Promise<ReviewVerdict> {
  try {
    const signal = gate.options.signal;
    return await core
      .reviewer(gate.settings)
      .review(
        {
          command: gate.command,
          description: gate.match.description,
          patternKey: gate.match.patternKey,
        },
        signal === undefined ? {} : { signal },
      );
  } catch {
    return "ESCALATE";
  }
}

function noHumanAfterEscalation(gate: GateRequest, context: ApprovalContext | "none"): string {
  const policy = unattendedVerdict(
    context === "interactive" || context === "gateway" ? "none" : context,
    gate.settings,
    gate.options.platform,
  );
  return unattendedMessage(
    `${gate.match.description} (the security reviewer escalated it to a human)`,
    policy.denial,
  );
}

async function askHuman(
  core: ApprovalCore,
  gate: GateRequest,
  context: ApprovalContext | "none",
  smartDenied: boolean,
): Promise<HumanReply> {
  const timeoutMs = humanTimeoutMs(core, gate.settings);
  const base = {
    sessionKey: gate.sessionKey,
    patternKey: gate.match.patternKey,
    description: gate.match.description,
    allowPermanent: !smartDenied,
    allowSession: !smartDenied,
    smartDenied,
  };
  if (context === "interactive") {
    const signal = gate.options.signal;
    try {
      const answer = await core.prompt.ask(
        { ...base, command: gate.command },
        { timeoutMs, ...(signal === undefined ? {} : { signal }) },
      );
      return {
        answer: smartDenied && answer !== "once" && isApproval(answer) ? "deny" : answer,
        viaGateway: false,
      };
    } catch {
      return { answer: "deny", viaGateway: false };
    }
  }
  const notify = core.queue.hasNotifier(gate.sessionKey);
  const request = {
    ...base,
    command: redactSecrets(gate.command),
    patternKeys: [gate.match.patternKey],
  };
  for (let attempt = 0; attempt < MAX_REPROMPTS; attempt++) {
    const outcome = await core.queue.request(request, gate.command, {
      timeoutMs,
      signal: gate.options.signal,
      notify,
    });
    if ("queued" in outcome)
      return { answer: "queued", requestId: outcome.queued, viaGateway: true };
    const answer = answerOf(outcome.decision, smartDenied);
    // A follower that joined someone else's request does not inherit a one-time approval.
    if (outcome.coalesced && answer === "once") continue;
    const reason = outcome.decision.reason;
    return {
      answer,
      requestId: outcome.requestId,
      viaGateway: true,
      ...(reason === undefined ? {} : { reason }),
    };
  }
  return { answer: "deny", viaGateway: true };
}

function isApproval(answer: string): answer is "once" | "session" | "always" {
  return answer === "once" || answer === "session" || answer === "always";
}

/** What a gateway decision means for one request (after a reviewer denial only "once" approves). */
export function answerOf(
  decision: GatewayDecision,
  smartDenied: boolean,
): PromptAnswer | "notify_failed" {
  if (decision.kind !== "choice") return decision.kind;
  const choice = decision.choice ?? "deny";
  if (smartDenied && choice !== "once") return "deny";
  return choice;
}

async function finalize(
  core: ApprovalCore,
  gate: GateRequest,
  reply: HumanReply,
  smartDenied: boolean,
): Promise<ApprovalResult> {
  const { match } = gate;
  const requestId = reply.requestId === undefined ? {} : { requestId: reply.requestId };
  switch (reply.answer) {
    case "queued": {
      const message = pendingMessage(match.description, redactSecrets(gate.command));
      return finish(
        core,
        gate,
        { approved: false, message, status: "pending_approval", ...requestId },
        "user",
        "pending",
      );
    }
    case "once":
    case "session":
    case "always": {
      core.breaker.reset(gate.sessionKey);
      if (!reply.viaGateway)
        await core.applyChoice(gate.sessionKey, match.patternKey, reply.answer);
      const result: ApprovalResult = {
        approved: true,
        message: null,
        userApproved: true,
        choice: reply.answer,
        ...requestId,
      };
      return finish(core, gate, result, "user", "approved", reply.answer);
    }
    case "deny": {
      const message = withBreaker(core, gate, userDeniedMessage(reply.reason), smartDenied);
      return finish(
        core,
        gate,
        { ...denial(message, "deny"), ...requestId },
        "user",
        "denied",
        "deny",
      );
    }
    case "timeout":
      return finish(
        core,
        gate,
        { ...denial(withBreaker(core, gate, timeoutMessage(), smartDenied)), ...requestId },
        "timeout",
        "timeout",
        "timeout",
      );
    case "cancelled":
      return finish(
        core,
        gate,
        { ...denial(cancelledMessage()), ...requestId },
        "system",
        "cancelled",
        "cancelled",
      );
    case "notify_failed":
      return finish(
        core,
        gate,
        { ...denial(notifyFailedMessage()), ...requestId },
        "system",
        "notify_failed",
        "notify_failed",
      );
  }
}

function withBreaker(
  core: ApprovalCore,
  gate: GateRequest,
  message: string,
  smartDenied: boolean,
): string {
  const threshold = gate.settings.breakerThreshold;
  const streak = core.breaker.streak(gate.sessionKey);
  return smartDenied && threshold > 0 && streak >= threshold
    ? message + circuitBreakerSuffix(streak)
    : message;
}

function denial(message: string, choice?: "deny"): ApprovalResult {
  return {
    approved: false,
    message,
    userConsent: false,
    ...(choice === undefined ? {} : { choice }),
  };
}

async function finish(
  core: ApprovalCore,
  gate: GateRequest,
  result: ApprovalResult,
  decider: ApprovalDecider,
  outcome: ApprovalOutcome,
  choice?: string,
): Promise<ApprovalResult> {
  const full: ApprovalResult = {
    ...result,
    patternKey: gate.match.patternKey,
    description: gate.match.description,
    outcome,
    decider,
  };
  await auditSafely(core, {
    session: gate.sessionKey,
    patternKey: gate.match.patternKey,
    command: gate.command,
    decision: outcome === "pending" ? "pending" : result.approved ? "approved" : "denied",
    outcome,
    decider,
    envType: gate.options.envType,
    ...(choice === undefined ? {} : { choice }),
  });
  return full;
}

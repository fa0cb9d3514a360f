import { auditSafely, humanTimeoutMs, type ApprovalCore } from "./approval-core.js";
import type { PromptAnswer } from "./approval-prompt.js";
import type { ApprovalSettings } from "./approval-settings.js";
import type { DetectorMatch } from "./command-detector.js";
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
import type { ApprovalContext, ApprovalDecider, ApprovalOutcome, ApprovalResult, CheckCommandOptions } from "./types.js";

/** One gate run: a flagged command in a session. */
export interface GateRequest {
  readonly command: string;
  readonly match: DetectorMatch;
  readonly sessionKey: string;
  readonly settings: ApprovalSettings;
  readonly options: CheckCommandOptions;
}

type HumanAnswer = PromptAnswer | "notify_failed" | { readonly queued: string };

const MAX_REPROMPTS = 8;

/** Which way a human can be reached in this check. */
export function resolveContext(core: ApprovalCore, sessionKey: string, options: CheckCommandOptions): ApprovalContext | "none" {
  if (options.context !== undefined) return options.context;
  if (core.queue.hasNotifier(sessionKey)) return "gateway";
  return core.interactive ? "interactive" : "none";
}

/** The approval gate for a detected, non-hard-line command. Resolves, never rejects. */
export async function runApprovalGate(core: ApprovalCore, gate: GateRequest): Promise<ApprovalResult> {
  const { match, sessionKey, settings } = gate;
  const keys = [match.patternKey, match.description];
  if (core.store.isApproved(sessionKey, keys)) {
    return finish(core, gate, { approved: true, message: null }, "session", "approved");
  }

  const context = resolveContext(core, sessionKey, gate.options);
  const hasHuman = context === "interactive" || (context === "gateway" && core.queue.hasNotifier(sessionKey));
  const isGatewayAsk = context === "gateway" && !hasHuman;

  if (context !== "interactive" && context !== "gateway") {
    const verdict = unattendedVerdict(context, settings, gate.options.platform);
    if (!verdict.allowed) {
      const message = unattendedMessage(match.description, verdict.denial);
      return finish(core, gate, denial(message), "policy", "unattended");
    }
    if (settings.mode !== "smart") return finish(core, gate, { approved: true, message: null }, "policy", "approved");
  }

  let smartDenied = false;
  if (settings.mode === "smart") {
    const verdict = await review(core, gate);
    if (verdict === "APPROVE") {
      core.breaker.reset(sessionKey);
      return finish(core, gate, { approved: true, message: null, smartApproved: true }, "smart", "approved", "smart_approve");
    }
    if (verdict === "DENY") {
      smartDenied = true;
      core.breaker.recordDenial(sessionKey);
    }
    if (!hasHuman && (verdict === "DENY" || !isGatewayAsk)) {
      const base = verdict === "DENY" ? smartDeniedMessage(match.description) : noHumanAfterEscalation(gate, context);
      return finish(core, gate, denial(withBreaker(core, gate, base, smartDenied)), "smart", verdict === "DENY" ? "smart_denied" : "unattended", verdict.toLowerCase());
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
        { command: gate.command, description: gate.match.description, patternKey: gate.match.patternKey },
        signal === undefined ? {} : { signal },
      );
  } catch {
    return "ESCALATE";
  }
}

function noHumanAfterEscalation(gate: GateRequest, context: ApprovalContext | "none"): string {
  const policy = unattendedVerdict(context === "interactive" || context === "gateway" ? "none" : context, gate.settings, gate.options.platform);
  return unattendedMessage(`${gate.match.description} (the security reviewer escalated it to a human)`, policy.denial);
}

async function askHuman(core: ApprovalCore, gate: GateRequest, context: ApprovalContext | "none", smartDenied: boolean): Promise<HumanAnswer> {
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
    try {
      const signal = gate.options.signal;
      return await core.prompt.ask({ ...base, command: gate.command }, { timeoutMs, ...(signal === undefined ? {} : { signal }) });
    } catch {
      return "deny";
    }
  }
  const notify = core.queue.hasNotifier(gate.sessionKey);
  const request = { ...base, command: redactSecrets(gate.command), patternKeys: [gate.match.patternKey] };
  for (let attempt = 0; attempt < MAX_REPROMPTS; attempt++) {
    const outcome = await core.queue.request(request, gate.command, { timeoutMs, signal: gate.options.signal, notify });
    if ("queued" in outcome) return { queued: outcome.queued };
    const answer = fromDecision(outcome.decision, smartDenied);
    // A follower that joined someone else's request does not inherit a one-time approval.
    if (outcome.coalesced && answer === "once") continue;
    return answer;
  }
  return "deny";
}

/** What a gateway decision means for one request. */
export function fromDecision(decision: GatewayDecision, smartDenied: boolean): HumanAnswer {
  if (decision.kind !== "choice") return decision.kind;
  const choice = decision.choice ?? "deny";
  if (smartDenied && choice !== "once") return "deny";
  return choice;
}

function reasonOf(core: ApprovalCore, gate: GateRequest): string | undefined {
  void core;
  void gate;
  return undefined;
}

async function finalize(core: ApprovalCore, gate: GateRequest, answer: HumanAnswer, smartDenied: boolean): Promise<ApprovalResult> {
  const { match } = gate;
  if (typeof answer === "object") {
    const message = pendingMessage(match.description, redactSecrets(gate.command));
    const result: ApprovalResult = { approved: false, message, status: "pending_approval", requestId: answer.queued };
    return finish(core, gate, result, "user", "pending");
  }
  switch (answer) {
    case "once":
    case "session":
    case "always": {
      core.breaker.reset(gate.sessionKey);
      if (gate.options.context === "interactive" || resolveContext(core, gate.sessionKey, gate.options) === "interactive") {
        await core.applyChoice(gate.sessionKey, match.patternKey, answer);
      }
      return finish(core, gate, { approved: true, message: null, userApproved: true, choice: answer }, "user", "approved", answer);
    }
    case "deny":
      return finish(core, gate, denial(withBreaker(core, gate, userDeniedMessage(reasonOf(core, gate)), smartDenied), "deny"), "user", "denied", "deny");
    case "timeout":
      return finish(core, gate, denial(withBreaker(core, gate, timeoutMessage(), smartDenied)), "timeout", "timeout", "timeout");
    case "cancelled":
      return finish(core, gate, denial(cancelledMessage()), "system", "cancelled", "cancelled");
    case "notify_failed":
      return finish(core, gate, denial(notifyFailedMessage()), "system", "notify_failed", "notify_failed");
  }
}

function withBreaker(core: ApprovalCore, gate: GateRequest, message: string, smartDenied: boolean): string {
  const threshold = gate.settings.breakerThreshold;
  const streak = core.breaker.streak(gate.sessionKey);
  return smartDenied && threshold > 0 && streak >= threshold ? message + circuitBreakerSuffix(streak) : message;
}

function denial(message: string, choice?: "deny"): ApprovalResult {
  return { approved: false, message, userConsent: false, ...(choice === undefined ? {} : { choice }) };
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

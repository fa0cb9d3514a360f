import { approvalKeysFor, isOnceOnlyKey } from "../detection/index.js";
import type { ApprovalCore } from "./approval-core.js";
import { unattendedVerdict } from "./context-policy.js";
import type { GateRequest } from "./gate-request.js";
import { denial, finalize, finish, withBreaker } from "./gate-results.js";
import { askHuman } from "./human-reply.js";
import { smartDeniedMessage, unattendedMessage } from "./messages.js";
import { redactForReview } from "./review-redaction.js";
import { settledWithin } from "./settled-within.js";
import { reviewOutcomeOf, type ReviewOutcome, type ReviewVerdict } from "./smart-reviewer.js";
import type { ApprovalContext, ApprovalResult, CheckCommandOptions } from "./types.js";

/** Which way a human can be reached in this check. */
export function resolveContext(
  core: ApprovalCore,
  sessionKey: string,
  options: CheckCommandOptions,
): ApprovalContext | "none" {
  const explicit = options.context ?? core.defaultContext;
  if (explicit !== undefined) return explicit;
  if (core.queue.hasNotifier(sessionKey)) return "gateway";
  return core.interactive ? "interactive" : "none";
}

/** The approval gate for a detected, non-hard-line command. Resolves, never rejects. */
export async function runApprovalGate(
  core: ApprovalCore,
  request: GateRequest,
): Promise<ApprovalResult> {
  let gate = request;
  const { match, sessionKey, settings } = gate;
  // Our key, its description, or a Hermes key that maps to it (never for a hard-line rule).
  const keys = approvalKeysFor(match);
  const scope = core.store.scopeOf(sessionKey, keys, gate.targets);
  if (scope !== undefined) {
    const decider = scope === "permanent" ? "allowlist" : "session";
    return finish(core, gate, { approved: true, message: null }, decider, "approved");
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

  let context = resolveContext(core, sessionKey, gate.options);
  if (context === "interactive" && core.prompt.canAsk?.(sessionKey) === false) context = "none";
  const hasHuman =
    context === "interactive" || (context === "gateway" && core.queue.hasNotifier(sessionKey));
  const isGatewayAsk = context === "gateway" && !hasHuman;

  if (context !== "interactive" && context !== "gateway") {
    // Nobody to ask. Config may opt a known context in; in smart mode the reviewer may still
    // approve (or refuse) on its own, but an escalation has nobody to go to and denies.
    const policy = unattendedVerdict(context, settings, gate.options.platform);
    // An opt-in covers kinds of command, not one that could not be analysed.
    const verdict = isOnceOnlyKey(match.patternKey) ? { ...policy, allowed: false } : policy;
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
    const outcome = await review(core, gate);
    const verdict = outcome.verdict;
    if (outcome.reason !== undefined) gate = { ...gate, reviewReason: outcome.reason };
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

async function review(core: ApprovalCore, gate: GateRequest): Promise<ReviewOutcome> {
  try {
    const signal = gate.options.signal;
    const timeoutMs = gate.settings.reviewer.timeoutMs;
    // Raced against its own timeout and the signal: a reviewer (a custom one too) whose answer
    // never comes hands the decision to a human instead of holding the command forever.
    const answer = await settledWithin(
      core.reviewer(gate.settings).review(
        {
          // The reviewer is another service: it gets the command with secrets redacted.
          command: redactForReview(gate.command),
          description: gate.match.description,
          patternKey: gate.match.patternKey,
        },
        signal === undefined ? {} : { signal },
      ),
      timeoutMs,
      signal,
    );
    if (answer === "timeout")
      return {
        verdict: "ESCALATE",
        reason: `the reviewer did not answer within ${String(timeoutMs / 1000)} s`,
      };
    if (answer === "cancelled")
      return {
        verdict: "ESCALATE",
        reason: "the request was cancelled before the reviewer answered",
      };
    return reviewOutcomeOf(answer as ReviewVerdict | ReviewOutcome);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { verdict: "ESCALATE", reason: `the reviewer failed: ${message}` };
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

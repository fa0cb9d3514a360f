import { auditSafely, type ApprovalCore } from "./approval-core.js";
import type { GateRequest, HumanReply } from "./gate-request.js";
import {
  cancelledMessage,
  circuitBreakerSuffix,
  notifyFailedMessage,
  pendingMessage,
  timeoutMessage,
  userDeniedMessage,
} from "./messages.js";
import { redactForReview } from "./review-redaction.js";
import type { ApprovalDecider, ApprovalOutcome, ApprovalResult } from "./types.js";

/** Turn a human's reply into the result (remembering CLI session/always choices). */
export async function finalize(
  core: ApprovalCore,
  gate: GateRequest,
  reply: HumanReply,
  smartDenied: boolean,
): Promise<ApprovalResult> {
  const { match } = gate;
  const requestId = reply.requestId === undefined ? {} : { requestId: reply.requestId };
  switch (reply.answer) {
    case "queued": {
      const message = pendingMessage(match.description, redactForReview(gate.command));
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
        await core.applyChoice(gate.sessionKey, match.patternKey, reply.answer, gate.targets);
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

/** Append the circuit-breaker warning once the session reached the threshold. */
export function withBreaker(
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

/** A denial result: the user did not consent. */
export function denial(message: string, choice?: "deny"): ApprovalResult {
  return {
    approved: false,
    message,
    userConsent: false,
    ...(choice === undefined ? {} : { choice }),
  };
}

/** Complete a gate result with the match, and write it to the audit log. */
export async function finish(
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
    ...(gate.reviewReason === undefined ? {} : { reviewReason: gate.reviewReason }),
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
    ...(gate.reviewReason === undefined ? {} : { reviewReason: gate.reviewReason }),
  });
  return full;
}

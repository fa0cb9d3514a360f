import { isOnceOnlyKey } from "../detection/index.js";
import { humanTimeoutMs, type ApprovalCore } from "./approval-core.js";
import type { PromptAnswer } from "./approval-prompt.js";
import type { GateRequest, HumanReply } from "./gate-request.js";
import { parseChoice } from "./choice.js";
import type { GatewayDecision } from "./gateway-queue.js";
import { redactForReview } from "./review-redaction.js";
import { settledWithin } from "./settled-within.js";
import type { ApprovalContext } from "./types.js";

const MAX_REPROMPTS = 8;

/** Ask the human behind the CLI prompt or the gateway. Resolves, never rejects. */
export async function askHuman(
  core: ApprovalCore,
  gate: GateRequest,
  context: ApprovalContext | "none",
  smartDenied: boolean,
): Promise<HumanReply> {
  const timeoutMs = humanTimeoutMs(core, gate.settings);
  const remember = !smartDenied && !isOnceOnlyKey(gate.match.patternKey);
  const base = {
    sessionKey: gate.sessionKey,
    patternKey: gate.match.patternKey,
    description: gate.match.description,
    allowPermanent: remember,
    allowSession: remember,
    smartDenied,
  };
  if (context === "interactive") {
    const signal = gate.options.signal;
    try {
      const raw: unknown = await settledWithin(
        core.prompt.ask(
          {
            ...base,
            command: gate.command,
            ...(gate.targets === undefined ? {} : { targetClasses: gate.targets }),
          },
          { timeoutMs, ...(signal === undefined ? {} : { signal }) },
        ),
        timeoutMs,
        signal,
      );
      // A custom prompt may answer in its own words ("yes", "Y", "no"): read them the way a
      // typed answer is read, and anything unrecognised as a denial.
      const answer: PromptAnswer =
        raw === "timeout" || raw === "cancelled" ? raw : parseChoice(raw);
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
    command: redactForReview(gate.command),
    patternKeys: [gate.match.patternKey],
    ...(gate.targets === undefined ? {} : { targetClasses: gate.targets }),
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

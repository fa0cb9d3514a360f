import type { TargetClass } from "./target-class.js";
import type { ApprovalChoice } from "./types.js";

/** What a human is asked about. */
export interface ApprovalPromptRequest {
  readonly sessionKey: string;
  /** The full command (the person at the terminal sees exactly what will run). */
  readonly command: string;
  readonly patternKey: string;
  readonly description: string;
  /** Offer "always" (false after a smart-reviewer denial). */
  readonly allowPermanent: boolean;
  /** Offer "session" (false after a smart-reviewer denial). */
  readonly allowSession: boolean;
  /** The smart reviewer denied it; the human may override once or deny. */
  readonly smartDenied: boolean;
  /**
   * Where the command acts, which is all a "session" or "always" answer covers (a later
   * command of the same kind elsewhere is asked about again).
   */
  readonly targetClasses?: readonly TargetClass[];
}

/** A human's answer; `timeout` and `cancelled` are denials too. */
export type PromptAnswer = ApprovalChoice | "timeout" | "cancelled";

/** Options of one {@link ApprovalPrompt.ask}. */
export interface AskOptions {
  /** How long to wait for an answer before it counts as a denial. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/**
 * The approval transport for an interactive human (CLI prompt, a TUI dialog, ...). Implementations
 * must resolve, never reject; anything that is not a clear approval is `deny`.
 */
export interface ApprovalPrompt {
  readonly version: 1;
  ask(request: ApprovalPromptRequest, options: AskOptions): Promise<PromptAnswer>;
  /**
   * Whether anyone can be asked in this session (an MCP client without elicitation cannot).
   * When false, a dangerous command is decided as where nobody can be asked, and the denial
   * says so instead of "User denied". Default: true.
   */
  canAsk?(sessionKey: string): boolean;
}

/**
 * Read a typed answer. `o`/`once`, `s`/`session`, `a`/`always`; everything else is `deny`.
 * After a smart-reviewer denial only `once` can approve; "always" without permission to persist
 * is downgraded to `session`.
 */
export function parsePromptAnswer(
  text: string,
  request: Pick<ApprovalPromptRequest, "allowPermanent" | "allowSession" | "smartDenied">,
): ApprovalChoice {
  const word = text.trim().toLowerCase();
  if (word === "o" || word === "once") return "once";
  if (request.smartDenied) return "deny";
  if ((word === "s" || word === "session") && request.allowSession) return "session";
  if (word === "a" || word === "always") {
    if (request.allowPermanent) return "always";
    return request.allowSession ? "session" : "deny";
  }
  return "deny";
}

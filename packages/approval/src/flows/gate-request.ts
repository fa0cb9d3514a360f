import type { DangerousCommandMatch } from "../detection/index.js";
import type { PromptAnswer } from "./approval-prompt.js";
import type { ApprovalSettings } from "./approval-settings.js";
import type { TargetClass } from "./target-class.js";
import type { CheckCommandOptions } from "./types.js";

/** One gate run: a flagged command in a session. */
export interface GateRequest {
  readonly command: string;
  readonly match: DangerousCommandMatch;
  readonly sessionKey: string;
  readonly settings: ApprovalSettings;
  readonly options: CheckCommandOptions;
  /** Where the command acts; approvals are remembered and looked up for these classes. */
  readonly targets?: readonly TargetClass[];
  /** Why the smart reviewer decided as it did, once it has reviewed the command. */
  readonly reviewReason?: string;
}

/** A human's reply as the gate sees it. */
export interface HumanReply {
  readonly answer: PromptAnswer | "notify_failed" | "queued";
  readonly reason?: string;
  readonly requestId?: string;
  /** Gateway choices are remembered when the queue resolves them, CLI ones here. */
  readonly viaGateway: boolean;
}

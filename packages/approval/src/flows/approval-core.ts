import type { ApprovalPrompt } from "./approval-prompt.js";
import type { ApprovalSettings } from "./approval-settings.js";
import type { ApprovalStore } from "./approval-store.js";
import type { AuditEntry } from "./audit-log.js";
import type { DenialBreaker } from "./circuit-breaker.js";
import type { GatewayQueue } from "./gateway-queue.js";
import type { SmartReviewer } from "./smart-reviewer.js";
import type { TargetClass } from "./target-class.js";
import type { ApprovalChoice, ApprovalContext } from "./types.js";

/** The per-manager state and collaborators the flows share. Internal. */
export interface ApprovalCore {
  readonly home: string;
  readonly store: ApprovalStore;
  readonly queue: GatewayQueue;
  readonly breaker: DenialBreaker;
  readonly prompt: ApprovalPrompt;
  readonly interactive: boolean;
  /** The manager's context when a check names none (from options or Hermes' env variables). */
  readonly defaultContext: ApprovalContext | undefined;
  readonly yoloFromEnv: boolean;
  readonly now: () => number;
  /** Overrides `approvals.timeout` when set. */
  readonly timeoutMs: number | undefined;
  reviewer(settings: ApprovalSettings): SmartReviewer;
  audit(entry: AuditEntry): Promise<void>;
  /**
   * Remember a human's session/always choice (always: also config.yaml), for the command's
   * target classes (every target when omitted).
   */
  applyChoice(
    sessionKey: string,
    patternKey: string,
    choice: ApprovalChoice,
    targets?: readonly TargetClass[],
  ): Promise<void>;
  reportError(error: unknown): void;
}

// Node fires a timer longer than this after 1 ms, which would make every prompt time out at once.
const MAX_TIMER_MS = 2_147_483_647;

/** The wait for a human, from config unless the manager overrides it (at most ~24.8 days). */
export function humanTimeoutMs(core: ApprovalCore, settings: ApprovalSettings): number {
  const ms = core.timeoutMs ?? settings.timeoutMs;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_TIMER_MS) : MAX_TIMER_MS;
}

/** Audit log writes must never turn an approval decision into a crash. */
export async function auditSafely(core: ApprovalCore, entry: AuditEntry): Promise<void> {
  try {
    await core.audit(entry);
  } catch (error) {
    core.reportError(error);
  }
}

import { appendFile, mkdir } from "node:fs/promises";
import path from "node:path";
import type { ApprovalDecider, ApprovalOutcome } from "./types.js";
import { redactForReview } from "./review-redaction.js";

/** One line of `HERMES_HOME/logs/approvals.jsonl`. */
export interface AuditRecord {
  /** ISO 8601 time of the decision. */
  readonly time: string;
  readonly session: string;
  readonly pattern_key: string | null;
  /** The command with secrets redacted. */
  readonly command: string;
  /** `approved`, `denied`, `pending` or `revoked`. */
  readonly decision: "approved" | "denied" | "pending" | "revoked";
  readonly outcome: ApprovalOutcome | "revoked";
  /** Who decided (see {@link ApprovalDecider}). */
  readonly decider: ApprovalDecider;
  /** The human's answer, or the reviewer's verdict, when there was one. */
  readonly choice?: string;
  readonly env_type?: string;
  /** Why the smart reviewer decided as it did (e.g. why it escalated), when it reviewed. */
  readonly review_reason?: string;
}

/** What the manager hands to {@link AuditLog.append}; time and redaction are filled in. */
export interface AuditEntry {
  readonly session: string;
  readonly patternKey: string | null;
  readonly command: string;
  readonly decision: AuditRecord["decision"];
  readonly outcome: AuditRecord["outcome"];
  readonly decider: ApprovalDecider;
  readonly choice?: string;
  readonly envType?: string;
  readonly reviewReason?: string;
}

/** Append-only JSONL audit log of approval decisions. */
export interface AuditLog {
  /** The file written to. */
  readonly file: string;
  /** Append one decision. Writes are serialised so lines never interleave. */
  append(entry: AuditEntry): Promise<void>;
}

/** Path of the audit log inside a Hermes home. */
export function auditLogPath(home: string): string {
  return path.join(home, "logs", "approvals.jsonl");
}

/** An audit log writing to `HERMES_HOME/logs/approvals.jsonl` (created 0700/0600). */
export function createAuditLog(options: { home: string; now: () => number }): AuditLog {
  const file = auditLogPath(options.home);
  let tail: Promise<void> = Promise.resolve();
  return {
    file,
    append(entry: AuditEntry): Promise<void> {
      const record: AuditRecord = {
        time: new Date(options.now()).toISOString(),
        session: entry.session,
        pattern_key: entry.patternKey,
        command: redactForReview(entry.command),
        decision: entry.decision,
        outcome: entry.outcome,
        decider: entry.decider,
        ...(entry.choice === undefined ? {} : { choice: entry.choice }),
        ...(entry.envType === undefined ? {} : { env_type: entry.envType }),
        ...(entry.reviewReason === undefined
          ? {}
          : { review_reason: redactForReview(entry.reviewReason) }),
      };
      const line = `${JSON.stringify(record)}\n`;
      const write = async (): Promise<void> => {
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        await appendFile(file, line, { encoding: "utf8", mode: 0o600 });
      };
      const next = tail.then(write, write);
      tail = next.catch(() => undefined);
      return next;
    },
  };
}

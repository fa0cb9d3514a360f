import { appendFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "@hermes-agent/core";
import type { PostToolCallPayload } from "@hermes-agent/plugin-loader";
import { writeTargets } from "./write-targets.js";

/** One line of the audit log. Arguments are never written, only the paths a call targets. */
export interface AuditRecord {
  readonly time: string;
  readonly tool: string;
  readonly status: "ok" | "error" | "blocked";
  readonly durationMs: number;
  readonly origin: string | null;
  readonly taskId: string | null;
  readonly sessionKey: string | null;
  readonly paths: readonly string[];
  readonly errorType: string | null;
}

/** An append-only JSONL log: one line per tool call, written in order, file mode 0600. */
export class AuditLog {
  readonly file: string;
  readonly #logger: Logger;
  #pending: Promise<void> = Promise.resolve();

  constructor(folder: string, logger: Logger) {
    this.file = path.join(folder, "audit.jsonl");
    this.#logger = logger;
  }

  /** Queue one call's record; resolves when it is on disk. Failures are logged, never thrown. */
  record(call: PostToolCallPayload, now: Date = new Date()): Promise<void> {
    const line: AuditRecord = {
      time: now.toISOString(),
      tool: call.toolName,
      status: call.status,
      durationMs: Math.round(call.durationMs),
      origin: call.origin ?? null,
      taskId: call.taskId ?? null,
      sessionKey: call.sessionKey ?? null,
      paths: writeTargets(call.args),
      errorType: call.errorType ?? null,
    };
    this.#pending = this.#pending
      .then(() => appendFile(this.file, `${JSON.stringify(line)}\n`, { mode: 0o600 }))
      .catch((error: unknown) => {
        this.#logger.warn(`could not write the audit log ${this.file}: ${String(error)}`);
      });
    return this.#pending;
  }

  /** Resolves when every queued record is written. */
  flush(): Promise<void> {
    return this.#pending;
  }
}

import type { CheckFn } from "./types.js";

/** How long a check result is reused, in milliseconds. */
export const CHECK_TTL_MS = 30_000;
/** A check failing within this long after its last success is still served as passing. */
export const CHECK_GRACE_MS = 60_000;

/** Cached state of one check function. Tools keep a direct reference, so a lookup costs nothing. */
export interface CheckRecord {
  readonly fn: CheckFn;
  /** Cache epoch the fields below belong to; an older epoch means "never run". */
  epoch: number;
  value: boolean;
  expiresAt: number;
  lastSuccessAt: number | undefined;
  /** Evaluation pass in which `passValue` was computed; shared checks run once per pass. */
  pass: number;
  passValue: boolean;
}

/** Called with a check that threw (or returned a promise) and the error. */
export type CheckFailureReporter = (fn: CheckFn, error: unknown) => void;

/**
 * Cached results of availability checks. A result is reused for {@link CHECK_TTL_MS}; a check that
 * fails within {@link CHECK_GRACE_MS} of its last success is served as passing and its failure is
 * not cached, so a tool does not flicker in and out of the model's list mid-session.
 */
export class CheckCache {
  readonly #records = new WeakMap<CheckFn, CheckRecord>();
  #epoch = 1;
  #pass = 0;

  /** The record of `fn`, shared by every tool using the same function. */
  recordFor(fn: CheckFn): CheckRecord {
    let record = this.#records.get(fn);
    if (record === undefined) {
      record = {
        fn,
        epoch: 0,
        value: false,
        expiresAt: 0,
        lastSuccessAt: undefined,
        pass: 0,
        passValue: false,
      };
      this.#records.set(fn, record);
    }
    return record;
  }

  /** Start a new evaluation pass: within one pass each check runs at most once. */
  beginPass(): number {
    return ++this.#pass;
  }

  /** Forget every cached result, grace history included. */
  clear(): void {
    this.#epoch++;
  }

  /** Result of the check at time `now` (ms) within pass `pass`. A throwing check counts as failing. */
  evaluate(
    record: CheckRecord,
    now: number,
    pass: number,
    onFailure?: CheckFailureReporter,
  ): boolean {
    if (record.epoch === this.#epoch) {
      if (record.pass === pass) return record.passValue;
      if (now < record.expiresAt) return record.value;
    } else {
      record.epoch = this.#epoch;
      record.expiresAt = 0;
      record.lastSuccessAt = undefined;
    }
    let ok: boolean;
    try {
      const out: unknown = record.fn();
      if (typeof (out as { then?: unknown } | null)?.then === "function") {
        ok = false;
        onFailure?.(
          record.fn,
          new Error("the check returned a promise; checks must be synchronous"),
        );
      } else {
        ok = Boolean(out);
      }
    } catch (error) {
      ok = false;
      onFailure?.(record.fn, error);
    }
    record.pass = pass;
    if (ok) {
      record.value = true;
      record.expiresAt = now + CHECK_TTL_MS;
      record.lastSuccessAt = now;
      record.passValue = true;
    } else if (record.lastSuccessAt !== undefined && now - record.lastSuccessAt < CHECK_GRACE_MS) {
      record.expiresAt = 0;
      record.passValue = true;
    } else {
      record.value = false;
      record.expiresAt = now + CHECK_TTL_MS;
      record.passValue = false;
    }
    return record.passValue;
  }
}

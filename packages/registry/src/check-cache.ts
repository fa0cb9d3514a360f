import type { CheckFn } from "./types.js";

/** How long a check result is reused, in milliseconds. */
export const CHECK_TTL_MS = 30_000;
/** A check failing within this long after its last success is still served as passing. */
export const CHECK_GRACE_MS = 60_000;

interface CheckRecord {
  value: boolean;
  expiresAt: number;
  lastSuccessAt: number | undefined;
  /** Build pass in which `passValue` was computed; shared checks run once per pass. */
  pass: number;
  passValue: boolean;
}

/** What a check run reports for logging. */
export type CheckFailureReporter = (fn: CheckFn, error: unknown) => void;

/**
 * Cached results of availability checks. A result is reused for {@link CHECK_TTL_MS}; a check that
 * fails within {@link CHECK_GRACE_MS} of its last success is served as passing and its failure is
 * not cached, so a tool does not flicker in and out of the model's list mid-session.
 */
export class CheckCache {
  #records = new WeakMap<CheckFn, CheckRecord>();
  #pass = 0;

  /** Start a new evaluation pass: within one pass each check runs at most once. */
  beginPass(): number {
    return ++this.#pass;
  }

  /** Forget every cached result (grace history included). */
  clear(): void {
    this.#records = new WeakMap();
  }

  /** Result of `fn` at time `now` (ms) within pass `pass`. A throwing check counts as failing. */
  evaluate(fn: CheckFn, now: number, pass: number, onFailure?: CheckFailureReporter): boolean {
    let record = this.#records.get(fn);
    if (record !== undefined) {
      if (record.pass === pass) return record.passValue;
      if (now < record.expiresAt) return record.value;
    }
    let ok: boolean;
    try {
      const out: unknown = fn();
      if (typeof (out as { then?: unknown } | null)?.then === "function") {
        ok = false;
        onFailure?.(fn, new Error("the check returned a promise; checks must be synchronous"));
      } else {
        ok = Boolean(out);
      }
    } catch (error) {
      ok = false;
      onFailure?.(fn, error);
    }
    if (record === undefined) {
      record = { value: ok, expiresAt: 0, lastSuccessAt: undefined, pass, passValue: ok };
      this.#records.set(fn, record);
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

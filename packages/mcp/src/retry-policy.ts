/** How failed connects are retried and when the circuit breaker opens. */
export interface RetryPolicy {
  /** Delay before the first retry; doubled after each failure (default 1 s). */
  readonly initialDelayMs: number;
  /** Cap of the retry delay while the circuit is closed (default 60 s). */
  readonly maxDelayMs: number;
  /** Consecutive failures that open the circuit (default 3). */
  readonly failureThreshold: number;
  /** How long an open circuit refuses calls before one probe (default 60 s); doubled per failed probe. */
  readonly cooldownMs: number;
  /** Cap of the open-circuit cooldown (default 600 s). */
  readonly maxCooldownMs: number;
}

/** Hermes' defaults: 1 s doubling to 60 s, open after 3 failures, 60 s cooldown up to 600 s. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  initialDelayMs: 1_000,
  maxDelayMs: 60_000,
  failureThreshold: 3,
  cooldownMs: 60_000,
  maxCooldownMs: 600_000,
});

/** Milliseconds to wait after the `failures`-th consecutive failure before the next attempt. */
export function retryDelay(policy: RetryPolicy, failures: number): number {
  if (failures < policy.failureThreshold) {
    return Math.min(policy.initialDelayMs * 2 ** Math.max(0, failures - 1), policy.maxDelayMs);
  }
  return Math.min(
    policy.cooldownMs * 2 ** (failures - policy.failureThreshold),
    policy.maxCooldownMs,
  );
}

/** True when `failures` consecutive failures keep the circuit open. */
export function isCircuitOpen(policy: RetryPolicy, failures: number): boolean {
  return failures >= policy.failureThreshold;
}

import { setTimeout as sleep } from "node:timers/promises";

/** Limits shared by every page fetch of one tool set (web_extract and web_crawl alike). */
export interface RateLimits {
  /** Fetches in flight at once, all hosts together (default 4). */
  readonly maxConcurrent: number;
  /** Milliseconds between the starts of two fetches to the same host (default 0). */
  readonly minHostIntervalMs: number;
}

/** Default {@link RateLimits}. */
export const DEFAULT_RATE_LIMITS: RateLimits = Object.freeze({
  maxConcurrent: 4,
  minHostIntervalMs: 0,
});

/**
 * A global concurrency cap plus a per-host spacing of request starts. A host may ask for more
 * spacing (robots.txt `Crawl-delay`) per call.
 */
export class HostRateLimiter {
  readonly #limits: RateLimits;
  #active = 0;
  readonly #waiting: (() => void)[] = [];
  readonly #nextStart = new Map<string, number>();

  constructor(limits: Partial<RateLimits> = {}) {
    this.#limits = { ...DEFAULT_RATE_LIMITS, ...limits };
  }

  /** Run `task` for `host` once a slot is free and the host's spacing has passed. */
  async run<T>(
    host: string,
    task: () => Promise<T>,
    options: { readonly intervalMs?: number; readonly signal?: AbortSignal } = {},
  ): Promise<T> {
    const interval = Math.max(this.#limits.minHostIntervalMs, options.intervalMs ?? 0);
    const now = Date.now();
    const start = Math.max(now, this.#nextStart.get(host) ?? 0);
    this.#nextStart.set(host, start + interval);
    if (start > now)
      await sleep(start - now, undefined, options.signal ? { signal: options.signal } : {});
    await this.#acquire();
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  async #acquire(): Promise<void> {
    if (this.#active < this.#limits.maxConcurrent) {
      this.#active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#active -= 1;
  }
}

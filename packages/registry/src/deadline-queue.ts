/** A call waiting on its bucket's deadline; `expire` is dropped once it no longer needs it. */
interface Waiter {
  expire: ((passed: typeof DEADLINE_PASSED) => void) | undefined;
}

/** Something told when a bucket's deadline passes (see {@link DeadlineBucket.watch}). */
export interface DeadlineWatcher {
  deadlinePassed(): void;
}

/** Marks a race lost to the deadline. */
export const DEADLINE_PASSED: unique symbol = Symbol("deadline passed");

/**
 * The calls that started within one short window. They share one abort signal and one
 * deadline, `window + timeout` after the window opened, so every call gets at least the full
 * timeout and at most one window more, and the cost per call is a push, not a controller and a
 * timer (an `AbortController` costs microseconds in Node 20).
 */
export class DeadlineBucket {
  readonly deadline: number;
  readonly #controller = new AbortController();
  #waiters: Waiter[] = [];
  #watchers: DeadlineWatcher[] = [];
  #settled = 0;

  constructor(deadline: number) {
    this.deadline = deadline;
  }

  /** Aborted when the bucket's deadline passes. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Resolve with `work`'s value, or with {@link DEADLINE_PASSED} at the deadline. */
  race<T>(work: PromiseLike<T>): Promise<T | typeof DEADLINE_PASSED> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { expire: resolve };
      this.#waiters.push(waiter);
      work.then(
        (value) => {
          this.#forget(waiter);
          resolve(value);
        },
        (error: unknown) => {
          this.#forget(waiter);
          reject(error as Error);
        },
      );
    });
  }

  /** Tell `watcher` when the deadline passes (at once when it already has). */
  watch(watcher: DeadlineWatcher): void {
    if (this.#controller.signal.aborted) watcher.deadlinePassed();
    else this.#watchers.push(watcher);
  }

  /** Abort the shared signal, tell the watchers and settle every call still waiting. */
  expire(timeoutSeconds: number): void {
    this.#controller.abort(new Error(`timed out after ${timeoutSeconds}s`));
    const watchers = this.#watchers;
    this.#watchers = [];
    for (const watcher of watchers) watcher.deadlinePassed();
    for (const waiter of this.#waiters) waiter.expire?.(DEADLINE_PASSED);
    this.#waiters = [];
  }

  /** Drop a settled call; compact once settled calls are most of the list. */
  #forget(waiter: Waiter): void {
    if (waiter.expire === undefined) return;
    waiter.expire = undefined;
    this.#settled++;
    if (this.#settled > 64 && this.#settled * 2 > this.#waiters.length) {
      this.#waiters = this.#waiters.filter((item) => item.expire !== undefined);
      this.#settled = 0;
    }
  }
}

/**
 * The registry's default timeout: calls grouped into buckets by start time behind one unref'd
 * timer (a pending deadline never keeps the process alive by itself).
 */
export class DeadlineQueue {
  readonly #timeoutMs: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  #buckets: DeadlineBucket[] = [];
  #open: DeadlineBucket | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(timeoutMs: number, now: () => number = Date.now) {
    this.#timeoutMs = timeoutMs;
    this.#windowMs = Math.min(1000, Math.max(1, Math.floor(timeoutMs / 100)));
    this.#now = now;
  }

  /** The bucket a call starting now joins. */
  current(): DeadlineBucket {
    return this.#open ?? this.#openBucket();
  }

  #openBucket(): DeadlineBucket {
    const now = this.#now();
    const bucket = new DeadlineBucket(now + this.#windowMs + this.#timeoutMs);
    this.#open = bucket;
    // Close the window after windowMs; the next call opens a new bucket.
    setTimeout(() => {
      if (this.#open === bucket) this.#open = undefined;
    }, this.#windowMs).unref();
    this.#buckets.push(bucket);
    if (this.#timer === undefined) this.#arm(bucket.deadline - now);
    return bucket;
  }

  #arm(delayMs: number): void {
    this.#timer = setTimeout(() => this.#fire(), Math.max(0, delayMs));
    this.#timer.unref();
  }

  #fire(): void {
    this.#timer = undefined;
    const now = this.#now();
    const seconds = Number((this.#timeoutMs / 1000).toFixed(3));
    let expired = 0;
    while (
      expired < this.#buckets.length &&
      (this.#buckets[expired] as DeadlineBucket).deadline <= now
    ) {
      (this.#buckets[expired] as DeadlineBucket).expire(seconds);
      expired++;
    }
    this.#buckets = this.#buckets.slice(expired);
    const next = this.#buckets[0];
    if (next !== undefined) this.#arm(next.deadline - now);
  }
}

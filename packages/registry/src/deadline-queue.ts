/** A call waiting on the queue; `settled` is set once it no longer needs its deadline. */
interface Waiter {
  readonly deadline: number;
  readonly expire: () => void;
  settled: boolean;
}

/** Marks a race lost to the deadline. */
export const DEADLINE_PASSED: unique symbol = Symbol("deadline passed");

/**
 * Deadlines that all have the same length (the registry's default timeout), kept in start order
 * behind one timer, so giving every call a deadline costs a queue push, not a timer each. The
 * timer is unref'd: a pending deadline never keeps the process alive by itself.
 */
export class DeadlineQueue {
  readonly #lengthMs: number;
  readonly #now: () => number;
  #waiters: Waiter[] = [];
  #head = 0;
  #settledCount = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(lengthMs: number, now: () => number = Date.now) {
    this.#lengthMs = lengthMs;
    this.#now = now;
  }

  /**
   * Settle with `work`'s value, or with {@link DEADLINE_PASSED} once the deadline passes (then
   * `onExpire` runs first, to abort the work). A rejection of `work` rejects the race.
   */
  race<T>(work: PromiseLike<T>, onExpire: () => void): Promise<T | typeof DEADLINE_PASSED> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        deadline: this.#now() + this.#lengthMs,
        expire: () => {
          onExpire();
          resolve(DEADLINE_PASSED);
        },
        settled: false,
      };
      this.#push(waiter);
      work.then(
        (value) => {
          this.#settle(waiter);
          resolve(value);
        },
        (error: unknown) => {
          this.#settle(waiter);
          reject(error as Error);
        },
      );
    });
  }

  #push(waiter: Waiter): void {
    this.#waiters.push(waiter);
    if (this.#timer === undefined) this.#arm(this.#lengthMs);
  }

  #settle(waiter: Waiter): void {
    if (waiter.settled) return;
    waiter.settled = true;
    this.#settledCount++;
    this.#dropSettledHead();
    // A long call at the head pins the calls after it; compact once most of them are done.
    const live = this.#waiters.length - this.#head;
    if (this.#settledCount > 64 && this.#settledCount * 2 > live) {
      this.#waiters = this.#waiters.slice(this.#head).filter((w) => !w.settled);
      this.#head = 0;
      this.#settledCount = 0;
    }
  }

  #dropSettledHead(): void {
    while (this.#head < this.#waiters.length && (this.#waiters[this.#head] as Waiter).settled) {
      this.#head++;
      this.#settledCount--;
    }
    if (this.#head === this.#waiters.length) {
      this.#waiters = [];
      this.#head = 0;
      this.#settledCount = 0;
      if (this.#timer !== undefined) clearTimeout(this.#timer);
      this.#timer = undefined;
    } else if (this.#head > 1024 && this.#head * 2 > this.#waiters.length) {
      this.#waiters = this.#waiters.slice(this.#head);
      this.#head = 0;
    }
  }

  #arm(delayMs: number): void {
    this.#timer = setTimeout(() => this.#fire(), Math.max(0, delayMs));
    this.#timer.unref();
  }

  #fire(): void {
    this.#timer = undefined;
    const now = this.#now();
    while (this.#head < this.#waiters.length) {
      const waiter = this.#waiters[this.#head] as Waiter;
      if (!waiter.settled && waiter.deadline > now) break;
      this.#head++;
      if (waiter.settled) {
        this.#settledCount--;
        continue;
      }
      waiter.settled = true;
      waiter.expire();
    }
    this.#dropSettledHead();
    const next = this.#waiters[this.#head];
    if (next !== undefined) this.#arm(next.deadline - now);
  }
}

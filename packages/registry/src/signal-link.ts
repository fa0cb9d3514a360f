import type { DeadlineBucket, DeadlineWatcher } from "./deadline-queue.js";

/** Marks a race lost to the caller's abort. */
export const CALLER_ABORTED: unique symbol = Symbol("caller aborted");
/** Marks a race lost to the default deadline. */
export const LINK_DEADLINE_PASSED: unique symbol = Symbol("link deadline passed");

type Interruption = typeof CALLER_ABORTED | typeof LINK_DEADLINE_PASSED;

/** A call racing its link; `settle` is dropped once the call no longer needs it. */
interface PendingCall {
  settle: ((outcome: Interruption) => void) | undefined;
}

/**
 * The handler signal of the calls that carry one caller signal and started in one deadline
 * window: aborted when the caller aborts or the window's deadline passes, which is exactly when
 * each of those calls' own signal would abort. Sharing it makes a call's cost a push onto a list
 * rather than a controller, an abort listener and a timer of its own.
 */
export class SignalLink implements DeadlineWatcher {
  readonly #controller = new AbortController();
  readonly #onDone: (link: SignalLink) => void;
  #interruption: Interruption | undefined;
  #pending: PendingCall[] = [];
  #settled = 0;

  constructor(onDone: (link: SignalLink) => void) {
    this.#onDone = onDone;
  }

  /** The signal handed to the handlers of this link's calls. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The caller aborted: abort the handlers' signal with the caller's reason, settle every call. */
  callerAborted(reason: unknown): void {
    this.#interrupt(CALLER_ABORTED, reason);
  }

  /** The window's deadline passed. */
  deadlinePassed(): void {
    this.#interrupt(LINK_DEADLINE_PASSED, new Error("timed out"));
  }

  /** Resolve with `work`'s value, or with the interruption that came first. */
  race<T>(work: PromiseLike<T>): Promise<T | Interruption> {
    const interrupted = this.#interruption;
    return new Promise((resolve, reject) => {
      if (interrupted !== undefined) {
        // The work still settles later: keep its rejection from going unhandled.
        work.then(undefined, () => undefined);
        resolve(interrupted);
        return;
      }
      const call: PendingCall = { settle: resolve };
      this.#pending.push(call);
      work.then(
        (value) => {
          this.#forget(call);
          resolve(value);
        },
        (error: unknown) => {
          this.#forget(call);
          reject(error as Error);
        },
      );
    });
  }

  #interrupt(kind: Interruption, reason: unknown): void {
    if (this.#interruption !== undefined) return;
    this.#interruption = kind;
    this.#controller.abort(reason);
    const pending = this.#pending;
    this.#pending = [];
    for (const call of pending) call.settle?.(kind);
    this.#onDone(this);
  }

  /** Drop a settled call; compact once settled calls are most of the list. */
  #forget(call: PendingCall): void {
    if (call.settle === undefined) return;
    call.settle = undefined;
    this.#settled++;
    if (this.#settled > 64 && this.#settled * 2 > this.#pending.length) {
      this.#pending = this.#pending.filter((item) => item.settle !== undefined);
      this.#settled = 0;
    }
  }
}

/** The links of one caller signal: one abort listener, however many calls and windows. */
interface CallerLinks {
  current: SignalLink | undefined;
  currentBucket: DeadlineBucket | undefined;
  readonly live: Set<SignalLink>;
}

/**
 * The {@link SignalLink}s of a registry, by caller signal. A caller signal gets one abort
 * listener for its lifetime; a link lives until its deadline passes or the caller aborts.
 */
export class SignalLinks {
  readonly #byCaller = new WeakMap<AbortSignal, CallerLinks>();

  /** The link for a call carrying `caller` (not aborted) that joins `bucket` (none: no timeout). */
  linkFor(caller: AbortSignal, bucket: DeadlineBucket | undefined): SignalLink {
    let links = this.#byCaller.get(caller);
    if (links === undefined) {
      const created: CallerLinks = {
        current: undefined,
        currentBucket: undefined,
        live: new Set(),
      };
      links = created;
      this.#byCaller.set(caller, created);
      caller.addEventListener(
        "abort",
        () => {
          for (const link of [...created.live]) link.callerAborted(caller.reason);
        },
        { once: true },
      );
    }
    const current = links.current;
    if (current !== undefined && links.currentBucket === bucket) return current;
    const owner = links;
    const link = new SignalLink((done) => {
      owner.live.delete(done);
      if (owner.current === done) {
        owner.current = undefined;
        owner.currentBucket = undefined;
      }
    });
    links.current = link;
    links.currentBucket = bucket;
    links.live.add(link);
    bucket?.watch(link);
    return link;
  }
}

import type { TargetClass } from "./target-class.js";
import type { ApprovalChoice } from "./types.js";

/** What a gateway's notify callback receives: enough to show the user and to answer. */
export interface GatewayApprovalRequest {
  readonly requestId: string;
  readonly sessionKey: string;
  /** The command with secrets redacted. */
  readonly command: string;
  readonly patternKey: string;
  readonly patternKeys: readonly string[];
  readonly description: string;
  /**
   * Where the command acts ("workspace", "temp", "system", "everything"): a "session" or
   * "always" answer approves this kind of command for these target classes only.
   */
  readonly targetClasses?: readonly TargetClass[];
  /** False when "always" is not offered (e.g. after a smart-reviewer denial). */
  readonly allowPermanent: boolean;
  readonly allowSession: boolean;
  /** True when the smart reviewer denied it and the user may only override once. */
  readonly smartDenied: boolean;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
}

/** A gateway's notify callback: deliver the request to the user. A throw or rejection is a denial. */
export type GatewayNotify = (request: GatewayApprovalRequest) => void | Promise<void>;

/** How a queued request ended. */
export interface GatewayDecision {
  readonly kind: "choice" | "timeout" | "cancelled" | "notify_failed";
  readonly choice?: ApprovalChoice;
  readonly reason?: string;
}

/** Options of {@link GatewayQueue.resolve}. */
export interface ResolveGatewayOptions {
  /** Resolve every pending request of the session instead of the oldest one. */
  readonly resolveAll?: boolean;
  /** The user's reason, passed to the model on a denial. */
  readonly reason?: string;
  /** Resolve exactly this request; a stale id resolves nothing. */
  readonly requestId?: string;
}

interface Entry {
  readonly request: GatewayApprovalRequest;
  readonly command: string;
  readonly settle: (decision: GatewayDecision) => void;
  readonly decided: Promise<GatewayDecision>;
  waiters: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Per-session queues of gateway approval requests (FIFO), with coalescing of identical ones. */
export interface GatewayQueue {
  register(sessionKey: string, notify: GatewayNotify): void;
  /** Remove the notifier; every request still waiting in that session is cancelled (a denial). */
  unregister(sessionKey: string): void;
  hasNotifier(sessionKey: string): boolean;
  /**
   * Queue a request and notify (unless an identical one is pending, which is joined instead), then
   * wait for the decision. With `notify: false` the request is only queued and this resolves to
   * `undefined` at once (ask mode without a live notifier).
   */
  request(
    request: Omit<GatewayApprovalRequest, "requestId" | "createdAt">,
    command: string,
    options: { timeoutMs: number; signal?: AbortSignal | undefined; notify: boolean },
  ): Promise<
    { decision: GatewayDecision; requestId: string; coalesced: boolean } | { queued: string }
  >;
  resolve(sessionKey: string, choice: ApprovalChoice, options?: ResolveGatewayOptions): number;
  list(sessionKey?: string): GatewayApprovalRequest[];
  /** Drop the session's requests (as denials) and its notifier. */
  clearSession(sessionKey: string): void;
}

/** Hooks the manager gives the queue. */
export interface GatewayQueueOptions {
  readonly now: () => number;
  readonly newId: () => string;
  /**
   * Applied once per resolved request, before its waiters see the decision. `waited` is false for
   * a request that was only queued (ask mode): nobody is blocked on it.
   */
  readonly onResolved: (
    request: GatewayApprovalRequest,
    command: string,
    decision: GatewayDecision,
    waited: boolean,
  ) => Promise<void>;
}

const MAX_QUEUED_PER_SESSION = 64;

/** Create an empty queue. */
export function createGatewayQueue(options: GatewayQueueOptions): GatewayQueue {
  const notifiers = new Map<string, GatewayNotify>();
  const pending = new Map<string, Entry[]>();

  const remove = (entry: Entry): void => {
    const list = pending.get(entry.request.sessionKey);
    if (list === undefined) return;
    const i = list.indexOf(entry);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) pending.delete(entry.request.sessionKey);
    if (entry.timer !== undefined) clearTimeout(entry.timer);
  };

  const isPending = (entry: Entry): boolean =>
    pending.get(entry.request.sessionKey)?.includes(entry) === true;

  const finish = (entry: Entry, decision: GatewayDecision): void => {
    remove(entry);
    entry.settle(decision);
  };

  // Ask-mode requests wait for a user who may never come back; keep the newest ones only.
  const dropStaleQueued = (sessionKey: string): void => {
    const queued = (pending.get(sessionKey) ?? []).filter((e) => e.timer === undefined);
    for (const entry of queued.slice(0, Math.max(0, queued.length - MAX_QUEUED_PER_SESSION))) {
      finish(entry, { kind: "cancelled" });
    }
  };

  const createEntry = (
    base: Omit<GatewayApprovalRequest, "requestId" | "createdAt">,
    command: string,
  ): Entry => {
    const request: GatewayApprovalRequest = {
      ...base,
      requestId: options.newId(),
      createdAt: options.now(),
    };
    let settle!: (decision: GatewayDecision) => void;
    let settled = false;
    const raw = new Promise<GatewayDecision>((resolve) => {
      settle = (decision) => {
        if (settled) return;
        settled = true;
        resolve(decision);
      };
    });
    const decided = raw.then(async (decision) => {
      try {
        await options.onResolved(request, command, decision, entry.timer !== undefined);
      } catch {
        // Remembering the choice failed (reported by the manager); the decision still stands.
      }
      return decision;
    });
    const entry: Entry = { request, command, settle, decided, waiters: 0, timer: undefined };
    const list = pending.get(request.sessionKey) ?? [];
    list.push(entry);
    pending.set(request.sessionKey, list);
    return entry;
  };

  const wait = (entry: Entry, signal: AbortSignal | undefined): Promise<GatewayDecision> => {
    entry.waiters++;
    return new Promise<GatewayDecision>((resolve) => {
      const onAbort = (): void => {
        entry.waiters--;
        if (entry.waiters <= 0) finish(entry, { kind: "cancelled" });
        resolve({ kind: "cancelled" });
      };
      if (signal?.aborted === true) {
        onAbort();
        return;
      }
      signal?.addEventListener("abort", onAbort, { once: true });
      void entry.decided.then((decision) => {
        signal?.removeEventListener("abort", onAbort);
        resolve(decision);
      });
    });
  };

  return {
    register(sessionKey, notify) {
      notifiers.set(sessionKey, notify);
    },
    unregister(sessionKey) {
      notifiers.delete(sessionKey);
      for (const entry of [...(pending.get(sessionKey) ?? [])]) {
        if (entry.waiters > 0) finish(entry, { kind: "cancelled" });
      }
    },
    hasNotifier(sessionKey) {
      return notifiers.has(sessionKey);
    },
    async request(base, command, { timeoutMs, signal, notify }) {
      const existing = pending
        .get(base.sessionKey)
        ?.find(
          (e) =>
            e.command === command &&
            e.request.patternKey === base.patternKey &&
            e.request.smartDenied === base.smartDenied,
        );
      if (existing !== undefined && !notify) return { queued: existing.request.requestId };
      if (existing !== undefined && existing.timer !== undefined) {
        const decision = await wait(existing, signal);
        return { decision, requestId: existing.request.requestId, coalesced: true };
      }
      const entry = createEntry(base, command);
      if (!notify) {
        dropStaleQueued(base.sessionKey);
        return { queued: entry.request.requestId };
      }
      const waiting = wait(entry, signal);
      entry.timer = setTimeout(() => finish(entry, { kind: "timeout" }), timeoutMs);
      entry.timer.unref();
      const notifier = notifiers.get(base.sessionKey);
      // The notifier is not awaited on its own: one whose promise never settles must not keep
      // the request from being released by the timeout, the abort signal or unregistering.
      const failed = (): void => {
        if (isPending(entry)) finish(entry, { kind: "notify_failed" });
      };
      try {
        if (notifier === undefined) throw new Error("no gateway notifier registered");
        Promise.resolve(notifier(entry.request)).catch(failed);
      } catch {
        failed();
      }
      const decision = await waiting;
      return { decision, requestId: entry.request.requestId, coalesced: false };
    },
    resolve(sessionKey, choice, resolveOptions = {}) {
      const list = pending.get(sessionKey);
      if (list === undefined || list.length === 0) return 0;
      let targets: Entry[];
      if (resolveOptions.requestId !== undefined) {
        targets = list.filter((e) => e.request.requestId === resolveOptions.requestId);
      } else if (resolveOptions.resolveAll === true) {
        targets = [...list];
      } else {
        targets = list.slice(0, 1);
      }
      const decision: GatewayDecision = {
        kind: "choice",
        choice,
        ...(resolveOptions.reason === undefined ? {} : { reason: resolveOptions.reason }),
      };
      for (const entry of targets) finish(entry, decision);
      return targets.length;
    },
    list(sessionKey) {
      const out: GatewayApprovalRequest[] = [];
      for (const [key, entries] of pending) {
        if (sessionKey !== undefined && key !== sessionKey) continue;
        for (const entry of entries) out.push(entry.request);
      }
      return out.sort((a, b) => a.createdAt - b.createdAt);
    },
    clearSession(sessionKey) {
      for (const entry of [...(pending.get(sessionKey) ?? [])])
        finish(entry, { kind: "cancelled" });
      notifiers.delete(sessionKey);
    },
  };
}

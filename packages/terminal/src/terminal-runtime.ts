import { defaultBackends, type EnvironmentBackendRegistry } from "./backend-registry.js";
import { approverOf, type ApproveCommand, type CommandApprover } from "./command-approval.js";
import { createBackendStatus } from "./backend-status.js";
import type { Environment, EnvironmentOptions } from "./environment.js";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";
import { resolveTerminalOptions, type TerminalOptions } from "./options.js";
import {
  ProcessRegistry,
  type ProcessCompletion,
  type ProcessWatchNotice,
  type ProcessRegistryOptions,
} from "./process-registry.js";

/** Options of {@link createTerminalRuntime}. Everything has a default. */
export interface TerminalRuntimeOptions {
  /**
   * Settings; default {@link resolveTerminalOptions} over `process.env` (no config file). A
   * partial object is completed from those defaults.
   */
  readonly settings?: Partial<TerminalOptions>;
  /**
   * Who approves each command: an approval manager (e.g. the runtime's `ApprovalManager`) or a
   * function of the same shape. Default: @hermes-agent/approval's default manager, looked up
   * when the runtime is made; without that package every command is refused.
   */
  readonly approval?: CommandApprover | ApproveCommand;
  /** Backends to create environments with; default the shared registry (local). */
  readonly backends?: EnvironmentBackendRegistry;
  /** Host environment the child allowlist draws from; default `process.env`. */
  readonly hostEnv?: Readonly<Record<string, string | undefined>>;
  /** Limits of the process registry. */
  readonly processes?: ProcessRegistryOptions;
  /** Grace period between SIGTERM and SIGKILL, milliseconds. */
  readonly killGraceMs?: number;
  /** How often idle environments are looked for, milliseconds (default min(60 s, lifetime)). */
  readonly reapIntervalMs?: number;
}

/** Per-task environments, the background process registry, and the approval hook. */
export interface TerminalRuntime {
  readonly settings: TerminalOptions;
  readonly processes: ProcessRegistry;
  readonly approve: ApproveCommand;
  /**
   * Whether the configured backend can be used, as far as is known (the terminal tool's
   * availability check): false when it is not registered, or its last probe or environment
   * creation failed. Synchronous; a stale answer starts a new probe in the background.
   */
  available(): boolean;
  /** Why the configured backend cannot be used (what is missing, how to fix it), or undefined. */
  unavailableReason(): string | undefined;
  /**
   * Probe the configured backend now (client installed, daemon answering, host or
   * credentials set) and return the reason it cannot be used, or undefined when it can.
   */
  checkBackend(): Promise<string | undefined>;
  /** The environment of `taskId` (created on first use; `"default"` when omitted). */
  environment(taskId?: string): Promise<Environment>;
  /** Note activity on a task so its environment is not reaped as idle. */
  touch(taskId: string): void;
  /** Mark a task busy while a command runs (idle reaping skips it); call the returned function when done. */
  hold(taskId: string): () => void;
  /** Subscribe to completion notices (notify_on_complete). Returns an unsubscribe function. */
  onProcessComplete(listener: (completion: ProcessCompletion) => void): () => void;
  /** Subscribe to notices of watched output (watch_patterns). Returns an unsubscribe function. */
  onProcessWatch(listener: (notice: ProcessWatchNotice) => void): () => void;
  /** Clean up idle environments now; returns the task ids released. */
  reapIdle(): Promise<string[]>;
  /** Kill a task's processes and clean up its environment. */
  releaseTask(taskId: string): Promise<void>;
  /** Kill everything and clean up every environment. Safe to call twice. */
  shutdown(): Promise<void>;
}

interface TaskEntry {
  readonly environment: Promise<Environment>;
  lastActivity: number;
  /** Commands running now. */
  busy: number;
}

const live = new Set<{ killAllSync(): void }>();
let exitHookInstalled = false;

/** Signals that end a Node process by default; our children would outlive it. */
const FATAL_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

function killEverythingSync(): void {
  for (const runtime of live) runtime.killAllSync();
}

/** Marks this package's signal handlers, so copies of the package recognise each other's. */
const SIGNAL_HANDLER: unique symbol = Symbol.for("@hermes-agent/terminal/signal-handler");

/**
 * Kill every runtime's processes when this process ends: on exit, and on a fatal signal
 * that nobody else handles (Node's default for SIGTERM/SIGINT/SIGHUP skips "exit" handlers,
 * and the children, in their own process groups, would not get the signal). After the
 * cleanup the signal is raised again, so the process still dies of it as it would have.
 * When the application has its own listener, the signal is its business. Handlers of other
 * copies of this package do not count as the application's: each copy cleans up its own
 * runtimes and raises the signal again.
 */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", killEverythingSync);
  for (const signal of FATAL_SIGNALS) {
    const onSignal = Object.assign(
      (): void => {
        if (process.listeners(signal).some((listener) => !(SIGNAL_HANDLER in listener))) return;
        killEverythingSync();
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      },
      { [SIGNAL_HANDLER]: true },
    );
    process.on(signal, onSignal);
  }
}

/** Make a terminal runtime. Its idle-reaping timer does not keep the process alive. */
export function createTerminalRuntime(options: TerminalRuntimeOptions = {}): TerminalRuntime {
  const settings = completeSettings(options.settings);
  const approve = approverOf(options.approval);
  const backends = options.backends ?? defaultBackends;
  backends.assertKnown(settings.backend);
  const processes = new ProcessRegistry(options.processes);
  const tasks = new Map<string, TaskEntry>();
  const ready = new Map<string, Environment>();
  let closed = false;
  let reaper: NodeJS.Timeout | undefined;

  const syncKiller = {
    killAllSync(): void {
      for (const env of ready.values()) env.killAllSync?.();
    },
  };

  const startReaper = (): void => {
    if (reaper !== undefined) return;
    const every = options.reapIntervalMs ?? Math.min(60_000, settings.lifetimeSeconds * 1000);
    reaper = setInterval(() => void runtime.reapIdle(), every);
    reaper.unref();
  };

  const release = async (taskId: string): Promise<void> => {
    const entry = tasks.get(taskId);
    if (!entry) return;
    tasks.delete(taskId);
    ready.delete(taskId);
    await processes.killAll(taskId);
    const env = await entry.environment.catch(() => undefined);
    await env?.cleanup();
  };

  const environmentOptions = (taskId: string): EnvironmentOptions => ({
    taskId,
    ...(settings.cwd === undefined ? {} : { cwd: settings.cwd }),
    timeoutSeconds: settings.timeoutSeconds,
    maxOutputChars: settings.maxOutputChars,
    envPassthrough: settings.envPassthrough,
    backendOptions: settings.backendOptions,
    ...(options.hostEnv === undefined ? {} : { hostEnv: options.hostEnv }),
    ...(options.killGraceMs === undefined ? {} : { killGraceMs: options.killGraceMs }),
  });
  const status = createBackendStatus(backends, settings.backend, () =>
    environmentOptions("default"),
  );

  const runtime: TerminalRuntime = {
    settings,
    processes,
    approve,
    available: () => status.available(),
    unavailableReason: () => status.reason(),
    checkBackend: () => status.check(),
    environment(taskId = "default") {
      if (closed) {
        return Promise.reject(
          new TerminalError(
            TerminalErrorCode.EnvironmentClosed,
            "The terminal runtime was shut down.",
          ),
        );
      }
      const existing = tasks.get(taskId);
      if (existing) {
        existing.lastActivity = Date.now();
        return existing.environment;
      }
      const environment = backends.create(settings.backend, environmentOptions(taskId));
      tasks.set(taskId, { environment, lastActivity: Date.now(), busy: 0 });
      environment.then(
        (env) => {
          status.observe(undefined);
          if (tasks.get(taskId)?.environment === environment) ready.set(taskId, env);
        },
        // A failed creation is not cached: the next call tries again.
        (error: unknown) => {
          status.observe(error);
          if (tasks.get(taskId)?.environment === environment) tasks.delete(taskId);
        },
      );
      live.add(syncKiller);
      installExitHook();
      startReaper();
      return environment;
    },
    touch(taskId) {
      const entry = tasks.get(taskId);
      if (entry) entry.lastActivity = Date.now();
    },
    hold(taskId) {
      const entry = tasks.get(taskId);
      if (!entry) return () => undefined;
      entry.busy += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        entry.busy -= 1;
        entry.lastActivity = Date.now();
      };
    },
    onProcessComplete: (listener) => processes.onComplete(listener),
    onProcessWatch: (listener) => processes.onWatch(listener),
    async reapIdle() {
      const cutoff = Date.now() - settings.lifetimeSeconds * 1000;
      const idle = [...tasks.entries()]
        .filter(
          ([taskId, entry]) =>
            entry.busy === 0 && entry.lastActivity < cutoff && !processes.hasRunning(taskId),
        )
        .map(([taskId]) => taskId);
      await Promise.all(idle.map((taskId) => release(taskId)));
      return idle;
    },
    releaseTask: release,
    async shutdown() {
      if (closed) return;
      closed = true;
      if (reaper !== undefined) clearInterval(reaper);
      processes.clearListeners();
      await processes.killAll();
      processes.clear();
      await Promise.all([...tasks.keys()].map((taskId) => release(taskId)));
      await status.settled();
      live.delete(syncKiller);
    },
  };
  return runtime;
}

const POSITIVE_SETTINGS = [
  "timeoutSeconds",
  "lifetimeSeconds",
  "maxForegroundTimeoutSeconds",
  "maxOutputChars",
] as const;

/**
 * Settings with every field: the given ones over the defaults. A number that is not positive
 * is refused here, rather than surfacing later as "timed out after NaNs".
 */
function completeSettings(given: Partial<TerminalOptions> | undefined): TerminalOptions {
  const defaults = resolveTerminalOptions({ env: process.env });
  if (given === undefined) return defaults;
  const defined = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  ) as Partial<TerminalOptions>;
  const settings: TerminalOptions = { ...defaults, ...defined };
  for (const key of POSITIVE_SETTINGS) {
    const value: unknown = settings[key];
    if (typeof value !== "number" || !(value > 0)) {
      throw new RangeError(
        `terminal settings: ${key} must be a positive number, got ${String(value)}`,
      );
    }
  }
  return settings;
}

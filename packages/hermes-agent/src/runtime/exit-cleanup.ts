/** Something that can kill what it started without waiting (a runtime). */
export interface SyncKillable {
  killSync(): void;
}

const live = new Set<SyncKillable>();
let installed = false;

/** The terminal package's brand for its signal handlers; ours carries it too, so they cooperate. */
const SIGNAL_HANDLER: unique symbol = Symbol.for("@hermes-agent/terminal/signal-handler") as never;
const FATAL_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM"];

function killAll(): void {
  for (const runtime of [...live]) {
    try {
      runtime.killSync();
    } catch {
      // Exiting: a failing runtime must not stop the others' cleanup.
    }
  }
}

/**
 * Kill every live runtime's children when the process exits or dies of SIGINT/SIGTERM. When
 * the application listens to the signal itself, the signal is its business (it should call
 * `runtime.close()`); otherwise the runtimes are cleaned up and the signal raised again, so the
 * process still ends the way it would have.
 */
function install(): void {
  if (installed) return;
  installed = true;
  process.once("exit", killAll);
  for (const signal of FATAL_SIGNALS) {
    const onSignal = Object.assign(
      (): void => {
        if (process.listeners(signal).some((listener) => !(SIGNAL_HANDLER in listener))) return;
        killAll();
        process.removeListener(signal, onSignal);
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      },
      { [SIGNAL_HANDLER]: true },
    );
    process.on(signal, onSignal);
  }
}

/** Track a runtime until {@link untrackRuntime}; installs the process hooks on first use. */
export function trackRuntime(runtime: SyncKillable): void {
  live.add(runtime);
  install();
}

/** Stop tracking a closed runtime. */
export function untrackRuntime(runtime: SyncKillable): void {
  live.delete(runtime);
}

import type { ToolRegistry } from "@hermes-agent/registry";
import {
  PROCESS_DESCRIPTION,
  PROCESS_PARAMETERS,
  runProcessTool,
  type ProcessArgs,
} from "./process-tool.js";
import {
  createTerminalRuntime,
  type TerminalRuntime,
  type TerminalRuntimeOptions,
} from "./terminal-runtime.js";
import {
  runTerminalTool,
  TERMINAL_DESCRIPTION,
  terminalParametersFor,
  type TerminalArgs,
} from "./terminal-tool.js";

/**
 * Seconds a terminal call may take beyond its command's own timeout before the registry's
 * backstop ends it: a human deciding on an approval (Hermes' `approvals.timeout` is 300 s) and a
 * backend starting (an image pulled or built). The command's own timeout ends it long before.
 */
const TERMINAL_CALL_ALLOWANCE_SECONDS = 900;
/** Seconds a `process` call may take beyond the longest wait it accepts. */
const PROCESS_CALL_ALLOWANCE_SECONDS = 60;

/** The longest a terminal call with these arguments may run, in milliseconds. */
function terminalCallLimitMs(runtime: TerminalRuntime, args: TerminalArgs): number {
  const { timeoutSeconds, maxForegroundTimeoutSeconds } = runtime.settings;
  const requested = typeof args.timeout === "number" && args.timeout > 0 ? args.timeout : 0;
  const longest = Math.max(timeoutSeconds, Math.min(requested, maxForegroundTimeoutSeconds));
  return (longest + TERMINAL_CALL_ALLOWANCE_SECONDS) * 1000;
}

/** Toolset of the terminal and process tools. */
export const TERMINAL_TOOLSET = "terminal";

/** Options of {@link registerTerminalTools}: an existing runtime, or options to make one. */
export type RegisterTerminalToolsOptions = TerminalRuntimeOptions & {
  /** Use this runtime instead of making one. */
  readonly runtime?: TerminalRuntime;
};

/**
 * Register the `terminal` (💻) and `process` tools in `registry`, toolset `terminal`.
 * Returns the runtime behind them; call its `shutdown()` when done.
 */
export function registerTerminalTools(
  registry: ToolRegistry,
  options: RegisterTerminalToolsOptions = {},
): TerminalRuntime {
  const runtime = options.runtime ?? createTerminalRuntime(options);
  registry.register<TerminalArgs>({
    name: "terminal",
    toolset: TERMINAL_TOOLSET,
    emoji: "💻",
    maxResultSizeChars: 100_000,
    schema: {
      name: "terminal",
      description: TERMINAL_DESCRIPTION,
      parameters: terminalParametersFor(
        runtime.settings.timeoutSeconds,
        runtime.settings.maxForegroundTimeoutSeconds,
      ),
    },
    checkFn: () => runtime.available(),
    unavailableReason: () => runtime.unavailableReason(),
    timeoutMs: (args) => terminalCallLimitMs(runtime, args),
    handler: async (args, ctx) => JSON.stringify(await runTerminalTool(runtime, args, ctx)),
  });
  registry.register<ProcessArgs>({
    name: "process",
    toolset: TERMINAL_TOOLSET,
    emoji: "⚙️",
    schema: { name: "process", description: PROCESS_DESCRIPTION, parameters: PROCESS_PARAMETERS },
    checkFn: () => runtime.available(),
    unavailableReason: () => runtime.unavailableReason(),
    timeoutMs: () =>
      (runtime.settings.maxForegroundTimeoutSeconds + PROCESS_CALL_ALLOWANCE_SECONDS) * 1000,
    handler: async (args, ctx) => JSON.stringify(await runProcessTool(runtime, args, ctx)),
  });
  return runtime;
}

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
  TERMINAL_PARAMETERS,
  type TerminalArgs,
} from "./terminal-tool.js";

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
      parameters: TERMINAL_PARAMETERS,
    },
    checkFn: () => runtime.available(),
    unavailableReason: () => runtime.unavailableReason(),
    handler: async (args, ctx) => JSON.stringify(await runTerminalTool(runtime, args, ctx)),
  });
  registry.register<ProcessArgs>({
    name: "process",
    toolset: TERMINAL_TOOLSET,
    emoji: "⚙️",
    schema: { name: "process", description: PROCESS_DESCRIPTION, parameters: PROCESS_PARAMETERS },
    checkFn: () => runtime.available(),
    unavailableReason: () => runtime.unavailableReason(),
    handler: async (args, ctx) => JSON.stringify(await runProcessTool(runtime, args, ctx)),
  });
  return runtime;
}

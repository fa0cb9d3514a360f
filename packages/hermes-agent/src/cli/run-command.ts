import type { RunAgentResult } from "../agent/run-agent-types.js";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { CliExit, err, out, type CliIo } from "./cli-io.js";
import { warnUnknownToolsets } from "./toolset-names.js";
import { interruptOnSigint } from "./interrupt-signal.js";

/** Options of `hermes-agent run`. */
export interface RunCommandOptions {
  readonly json?: boolean;
  readonly model?: string;
  readonly maxIterations?: number;
  readonly toolsets?: readonly string[];
}

/**
 * `hermes-agent run "<prompt>"`: one agent run for scripts. Streams the reply to standard output
 * (or prints the result object with `--json`); exit 1 unless the run completed.
 */
export async function runPrompt(
  io: CliIo,
  runtime: HermesRuntime,
  prompt: string,
  options: RunCommandOptions,
): Promise<RunAgentResult> {
  warnUnknownToolsets(io, runtime, options.toolsets);
  const controller = new AbortController();
  const stopListening = interruptOnSigint(controller, "interrupted by Ctrl-C");
  const state = { streamed: false };
  let result: RunAgentResult;
  try {
    result = await runtime.runAgent({
      prompt,
      source: "run",
      signal: controller.signal,
      ...(options.model === undefined ? {} : { model: options.model }),
      ...(options.maxIterations === undefined ? {} : { maxIterations: options.maxIterations }),
      ...(options.toolsets === undefined ? {} : { toolsets: options.toolsets }),
      ...(options.json === true
        ? {}
        : {
            onText: (delta: string) => {
              state.streamed = true;
              io.stdout.write(delta);
            },
          }),
    });
  } finally {
    stopListening();
  }
  if (options.json === true) out(io, JSON.stringify(result, null, 2));
  else if (state.streamed) out(io);
  if (result.status !== "completed") {
    if (options.json !== true)
      err(io, `run ${result.status}${result.error === undefined ? "" : `: ${result.error}`}`);
    throw new CliExit("", 1);
  }
  return result;
}

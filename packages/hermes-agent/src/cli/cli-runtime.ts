import { createStderrLogger } from "@hermes-agent/core";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import type { RuntimeApprovalOption } from "../runtime/runtime-options.js";
import type { CliIo } from "./cli-io.js";

/** Options every command accepts. */
export interface GlobalOptions {
  /** Hermes home (default `HERMES_HOME`, else `~/.hermes`). */
  readonly home?: string;
  /** Print debug logs. */
  readonly verbose?: boolean;
}

/**
 * Make the runtime a command works with; close it when done. The runtime is imported here, on
 * first use, so commands that need none (help, version, config) never load the tool packages.
 */
export async function openRuntime(
  io: CliIo,
  globals: GlobalOptions,
  approval: RuntimeApprovalOption,
  platform?: string,
): Promise<HermesRuntime> {
  const { createRuntime } = await import("../runtime/create-runtime.js");
  return createRuntime({
    env: io.env,
    approval,
    logger: createStderrLogger({
      name: "hermes-agent",
      level: globals.verbose === true ? "debug" : "warn",
    }),
    ...(globals.home === undefined ? {} : { hermesHome: globals.home }),
    ...(platform === undefined ? {} : { platform }),
  });
}

/** Run `body` with a runtime and close the runtime afterwards, whatever happens. */
export async function withRuntime<T>(
  io: CliIo,
  globals: GlobalOptions,
  approval: RuntimeApprovalOption,
  body: (runtime: HermesRuntime) => Promise<T>,
): Promise<T> {
  const runtime = await openRuntime(io, globals, approval);
  try {
    return await body(runtime);
  } finally {
    await runtime.close();
  }
}

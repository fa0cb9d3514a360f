import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import type { Logger } from "@hermes-agent/core";
import { createRuntime, type HermesRuntime, type RuntimeOptions } from "../../src/index.js";

/** A logger that keeps every line, so tests can assert what was logged. */
export interface RecordingLogger extends Logger {
  readonly lines: string[];
}

/** A logger recording `level message` lines. */
export function recordingLogger(): RecordingLogger {
  const lines: string[] = [];
  return {
    lines,
    debug: (message) => lines.push(`debug ${message}`),
    info: (message) => lines.push(`info ${message}`),
    warn: (message) => lines.push(`warn ${message}`),
    error: (message) => lines.push(`error ${message}`),
  };
}

/** A runtime in a private Hermes home, with its logger, and the cleanup of both. */
export interface RuntimeHarness {
  readonly runtime: HermesRuntime;
  readonly home: TempDir;
  readonly logger: RecordingLogger;
  dispose(): Promise<void>;
}

/** Make a runtime over a fresh temp HERMES_HOME; approval defaults to "deny" (fail closed). */
export async function startRuntime(options: RuntimeOptions = {}): Promise<RuntimeHarness> {
  const home = await createTempDir("hermes-agent-test-");
  const logger = recordingLogger();
  const runtime = await createRuntime({
    hermesHome: home.path,
    env: { PATH: process.env.PATH, HOME: home.path, LANG: "C.UTF-8" },
    logger,
    approval: "deny",
    cwd: home.path,
    ...options,
  });
  return {
    runtime,
    home,
    logger,
    async dispose() {
      await runtime.close();
      await home.remove();
    },
  };
}

/** Parse a JSON tool result. */
export function parse(result: string): Record<string, unknown> {
  return JSON.parse(result) as Record<string, unknown>;
}

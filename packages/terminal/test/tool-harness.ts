import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { createTempDir, killPids, type TempDir } from "@hermes-agent/test-utils";
import { accessSync, constants, existsSync } from "node:fs";
import path from "node:path";
import type { ApprovalResult, CheckCommandOptions } from "@hermes-agent/approval";
import {
  registerTerminalTools,
  resolveTerminalOptions,
  type ApproveCommand,
  type RegisterTerminalToolsOptions,
  type TerminalRuntime,
} from "../src/index.js";

/** An approval function that lets everything through and records what it was asked. */
export function recordingApprove(
  answer: ApprovalResult = { approved: true, message: null },
): ApproveCommand & {
  calls: { command: string; options: CheckCommandOptions }[];
} {
  const calls: { command: string; options: CheckCommandOptions }[] = [];
  const approve = (command: string, options: CheckCommandOptions): Promise<ApprovalResult> => {
    calls.push({ command, options });
    return Promise.resolve(answer);
  };
  return Object.assign(approve, { calls });
}

/** A registry with the terminal tools over a private temp dir; `close()` kills everything. */
export interface Harness {
  readonly registry: ToolRegistry;
  readonly runtime: TerminalRuntime;
  readonly dir: TempDir;
  call(
    name: string,
    args: Record<string, unknown>,
    ctx?: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function createHarness(
  options: RegisterTerminalToolsOptions & {
    terminal?: Record<string, unknown>;
    maxBytes?: number;
  } = {},
): Promise<Harness> {
  const dir = await createTempDir();
  const registry = new ToolRegistry({ logger: silentLogger, hermesHome: dir.path });
  const settings =
    options.settings ??
    resolveTerminalOptions({
      config: {
        terminal: { cwd: dir.path, ...options.terminal },
        ...(options.maxBytes === undefined ? {} : { tool_output: { max_bytes: options.maxBytes } }),
      },
    });
  const runtime = registerTerminalTools(registry, {
    approval: recordingApprove(),
    killGraceMs: 300,
    ...options,
    settings,
  });
  return {
    registry,
    runtime,
    dir,
    async call(name, args, ctx = {}) {
      const out = await registry.dispatch(name, args, ctx);
      return JSON.parse(typeof out === "string" ? out : JSON.stringify(out)) as Record<
        string,
        unknown
      >;
    },
    async close() {
      const pids = runtime.processes
        .list()
        .flatMap((proc) => (proc.pid === undefined ? [] : [proc.pid]));
      await runtime.shutdown();
      killPids(pids);
      await dir.remove();
    },
  };
}

/** python3 for interactive tests: /usr/bin/python3 when present, else the first on PATH. */
export function findPython(): string | undefined {
  if (existsSync("/usr/bin/python3")) return "/usr/bin/python3";
  // Searched here rather than with a shell, so no shell startup file (BASH_ENV) is involved.
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir === "") continue;
    const candidate = path.join(dir, "python3");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

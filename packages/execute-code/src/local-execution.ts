import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ExecuteCodeError, ExecuteCodeErrorCode } from "./execute-code-error.js";
import { runProcess, type RunOutcome } from "./local-runner.js";
import type { StubTool } from "./python-stubs.js";
import { createRpcDispatcher, type CallTool } from "./rpc-dispatcher.js";
import { startSocketRpcServer } from "./socket-rpc-server.js";
import { buildScriptEnv } from "./script-env.js";
import { scriptFileName, stagedFiles, type ScriptLanguage } from "./staged-files.js";

/** Longest Unix socket path Linux accepts (108 bytes including the terminating NUL). */
const MAX_SOCKET_PATH = 107;

/** Wraps the interpreter's argv, e.g. to run it inside the terminal's sandbox. */
export type CommandWrapper = (
  argv: readonly string[],
  context: { readonly stagingDir: string; readonly cwd: string },
) => readonly string[];

/** Everything one local run needs. */
export interface LocalExecution {
  readonly language: ScriptLanguage;
  readonly code: string;
  readonly tools: readonly StubTool[];
  readonly interpreter: string;
  /** `undefined`: run in the staging directory (strict mode). */
  readonly cwd: string | undefined;
  readonly timeoutSeconds: number;
  readonly maxToolCalls: number;
  readonly killGraceMs: number | undefined;
  readonly callTool: CallTool;
  readonly taskId: string | undefined;
  readonly signal: AbortSignal | undefined;
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  readonly passthrough: readonly string[];
  readonly timezone: string | undefined;
  readonly tempRoot: string | undefined;
  readonly wrapCommand: CommandWrapper | undefined;
  readonly keepFullStdout: boolean;
}

/** What a local run came to. */
export interface LocalExecutionOutcome extends RunOutcome {
  readonly toolCallsMade: number;
}

/** Make the private (0700) staging directory of one execution. */
export async function makeStagingDir(tempRoot: string | undefined): Promise<string> {
  // mkdtemp creates the directory with mode 0700.
  return mkdtemp(path.join(tempRoot ?? os.tmpdir(), "hermes_sandbox_"));
}

/** Write staged files under `dir` (owner-only). */
export async function writeStagedFiles(
  dir: string,
  files: readonly { path: string; content: string }[],
): Promise<void> {
  for (const file of files) {
    const target = path.join(dir, file.path);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await writeFile(target, file.content, { mode: 0o600 });
  }
}

/**
 * Run one script on this machine: a private staging directory with the script, the stubs and
 * the RPC socket; a per-run token; the server enforcing allowlist and call cap; everything
 * removed afterwards, whatever happened.
 */
export async function runLocalExecution(run: LocalExecution): Promise<LocalExecutionOutcome> {
  const stagingDir = await makeStagingDir(run.tempRoot);
  const ended = new AbortController();
  const forward = (): void => ended.abort(run.signal?.reason);
  run.signal?.addEventListener("abort", forward, { once: true });
  let server: Awaited<ReturnType<typeof startSocketRpcServer>> | undefined;
  try {
    const socketPath = path.join(stagingDir, "rpc.sock");
    if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
      throw new ExecuteCodeError(
        ExecuteCodeErrorCode.RpcServer,
        `The RPC socket path ${socketPath} is longer than ${MAX_SOCKET_PATH} bytes; set a shorter TMPDIR.`,
      );
    }
    const token = randomBytes(32).toString("base64url");
    const dispatcher = createRpcDispatcher({
      token,
      allowedTools: run.tools.map((tool) => tool.name),
      maxToolCalls: run.maxToolCalls,
      callTool: run.callTool,
      taskId: run.taskId,
      signal: ended.signal,
    });
    await writeStagedFiles(stagingDir, stagedFiles(run.language, run.code, run.tools, "socket"));
    server = await startSocketRpcServer(socketPath, dispatcher);
    const env = buildScriptEnv({
      hostEnv: run.hostEnv,
      passthrough: run.passthrough,
      rpc: { HERMES_RPC_SOCKET: socketPath, HERMES_RPC_TOKEN: token },
      stagingDir,
      timezone: run.timezone,
    });
    const cwd = run.cwd ?? stagingDir;
    const baseArgv = [run.interpreter, path.join(stagingDir, scriptFileName(run.language))];
    const argv =
      run.wrapCommand === undefined ? baseArgv : run.wrapCommand(baseArgv, { stagingDir, cwd });
    const [command, ...args] = argv;
    if (command === undefined)
      throw new ExecuteCodeError(
        ExecuteCodeErrorCode.InvalidOption,
        "wrapCommand returned an empty argv.",
      );
    const outcome = await runProcess({
      command,
      args,
      cwd,
      env,
      timeoutMs: run.timeoutSeconds * 1000,
      killGraceMs: run.killGraceMs,
      signal: run.signal,
      keepFullStdout: run.keepFullStdout,
    });
    return { ...outcome, toolCallsMade: dispatcher.callsMade };
  } finally {
    run.signal?.removeEventListener("abort", forward);
    ended.abort();
    await server?.close();
    await rm(stagingDir, { recursive: true, force: true });
  }
}

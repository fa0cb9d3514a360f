import { spawn, type ChildProcessByStdio } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { ExecuteCodeError, ExecuteCodeErrorCode } from "./execute-code-error.js";
import { makeStagingDir, writeStagedFiles, type CommandWrapper } from "./local-execution.js";
import { KILL_GRACE_MS, type RunStatus } from "./local-runner.js";
import { HeadCapture, StdoutCapture } from "./output-capture.js";
import { releaseGroup, signalGroup, trackGroup } from "./process-group.js";
import { generatePythonModule, type StubTool } from "./python-stubs.js";
import { PYTHON_KERNEL_SOURCE } from "./python-kernel-source.js";
import { createRpcDispatcher, type CallTool, type RpcDispatcher } from "./rpc-dispatcher.js";
import { buildScriptEnv } from "./script-env.js";
import { startSocketRpcServer, type SocketRpcServer } from "./socket-rpc-server.js";
import type { LocalExecutionOutcome } from "./local-execution.js";

/** How a persistent session is started. */
export interface PythonSessionOptions {
  readonly interpreter: string;
  /** `undefined`: the staging directory (strict mode). */
  readonly cwd: string | undefined;
  readonly tools: readonly StubTool[];
  readonly maxToolCalls: number;
  readonly callTool: CallTool;
  readonly taskId: string | undefined;
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  readonly passthrough: readonly string[];
  readonly timezone: string | undefined;
  readonly tempRoot: string | undefined;
  readonly wrapCommand: CommandWrapper | undefined;
  readonly killGraceMs: number | undefined;
  /** Milliseconds without a call after which the session ends itself. */
  readonly idleTimeoutMs: number;
}

/** One cell run in a session. */
export interface SessionCell {
  readonly code: string;
  readonly timeoutSeconds: number;
  readonly signal: AbortSignal | undefined;
  readonly keepFullStdout: boolean;
}

interface CellFrame {
  readonly status: "ok" | "error" | "exit";
  readonly exit_code: number;
  readonly stdout: string;
  readonly stderr: string;
}

interface RunningCell {
  readonly stdout: StdoutCapture;
  readonly stderr: HeadCapture;
  settle(frame: CellFrame | undefined): void;
}

/**
 * A long-lived Python interpreter for one task: variables and imports survive between
 * execute_code calls. Same envelope as a one-off run (private staging dir, token, allowlist,
 * call cap per call, scrubbed env); a timeout or interrupt kills it and its state is lost.
 */
export class PythonSession {
  readonly key: string;
  readonly #options: PythonSessionOptions;
  readonly #stagingDir: string;
  readonly #server: SocketRpcServer;
  readonly #dispatcher: RpcDispatcher;
  readonly #child: ChildProcessByStdio<Writable, Readable, Readable>;
  readonly #marker: Buffer;
  #buffer: Buffer = Buffer.alloc(0);
  #frameLength = -1;
  #cell: RunningCell | undefined;
  #cellEnded = new AbortController();
  #idleTimer: NodeJS.Timeout | undefined;
  #exited = false;
  #closing: Promise<void> | undefined;
  readonly #exit: Promise<void>;

  private constructor(
    key: string,
    options: PythonSessionOptions,
    parts: {
      stagingDir: string;
      server: SocketRpcServer;
      dispatcher: RpcDispatcher;
      child: ChildProcessByStdio<Writable, Readable, Readable>;
      sentinel: string;
    },
  ) {
    this.key = key;
    this.#options = options;
    this.#stagingDir = parts.stagingDir;
    this.#server = parts.server;
    this.#dispatcher = parts.dispatcher;
    this.#child = parts.child;
    this.#marker = Buffer.from(`\n${parts.sentinel} `, "ascii");
    this.#exit = new Promise((resolve) => {
      parts.child.once("close", () => {
        this.#exited = true;
        this.#cell?.settle(undefined);
        resolve();
      });
    });
    parts.child.stdout.on("data", (chunk: Buffer) => this.#onStdout(chunk));
    parts.child.stderr.on("data", (chunk: Buffer) => this.#cell?.stderr.push(chunk));
    parts.child.stdin.on("error", () => undefined);
    this.#armIdle();
  }

  /** Start a session: staging dir, stubs, RPC server and the interpreter. */
  static async start(key: string, options: PythonSessionOptions): Promise<PythonSession> {
    const stagingDir = await makeStagingDir(options.tempRoot);
    try {
      const token = randomBytes(32).toString("base64url");
      const sentinel = `@@HERMES-SESSION-${randomBytes(12).toString("hex")}@@`;
      const socketPath = path.join(stagingDir, "rpc.sock");
      await writeStagedFiles(stagingDir, [
        { path: "hermes_tools.py", content: generatePythonModule(options.tools, "socket") },
        { path: "hermes_session.py", content: PYTHON_KERNEL_SOURCE },
      ]);
      const placeholder = new AbortController();
      const dispatcher = createRpcDispatcher({
        token,
        allowedTools: options.tools.map((tool) => tool.name),
        maxToolCalls: options.maxToolCalls,
        callTool: options.callTool,
        taskId: options.taskId,
        signal: placeholder.signal,
      });
      const server = await startSocketRpcServer(socketPath, dispatcher);
      const env = buildScriptEnv({
        hostEnv: options.hostEnv,
        passthrough: options.passthrough,
        rpc: {
          HERMES_RPC_SOCKET: socketPath,
          HERMES_RPC_TOKEN: token,
          HERMES_RPC_PERSISTENT: "1",
          HERMES_KERNEL_SENTINEL: sentinel,
        },
        stagingDir,
        timezone: options.timezone,
      });
      const cwd = options.cwd ?? stagingDir;
      const base = [options.interpreter, path.join(stagingDir, "hermes_session.py")];
      const [command, ...args] = options.wrapCommand?.(base, { stagingDir, cwd }) ?? base;
      if (command === undefined)
        throw new ExecuteCodeError(
          ExecuteCodeErrorCode.InvalidOption,
          "wrapCommand returned an empty argv.",
        );
      const child = spawn(command, args, {
        cwd,
        env,
        detached: true,
        stdio: ["pipe", "pipe", "pipe"],
      });
      child.once("error", () => undefined);
      trackGroup(child.pid);
      return new PythonSession(key, options, { stagingDir, server, dispatcher, child, sentinel });
    } catch (error) {
      await rm(stagingDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** False once the interpreter has exited or the session was closed. */
  get alive(): boolean {
    return !this.#exited && this.#closing === undefined;
  }

  /** Run one cell. Cells of a session run one at a time. */
  async run(
    cell: SessionCell,
  ): Promise<LocalExecutionOutcome & { readonly sessionEnded: boolean }> {
    if (!this.alive)
      throw new ExecuteCodeError(
        ExecuteCodeErrorCode.Closed,
        "The persistent Python session has ended.",
      );
    if (this.#idleTimer !== undefined) clearTimeout(this.#idleTimer);
    this.#cellEnded = new AbortController();
    this.#dispatcher.resetBudget(this.#cellEnded.signal);
    const stdout = new StdoutCapture(undefined, cell.keepFullStdout);
    const stderr = new HeadCapture();
    let reason: "timeout" | "interrupted" | undefined;
    const frame = await new Promise<CellFrame | undefined>((resolve) => {
      const stop = (why: "timeout" | "interrupted"): void => {
        if (reason !== undefined) return;
        reason = why;
        void this.close();
      };
      const timer = setTimeout(() => stop("timeout"), Math.max(1, cell.timeoutSeconds * 1000));
      const onAbort = (): void => stop("interrupted");
      cell.signal?.addEventListener("abort", onAbort, { once: true });
      if (cell.signal?.aborted === true) onAbort();
      this.#cell = {
        stdout,
        stderr,
        settle: (value) => {
          clearTimeout(timer);
          cell.signal?.removeEventListener("abort", onAbort);
          resolve(value);
        },
      };
      this.#child.stdin.write(`${JSON.stringify({ code: cell.code })}\n`);
    });
    this.#cell = undefined;
    this.#cellEnded.abort();
    const toolCallsMade = this.#dispatcher.callsMade;
    if (frame !== undefined) {
      stdout.push(Buffer.from(frame.stdout, "utf8"));
      stderr.push(Buffer.from(frame.stderr, "utf8"));
    }
    const ended = frame === undefined || frame.status === "exit";
    if (ended) await this.close();
    else this.#armIdle();
    const exitCode =
      reason === "timeout"
        ? 124
        : reason === "interrupted"
          ? 130
          : (frame?.exit_code ?? this.#child.exitCode ?? 1);
    const status: RunStatus = reason ?? (exitCode === 0 ? "success" : "error");
    return {
      status,
      exitCode,
      stdout: stdout.result(),
      stderr:
        frame === undefined && reason === undefined
          ? `${stderr.text()}The persistent Python session exited unexpectedly; its state was lost.\n`
          : stderr.text(),
      spawnError: undefined,
      toolCallsMade,
      sessionEnded: ended || reason !== undefined,
    };
  }

  /** End the interpreter (SIGTERM, SIGKILL after the grace period) and remove its files. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#idleTimer !== undefined) clearTimeout(this.#idleTimer);
      const pid = this.#child.pid;
      if (!this.#exited) {
        signalGroup(pid, "SIGTERM");
        const grace = setTimeout(
          () => signalGroup(pid, "SIGKILL"),
          this.#options.killGraceMs ?? KILL_GRACE_MS,
        );
        await this.#exit;
        clearTimeout(grace);
      }
      signalGroup(pid, "SIGKILL");
      releaseGroup(pid);
      this.#cellEnded.abort();
      await this.#server.close();
      await rm(this.#stagingDir, { recursive: true, force: true });
    })();
    return this.#closing;
  }

  #armIdle(): void {
    this.#idleTimer = setTimeout(() => void this.close(), this.#options.idleTimeoutMs);
    this.#idleTimer.unref();
  }

  #onStdout(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      if (this.#frameLength < 0) {
        const at = this.#buffer.indexOf(this.#marker);
        if (at < 0) {
          const keep = Math.min(this.#buffer.length, this.#marker.length - 1);
          this.#raw(this.#buffer.subarray(0, this.#buffer.length - keep));
          this.#buffer = this.#buffer.subarray(this.#buffer.length - keep);
          return;
        }
        this.#raw(this.#buffer.subarray(0, at));
        const rest = this.#buffer.subarray(at + this.#marker.length);
        const newline = rest.indexOf(10);
        if (newline < 0) {
          this.#buffer = this.#buffer.subarray(at);
          return;
        }
        this.#frameLength = Number(rest.subarray(0, newline).toString("ascii"));
        this.#buffer = rest.subarray(newline + 1);
      }
      if (this.#buffer.length < this.#frameLength) return;
      const body = this.#buffer.subarray(0, this.#frameLength).toString("utf8");
      this.#buffer = this.#buffer.subarray(this.#frameLength);
      this.#frameLength = -1;
      let frame: CellFrame | undefined;
      try {
        frame = JSON.parse(body) as CellFrame;
      } catch {
        frame = undefined;
      }
      this.#cell?.settle(frame);
    }
  }

  #raw(bytes: Buffer): void {
    if (bytes.length > 0) this.#cell?.stdout.push(Buffer.from(bytes));
  }
}

import { randomBytes } from "node:crypto";
import type { Environment } from "@hermes-agent/terminal";
import { startFileRpcServer } from "./file-rpc-server.js";
import { StdoutCapture } from "./output-capture.js";
import type { RunOutcome, RunStatus } from "./local-runner.js";
import type { StubTool } from "./python-stubs.js";
import { createRpcDispatcher, type CallTool } from "./rpc-dispatcher.js";
import { shellQuote } from "./shell-quote.js";
import { scriptFileName, stagedFiles, type ScriptLanguage } from "./staged-files.js";

/** Everything one run inside an environment needs. */
export interface RemoteExecution {
  readonly environment: Environment;
  readonly language: ScriptLanguage;
  readonly code: string;
  readonly tools: readonly StubTool[];
  readonly timeoutSeconds: number;
  readonly maxToolCalls: number;
  readonly callTool: CallTool;
  readonly taskId: string | undefined;
  readonly signal: AbortSignal | undefined;
  readonly timezone: string | undefined;
  readonly keepFullStdout: boolean;
  readonly pollMs?: number | undefined;
  /**
   * Where the script runs (the session's directory, as a local script in project mode);
   * default the staging directory, as on remote backends.
   */
  readonly cwd?: string | undefined;
}

/** What a remote run came to; `unavailable` is set when the interpreter is missing. */
export interface RemoteExecutionOutcome extends RunOutcome {
  readonly toolCallsMade: number;
  readonly unavailable: string | undefined;
}

const INTERPRETERS: Readonly<
  Record<ScriptLanguage, { command: string; label: string; install: string }>
> = {
  python: { command: "python3", label: "Python 3", install: "Install Python" },
  javascript: { command: "node", label: "Node.js", install: "Install Node.js" },
};
/** Enough for any script output; our own cap applies afterwards. */
const REMOTE_OUTPUT_CHARS = 5_000_000;
const TRAILERS = /\n?\[Command (?:timed out after \d+s|interrupted)\]$/;

/**
 * Run one script inside a terminal environment (docker, ssh, ...): ship the script and the
 * file-transport stubs into a private directory there, answer tool calls over request and
 * response files, and remove the directory afterwards.
 */
export async function runRemoteExecution(run: RemoteExecution): Promise<RemoteExecutionOutcome> {
  const { environment } = run;
  const interpreter = INTERPRETERS[run.language];
  const exec = (command: string, extra: { stdin?: string; timeout?: number } = {}) =>
    environment.execute(command, {
      cwd: "/",
      timeout: extra.timeout ?? 30,
      ...(extra.stdin === undefined ? {} : { stdin: extra.stdin }),
    });
  const probe = await exec(`command -v ${interpreter.command} >/dev/null 2>&1 && echo OK`, {
    timeout: 15,
  });
  if (!probe.output.includes("OK")) {
    return {
      status: "error",
      exitCode: -1,
      stdout: new StdoutCapture().result(),
      stderr: "",
      spawnError: undefined,
      toolCallsMade: 0,
      unavailable:
        `${interpreter.label} is not available in the ${environment.type} terminal environment. ` +
        `${interpreter.install} to use execute_code with remote backends.`,
    };
  }
  const base = (await exec(`printf '%s' "\${TMPDIR:-/tmp}"`)).output.trim();
  const dir = `${base.startsWith("/") ? base.replace(/\/+$/, "") : "/tmp"}/hermes_exec_${randomBytes(6).toString("hex")}`;
  const rpcDir = `${dir}/rpc`;
  const ended = new AbortController();
  const forward = (): void => ended.abort(run.signal?.reason);
  run.signal?.addEventListener("abort", forward, { once: true });
  const token = randomBytes(32).toString("base64url");
  const dispatcher = createRpcDispatcher({
    token,
    allowedTools: run.tools.map((tool) => tool.name),
    maxToolCalls: run.maxToolCalls,
    callTool: run.callTool,
    taskId: run.taskId,
    signal: ended.signal,
  });
  let server: ReturnType<typeof startFileRpcServer> | undefined;
  try {
    await exec(
      `umask 077 && mkdir -p ${shellQuote(rpcDir)} && chmod 700 ${shellQuote(dir)} ${shellQuote(rpcDir)}`,
    );
    for (const file of stagedFiles(run.language, run.code, run.tools, "file")) {
      const target = shellQuote(`${dir}/${file.path}`);
      await exec(`umask 077 && mkdir -p "$(dirname ${target})" && cat > ${target}`, {
        stdin: file.content,
      });
    }
    server = startFileRpcServer({ environment, directory: rpcDir, dispatcher, pollMs: run.pollMs });
    const result = await environment.execute(
      run.cwd === undefined
        ? `${interpreter.command} ${scriptFileName(run.language)}`
        : `${interpreter.command} ${shellQuote(`${dir}/${scriptFileName(run.language)}`)}`,
      {
        cwd: run.cwd ?? dir,
        timeout: run.timeoutSeconds,
        maxOutputChars: REMOTE_OUTPUT_CHARS,
        env: {
          HERMES_RPC_DIR: rpcDir,
          HERMES_RPC_TOKEN: token,
          PYTHONDONTWRITEBYTECODE: "1",
          PYTHONUNBUFFERED: "1",
          ...(run.timezone === undefined || run.timezone === "" ? {} : { TZ: run.timezone }),
        },
        ...(run.signal === undefined ? {} : { signal: run.signal }),
      },
    );
    const status: RunStatus = result.timedOut
      ? "timeout"
      : result.interrupted
        ? "interrupted"
        : result.exitCode === 0
          ? "success"
          : "error";
    const stdout = new StdoutCapture(undefined, run.keepFullStdout);
    stdout.push(
      Buffer.from(
        status === "timeout" || status === "interrupted"
          ? result.output.replace(TRAILERS, "")
          : result.output,
        "utf8",
      ),
    );
    return {
      status,
      exitCode: result.exitCode,
      stdout: stdout.result(),
      stderr: "",
      spawnError: undefined,
      toolCallsMade: dispatcher.callsMade,
      unavailable: undefined,
    };
  } finally {
    run.signal?.removeEventListener("abort", forward);
    ended.abort();
    await server?.close();
    await exec(`rm -rf ${shellQuote(dir)}`).catch(() => undefined);
  }
}

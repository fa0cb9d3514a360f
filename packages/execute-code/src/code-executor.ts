import path from "node:path";
import type { JsonSchema } from "@hermes-agent/registry";
import { resolveHermesHome } from "@hermes-agent/core";
import type { Environment } from "@hermes-agent/terminal";
import { ExecuteCodeError, ExecuteCodeErrorCode } from "./execute-code-error.js";
import {
  resolveCodeExecutionSettings,
  type CodeExecutionSettings,
} from "./execute-code-settings.js";
import type { CommandWrapper, LocalExecutionOutcome } from "./local-execution.js";
import type { StubTool } from "./python-stubs.js";
import type { PythonSession } from "./python-session.js";
import type { CallTool } from "./rpc-dispatcher.js";
import { defaultApproveScript, type ApproveScript } from "./script-approval.js";
import { HERMES_STUB_SPECS, SANDBOX_ALLOWED_TOOLS, sandboxToolsFor } from "./sandbox-tools.js";
import type { ExecuteCodeResult } from "./script-result.js";
import type { ScriptLanguage } from "./staged-files.js";
import { stubParametersFor } from "./stub-parameters.js";

/** Options of {@link createCodeExecutor}. Only `callTool` is required. */
export interface CodeExecutorOptions {
  /** Runs a script's tool call; in the runtime, `handleFunctionCall` with origin "execute_code". */
  readonly callTool: CallTool;
  /** The `code_execution` config section; missing keys take the config schema's defaults. */
  readonly settings?: Partial<CodeExecutionSettings>;
  /** Registered JSON Schema parameters of a tool; stubs are generated from them. */
  readonly toolParameters?: (tool: string) => JsonSchema | undefined;
  /** Tools scripts may call, before intersecting with the session's tools; default Hermes' seven. */
  readonly allowedTools?: readonly string[];
  /** Host environment the child allowlist draws from; default `process.env`. */
  readonly hostEnv?: Readonly<Record<string, string | undefined>>;
  /** Host variables passed through by name (`terminal.env_passthrough`, skill requirements). */
  readonly envPassthrough?: readonly string[];
  /** IANA time zone set as `TZ` for scripts. */
  readonly timezone?: string;
  /** Python used in strict mode and when no project interpreter is active; default python3 on PATH. */
  readonly pythonExecutable?: string;
  /** Node.js for JavaScript scripts; default the running Node. */
  readonly nodeExecutable?: string;
  /** The session's terminal cwd (project mode); default the process cwd. */
  readonly resolveCwd?: (
    taskId: string | undefined,
  ) => string | undefined | Promise<string | undefined>;
  /** The task's terminal environment; scripts of a non-local one run inside it over file RPC. */
  readonly environment?: (taskId: string | undefined) => Promise<Environment | undefined>;
  /** Approval before a script starts; default @hermes-agent/approval's execute_code guard. */
  readonly approveScript?: ApproveScript;
  /** Wraps the interpreter argv (the terminal sandbox when `terminal.sandbox` is on). */
  readonly wrapCommand?: CommandWrapper;
  /** Where the full stdout of a truncated run is saved; default `<HERMES_HOME>/cache/exec`, null for none. */
  readonly spillDirectory?: string | null;
  /** Parent of staging directories; default the OS temp dir. */
  readonly tempRoot?: string;
  /** Milliseconds between SIGTERM and SIGKILL; default 5 000. */
  readonly killGraceMs?: number;
  /** Poll interval of the file RPC transport, milliseconds. */
  readonly remotePollMs?: number;
  /**
   * Receives the standard error of each script that ran and wrote to it (its head, as captured),
   * whatever the outcome: the result carries it only when the script failed, as in Hermes.
   */
  readonly onScriptStderr?: (event: { taskId: string | undefined; stderr: string }) => void;
}

/** One execute_code call. */
export interface ExecuteCodeRequest {
  readonly code: string;
  readonly language?: ScriptLanguage;
  readonly reset?: boolean;
  readonly taskId?: string | undefined;
  /** The session's enabled tools; scripts get the allowed ones among them. */
  readonly enabledTools?: readonly string[] | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** A refusal before anything ran (approval, missing interpreter), in Hermes' short shape. */
export interface ExecuteCodeRefusal {
  readonly status: "error";
  readonly error: string;
  readonly tool_calls_made: number;
  readonly duration_seconds: number;
  readonly approval_pending?: true;
}

/** Runs execute_code calls; owns the persistent sessions. */
export interface CodeExecutor {
  readonly settings: CodeExecutionSettings;
  /** Run one script. Never rejects: failures are results. */
  run(request: ExecuteCodeRequest): Promise<ExecuteCodeResult | ExecuteCodeRefusal>;
  /** End the persistent session of a task (or all). */
  resetSession(taskId?: string): Promise<void>;
  /** End every session; later runs fail. Safe to call twice. */
  close(): Promise<void>;
}

function refusal(error: string, startedAt: number, pending = false): ExecuteCodeRefusal {
  return {
    status: "error",
    error,
    tool_calls_made: 0,
    duration_seconds: Math.round((performance.now() - startedAt) / 10) / 100,
    ...(pending ? { approval_pending: true as const } : {}),
  };
}

/**
 * What running a script needs (interpreters, runners, RPC servers, result building), imported
 * at the first run: creating an executor, as registering execute_code does, loads none of it.
 */
async function loadRunModules() {
  const [interpreters, local, python, remote, result] = await Promise.all([
    import("./interpreters.js"),
    import("./local-execution.js"),
    import("./python-session.js"),
    import("./remote-execution.js"),
    import("./script-result.js"),
  ]);
  return {
    resolveDefaultPython: interpreters.resolveDefaultPython,
    resolveProjectPython: interpreters.resolveProjectPython,
    runLocalExecution: local.runLocalExecution,
    PythonSession: python.PythonSession,
    runRemoteExecution: remote.runRemoteExecution,
    abortReasonText: result.abortReasonText,
    buildResult: result.buildResult,
  };
}

/** Make an executor for execute_code calls. */
export function createCodeExecutor(options: CodeExecutorOptions): CodeExecutor {
  const settings = resolveCodeExecutionSettings(options.settings);
  const hostEnv = options.hostEnv ?? process.env;
  const passthrough = options.envPassthrough ?? [];
  const approve = options.approveScript ?? defaultApproveScript;
  const spillDirectory =
    options.spillDirectory === null
      ? undefined
      : (options.spillDirectory ?? path.join(resolveHermesHome({ env: hostEnv }), "cache", "exec"));
  const sessions = new Map<string, PythonSession>();
  let closed = false;

  const stubTools = (offered: readonly string[]): StubTool[] =>
    offered.map((name) => ({
      name,
      parameters: stubParametersFor(name, options.toolParameters?.(name)),
      doc:
        HERMES_STUB_SPECS[name]?.doc ??
        `Call the ${name} tool. Returns its result, parsed from JSON.`,
    }));

  const endSession = async (taskKey: string): Promise<void> => {
    const session = sessions.get(taskKey);
    sessions.delete(taskKey);
    await session?.close();
  };

  const runLocal = async (
    request: ExecuteCodeRequest,
    language: ScriptLanguage,
    tools: StubTool[],
  ): Promise<LocalExecutionOutcome> => {
    const { resolveDefaultPython, resolveProjectPython, runLocalExecution, PythonSession } =
      await loadRunModules();
    const cwd =
      settings.mode === "strict"
        ? undefined
        : ((await options.resolveCwd?.(request.taskId)) ?? process.cwd());
    const interpreter =
      language === "javascript"
        ? (options.nodeExecutable ?? process.execPath)
        : settings.mode === "project"
          ? ((await resolveProjectPython(hostEnv))?.executable ??
            (
              await resolveDefaultPython({
                explicit: options.pythonExecutable,
                searchPath: hostEnv.PATH,
              })
            ).executable)
          : (
              await resolveDefaultPython({
                explicit: options.pythonExecutable,
                searchPath: hostEnv.PATH,
              })
            ).executable;
    const common = {
      tools,
      interpreter,
      cwd,
      maxToolCalls: settings.max_tool_calls,
      killGraceMs: options.killGraceMs,
      callTool: options.callTool,
      taskId: request.taskId,
      hostEnv,
      passthrough,
      timezone: options.timezone,
      tempRoot: options.tempRoot,
      wrapCommand: options.wrapCommand,
    };
    if (language === "python" && settings.persistent) {
      const taskKey = request.taskId ?? "default";
      const key = JSON.stringify([interpreter, cwd, tools.map((tool) => tool.name)]);
      let session = sessions.get(taskKey);
      if (
        session !== undefined &&
        (request.reset === true || !session.alive || session.key !== key)
      ) {
        await endSession(taskKey);
        session = undefined;
      }
      if (session === undefined) {
        session = await PythonSession.start(key, {
          ...common,
          idleTimeoutMs: settings.kernel_idle_timeout * 1000,
        });
        sessions.set(taskKey, session);
      }
      const outcome = await session.run({
        code: request.code,
        timeoutSeconds: settings.timeout,
        signal: request.signal,
        keepFullStdout: spillDirectory !== undefined,
      });
      if (outcome.sessionEnded && sessions.get(taskKey) === session) sessions.delete(taskKey);
      return outcome;
    }
    return runLocalExecution({
      ...common,
      language,
      code: request.code,
      timeoutSeconds: settings.timeout,
      signal: request.signal,
      keepFullStdout: spillDirectory !== undefined,
    });
  };

  return {
    settings,
    async run(request) {
      const startedAt = performance.now();
      try {
        if (closed)
          throw new ExecuteCodeError(
            ExecuteCodeErrorCode.Closed,
            "The execute_code executor was closed.",
          );
        const { abortReasonText, buildResult, runRemoteExecution } = await loadRunModules();
        const language = request.language ?? "python";
        const offered = sandboxToolsFor(
          request.enabledTools,
          options.allowedTools ?? SANDBOX_ALLOWED_TOOLS,
        );
        const tools = stubTools(offered);
        const environment = await options.environment?.(request.taskId);
        const envType = environment?.type ?? "local";
        const verdict = await approve(request.code, {
          taskId: request.taskId,
          envType,
          signal: request.signal,
          language,
          ...(environment === undefined ? {} : { cwd: environment.cwd }),
        });
        if (!verdict.approved) {
          return refusal(
            verdict.message ?? "execute_code blocked by approval guard.",
            startedAt,
            verdict.status === "pending_approval",
          );
        }
        if (request.signal?.aborted === true) {
          return await buildResult({
            status: "interrupted",
            exitCode: 130,
            stdout: {
              text: "",
              truncated: false,
              totalBytes: 0,
              capturedBytes: 0,
              omittedBytes: 0,
              full: undefined,
            },
            stderr: "",
            toolCallsMade: 0,
            durationMs: performance.now() - startedAt,
            timeoutSeconds: settings.timeout,
            interruptReason: abortReasonText(request.signal),
            offeredTools: offered,
            spillDirectory,
          });
        }
        let outcome: LocalExecutionOutcome;
        // A sandboxed local environment runs the script inside its sandbox, like its commands.
        const sandboxed = environment?.sandbox !== undefined && environment.sandbox.level !== "off";
        if (environment !== undefined && (envType !== "local" || sandboxed)) {
          const remote = await runRemoteExecution({
            environment,
            language,
            code: request.code,
            tools,
            timeoutSeconds: settings.timeout,
            maxToolCalls: settings.max_tool_calls,
            callTool: options.callTool,
            taskId: request.taskId,
            signal: request.signal,
            timezone: options.timezone,
            keepFullStdout: spillDirectory !== undefined,
            pollMs: options.remotePollMs,
            // Inside a local sandbox the script runs where a local one would (project mode).
            cwd: sandboxed && settings.mode !== "strict" ? environment.cwd : undefined,
          });
          if (remote.unavailable !== undefined) return refusal(remote.unavailable, startedAt);
          outcome = remote;
        } else {
          outcome = await runLocal(request, language, tools);
        }
        if (outcome.stderr !== "")
          options.onScriptStderr?.({ taskId: request.taskId, stderr: outcome.stderr });
        return await buildResult({
          status: outcome.status,
          exitCode: outcome.exitCode,
          stdout: outcome.stdout,
          stderr: outcome.stderr,
          toolCallsMade: outcome.toolCallsMade,
          durationMs: performance.now() - startedAt,
          timeoutSeconds: settings.timeout,
          interruptReason: abortReasonText(request.signal),
          offeredTools: offered,
          spillDirectory,
          startError:
            outcome.spawnError === undefined
              ? undefined
              : `Could not start the script: ${outcome.spawnError.message}`,
        });
      } catch (error) {
        return refusal(error instanceof Error ? error.message : String(error), startedAt);
      }
    },
    async resetSession(taskId) {
      if (taskId === undefined) await Promise.all([...sessions.keys()].map(endSession));
      else await endSession(taskId);
    },
    async close() {
      closed = true;
      await Promise.all([...sessions.keys()].map(endSession));
    },
  };
}

import { readFile } from "node:fs/promises";
import path from "node:path";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { CliExit, err, type CliIo } from "./cli-io.js";
import { interruptOnSigint } from "./interrupt-signal.js";

const LANGUAGES: Readonly<Record<string, "python" | "javascript">> = {
  ".py": "python",
  ".mjs": "javascript",
  ".js": "javascript",
};

/** What `execute_code` answers (the fields `exec` reads). */
interface ExecuteCodeAnswer {
  readonly status?: string;
  readonly output?: string;
  readonly exit_code?: number;
  readonly error?: string;
  readonly hint?: string;
  readonly warning?: string;
}

const STDERR_MARKER = "\n--- stderr ---\n";
/** Task (and approval session) of the script's run. */
const EXEC_TASK = "cli-exec";

/** Read the script and its language from the file name, or fail with what is accepted (exit 2). */
export async function readScript(
  file: string,
): Promise<{ code: string; language: "python" | "javascript" }> {
  const language = LANGUAGES[path.extname(file).toLowerCase()];
  if (language === undefined) {
    throw new CliExit(
      `Cannot tell the language of '${file}': name it *.py (Python) or *.mjs / *.js (JavaScript, an ES module).`,
      2,
    );
  }
  try {
    return { code: await readFile(file, "utf8"), language };
  } catch (error) {
    throw new CliExit(`Cannot read '${file}': ${(error as Error).message}`, 2);
  }
}

/** The process exit code for an execute_code answer. */
function exitCodeOf(answer: ExecuteCodeAnswer): number {
  if (answer.status === "success") return 0;
  if (answer.status === "timeout") return 124;
  if (answer.status === "interrupted") return 130;
  return typeof answer.exit_code === "number" && answer.exit_code > 0 ? answer.exit_code : 1;
}

/**
 * `hermes-agent exec <script.py|script.mjs>`: run a script through `execute_code` (its
 * limits from `code_execution` in config.yaml; its tool calls through the pipeline, where
 * nobody can approve a dangerous command). What the script prints goes to standard output,
 * its standard error and the failure to standard error; the exit code is the script's
 * (124 on a timeout, 130 when interrupted).
 */
export async function execScript(
  io: CliIo,
  runtime: HermesRuntime,
  script: { code: string; language: "python" | "javascript" },
): Promise<void> {
  if (!runtime.registry.hasTool("execute_code")) {
    throw new CliExit(
      "execute_code is not available: install @hermes-agent/execute-code next to hermes-agent.",
    );
  }
  // Running `exec <file>` is the person's consent to run that script, which the execute_code
  // guard would otherwise refuse here (nobody to ask); the script's own dangerous commands are
  // still checked one by one, and denied.
  runtime.approval.approveSession(EXEC_TASK, "execute_code");
  const controller = new AbortController();
  const stopListening = interruptOnSigint(controller, "interrupted by Ctrl-C");
  // The result carries the script's standard error only when it failed; the event always does.
  let stderr: string | undefined;
  const offStderr = runtime.events.on("execute_code:stderr", (event) => {
    if (event.taskId === EXEC_TASK) stderr = event.stderr;
  });
  let text: string;
  try {
    text = await runtime.handleFunctionCall("execute_code", script, {
      origin: "cli",
      taskId: EXEC_TASK,
      signal: controller.signal,
    });
  } finally {
    offStderr();
    stopListening();
  }
  let answer: ExecuteCodeAnswer;
  try {
    answer = JSON.parse(text) as ExecuteCodeAnswer;
  } catch {
    throw new CliExit(`execute_code answered something that is not JSON: ${text}`);
  }
  if (answer.status === undefined) throw new CliExit(answer.error ?? text);
  const output = answer.output ?? "";
  const cut = output.indexOf(STDERR_MARKER);
  const printed = cut === -1 ? output : output.slice(0, cut);
  stderr ??= cut === -1 ? undefined : output.slice(cut + STDERR_MARKER.length);
  if (printed !== "") io.stdout.write(printed.endsWith("\n") ? printed : `${printed}\n`);
  if (stderr !== undefined && stderr.trim() !== "") io.stderr.write(`${stderr.trimEnd()}\n`);
  else if (answer.status !== "success" && answer.error !== undefined) err(io, answer.error);
  if (answer.warning !== undefined) err(io, `warning: ${answer.warning}`);
  if (answer.hint !== undefined) err(io, `hint: ${answer.hint}`);
  const code = exitCodeOf(answer);
  if (code !== 0) throw new CliExit("", code);
}

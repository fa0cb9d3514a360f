import { randomBytes } from "node:crypto";
import { commandContextOf, refusedApprovalResult } from "./command-approval.js";
import type { TrackedProcess } from "./process-registry.js";
import type { TerminalCallContext } from "./terminal-tool.js";
import type { TerminalRuntime } from "./terminal-runtime.js";

// Text written to a process since its last newline: a shell or REPL runs a line only once it is
// complete, so `r` then `m -rf x⏎` in two writes is judged as the one line they make.
const unfinishedLines = new WeakMap<TrackedProcess, string>();

/**
 * What writing `data` to a running process's stdin would run, judged by approval like a
 * terminal command: the process's own command fed the input as a here-document (`bash
 * <<'EOF' … EOF`), which detection reads as the code a shell, an interpreter or a database
 * client runs. Returns the refusal result when approval does not let it through, else undefined
 * (and remembers the unfinished last line for the next write).
 */
export async function judgeProcessInput(
  runtime: TerminalRuntime,
  proc: TrackedProcess,
  data: string,
  ctx: TerminalCallContext,
): Promise<Record<string, unknown> | undefined> {
  const pending = unfinishedLines.get(proc) ?? "";
  const text = pending + data;
  if (text.trim() === "") return undefined;
  let delimiter = `HERMES_STDIN_${randomBytes(6).toString("hex")}`;
  while (text.includes(delimiter)) delimiter = `HERMES_STDIN_${randomBytes(6).toString("hex")}`;
  const command = `${proc.command} <<'${delimiter}'\n${text}\n${delimiter}`;
  const settings = runtime.settings;
  const env = await runtime.environment(proc.taskId);
  const approval = await runtime.approve(command, {
    envType: settings.backend,
    ...(typeof ctx.sessionKey === "string" ? { sessionKey: ctx.sessionKey } : {}),
    ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
    commandContext: await commandContextOf(
      env,
      proc.cwd,
      settings.cwd ?? (settings.backend === "local" ? process.cwd() : undefined),
      command,
    ),
  });
  if (!approval.approved) return refusedApprovalResult(command, approval);
  const lastNewline = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r"));
  unfinishedLines.set(proc, lastNewline === -1 ? text : text.slice(lastNewline + 1));
  return undefined;
}

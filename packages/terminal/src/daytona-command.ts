import { randomBytes } from "node:crypto";
import type { DaytonaSdkSandbox } from "./daytona-sdk.js";
import type { RelayCall } from "./daytona-relay.js";
import { quoteForRemoteShell } from "./remote-shell-script.js";

/**
 * The bash program each command runs in inside the sandbox. Stdin arrives through the
 * session's input as base64 lines (`.` ends it), decoded into the command's stdin, so any
 * bytes and a real end of input get through. In `bytes` mode stdout is base64-encoded on the
 * way out, since the SDK hands output over as text. Parameters: mode, script, then the
 * script's arguments.
 */
const SANDBOX_RUNNER: string = [
  "__hermes_mode=$1 __hermes_script=$2",
  "shift 2",
  '__hermes_feed() { while IFS= read -r __hermes_line && [ "$__hermes_line" != . ]; do printf %s "$__hermes_line" | base64 -d; done; }',
  'if [ "$__hermes_mode" = bytes ]; then',
  '  bash --noprofile --norc -c "$__hermes_script" hermes "$@" < <(__hermes_feed 2>/dev/null) | base64 -w0',
  '  exit "${PIPESTATUS[0]}"',
  "fi",
  'exec bash --noprofile --norc -c "$__hermes_script" hermes "$@" < <(__hermes_feed 2>/dev/null)',
].join("\n");

/** Largest stdin piece sent in one input call, in bytes (before base64). */
const INPUT_PIECE = 48 * 1024;
/** How many times to ask for the exit code once the output ended. */
const EXIT_CODE_ATTEMPTS = 100;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The session command that runs `call` in the sandbox. */
export function sandboxCommandLine(call: RelayCall["request"]): string {
  return [
    "bash --noprofile --norc -c",
    quoteForRemoteShell(SANDBOX_RUNNER),
    "hermes-daytona",
    call.mode,
    quoteForRemoteShell(call.script),
    ...call.args.map(quoteForRemoteShell),
  ].join(" ");
}

/**
 * Run one relayed command in `sandbox` through the SDK's process API: a session of its own,
 * the command started asynchronously, its stdin sent as input, its stdout and stderr streamed
 * back, then its exit code. SDK failures are reported on stderr as `daytona: <message>`
 * with exit code 255.
 */
export async function runInSandbox(sandbox: DaytonaSdkSandbox, call: RelayCall): Promise<number> {
  const processApi = sandbox.process;
  const sessionId = `hermes-${randomBytes(6).toString("hex")}`;
  let commandId: string | undefined;
  let inputEnded = false;
  let inputChain: Promise<void> = Promise.resolve();
  const queued: Array<Buffer | undefined> = [];
  const send = (item: Buffer | undefined): void => {
    if (inputEnded) return;
    if (item === undefined) inputEnded = true;
    const id = commandId;
    if (id === undefined) {
      queued.push(item);
      return;
    }
    const lines: string[] = [];
    if (item === undefined) lines.push(".\n");
    else
      for (let at = 0; at < item.length; at += INPUT_PIECE)
        lines.push(`${item.subarray(at, at + INPUT_PIECE).toString("base64")}\n`);
    for (const line of lines) {
      inputChain = inputChain.then(() =>
        processApi.sendSessionCommandInput(sessionId, id, line).catch(() => undefined),
      );
    }
  };
  call.onStdin(send);
  let stdout = "";
  try {
    await processApi.createSession(sessionId);
    const started = await processApi.executeSessionCommand(sessionId, {
      command: sandboxCommandLine(call.request),
      runAsync: true,
    });
    commandId = started.cmdId;
    inputEnded = false;
    const backlog = queued.splice(0);
    for (const item of backlog) send(item);
    const onStdout =
      call.request.mode === "bytes"
        ? (chunk: string) => {
            stdout += chunk;
          }
        : (chunk: string) => call.stdout(chunk);
    const logs = processApi.getSessionCommandLogs(sessionId, commandId, onStdout, (chunk) =>
      call.stderr(chunk),
    );
    const aborted = new Promise<"aborted">((resolve) => {
      if (call.aborted.aborted) resolve("aborted");
      call.aborted.addEventListener("abort", () => resolve("aborted"), { once: true });
    });
    const finished = logs.then(() => "done" as const);
    if ((await Promise.race([finished, aborted])) === "aborted") {
      finished.catch(() => undefined);
      return 255;
    }
    if (call.request.mode === "bytes") call.stdout(Buffer.from(stdout.trim(), "base64"));
    for (let attempt = 0; attempt < EXIT_CODE_ATTEMPTS; attempt++) {
      const { exitCode } = await processApi.getSessionCommand(sessionId, commandId);
      if (typeof exitCode === "number") return exitCode;
      await delay(Math.min(500, 20 * (attempt + 1)));
    }
    call.stderr("daytona: the sandbox did not report the command's exit code\n");
    return 255;
  } catch (error) {
    call.stderr(`daytona: ${errorText(error)}\n`);
    return 255;
  } finally {
    await inputChain;
    await processApi.deleteSession(sessionId).catch(() => undefined);
  }
}

import { AGENT_LOOP_TOOLS } from "../pipeline/dispatch-pipeline.js";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { CliExit, out, type CliIo } from "./cli-io.js";
import { closeNames } from "./close-names.js";
import { noteOneShotBackground } from "./one-shot-background.js";

/** Parse `<json args>` of `call`, or fail with where the JSON broke (exit 2). */
export function parseCallArguments(text: string | undefined): Record<string, unknown> {
  if (text === undefined || text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliExit(
      `Invalid JSON arguments: ${(error as Error).message}. Pass one JSON object, e.g. '{"command": "ls"}'.`,
      2,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new CliExit(`Arguments must be a JSON object, got ${JSON.stringify(value)}.`, 2);
  }
  return value as Record<string, unknown>;
}

/** Statuses a tool result carries when the call did not do what was asked. */
const FAILED_STATUSES = new Set(["error", "blocked", "timeout", "interrupted", "cancelled"]);

/**
 * Whether a tool's result reports a failure: a JSON object with an `error` (a blocked command, a
 * missing file, a timeout), `success: false` (a patch that did not apply) or a failed `status`
 * (a refused execute_code script). A command that ran and exited non-zero is not a failure of the
 * tool: its `exit_code` is in the result.
 */
export function isFailedResult(result: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(result);
  } catch {
    return false;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const fields = value as Record<string, unknown>;
  const error = fields["error"];
  if (error !== undefined && error !== null && error !== "" && error !== false) return true;
  if (fields["success"] === false) return true;
  const status = fields["status"];
  return typeof status === "string" && FAILED_STATUSES.has(status);
}

/**
 * Hermes' answer to `terminal` called with execute_code's `code` argument instead of `command`:
 * which tool takes which argument, instead of a bare "'command' is required".
 */
function misdirectedTerminalCall(tool: string, args: Record<string, unknown>): string | undefined {
  if (tool !== "terminal" || "command" in args || !("code" in args)) return undefined;
  return JSON.stringify({
    error:
      "terminal received a 'code' parameter, but it runs a shell command given in 'command'. " +
      "For Python source use execute_code(code=...); for a shell command retry as terminal(command=...).",
    error_type: "invalid_arguments",
    tool,
    field: "command",
  });
}

/**
 * `hermes-agent call <tool> '<json>'`: one call through the full pipeline (hooks, approval),
 * with `origin: "cli"`. The result is printed; exit 1 when it reports a failure
 * ({@link isFailedResult}).
 */
export async function callTool(
  io: CliIo,
  runtime: HermesRuntime,
  tool: string,
  args: Record<string, unknown>,
): Promise<void> {
  if (!runtime.registry.hasTool(tool)) {
    const close = closeNames(tool, runtime.registry.getAllToolNames());
    throw new CliExit(
      `Unknown tool '${tool}'.${close.length > 0 ? ` Did you mean: ${close.join(", ")}?` : ""} Run 'hermes-agent tools' to list them.`,
    );
  }
  let result: string;
  const misdirected = misdirectedTerminalCall(tool, args);
  if (misdirected !== undefined) {
    result = misdirected;
  } else if (AGENT_LOOP_TOOLS.has(tool)) {
    const session = await runtime.startSession({ source: "cli" });
    result = await session.handleAgentTool(tool, args);
    await session.end();
  } else {
    result = noteOneShotBackground(
      tool,
      args,
      await runtime.handleFunctionCall(tool, args, { origin: "cli", taskId: "cli" }),
    );
  }
  let pretty = result;
  try {
    pretty = JSON.stringify(JSON.parse(result), null, 2);
  } catch {
    // Not JSON: print as it is.
  }
  out(io, pretty);
  if (isFailedResult(result)) throw new CliExit("", 1);
}

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

/**
 * `hermes-agent call <tool> '<json>'`: one call through the full pipeline (hooks, approval),
 * with `origin: "cli"`. The result is printed; exit 1 when it is an error.
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
  if (AGENT_LOOP_TOOLS.has(tool)) {
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
  if (/^\s*\{\s*"error"/.test(result)) throw new CliExit("", 1);
}

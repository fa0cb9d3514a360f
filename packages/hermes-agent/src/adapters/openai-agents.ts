import { randomUUID } from "node:crypto";
import { detectDangerousCommand, initializeDetector } from "@hermes-agent/approval";
import { tool, type FunctionTool } from "@openai/agents";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import {
  adapterCallContext,
  adapterSessionKey,
  adapterToolSchemas,
  type AdapterOptions,
} from "./adapter-tools.js";

export type { AdapterOptions } from "./adapter-tools.js";

/** The JSON-schema parameters `tool()` takes when `strict` is off. */
type ToolParameters = Extract<Parameters<typeof tool>[0], { strict: false }>["parameters"];

/** The command of a terminal call, when the arguments hold one. */
function commandOf(input: unknown): string | undefined {
  let args = input;
  if (typeof args === "string") {
    try {
      args = JSON.parse(args) as unknown;
    } catch {
      return undefined;
    }
  }
  if (args === null || typeof args !== "object") return undefined;
  const command = (args as { command?: unknown }).command;
  return typeof command === "string" ? command : undefined;
}

/**
 * The approval rule a terminal command needs a human for, or undefined: not dangerous, on the
 * hard-line floor (the runtime refuses those whatever anyone answers), or already approved for
 * the session or permanently.
 */
async function approvalKeyOf(
  runtime: HermesRuntime,
  sessionKey: string,
  input: unknown,
): Promise<string | undefined> {
  const command = commandOf(input);
  if (command === undefined) return undefined;
  await initializeDetector();
  const match = detectDangerousCommand(command);
  if (match === null || match.hardline) return undefined;
  if (runtime.approval.isYolo(sessionKey)) return undefined;
  if (runtime.approval.isApproved(sessionKey, match.patternKey)) return undefined;
  return match.patternKey;
}

/**
 * The runtime's tools as `FunctionTool`s for the OpenAI Agents SDK (`new Agent({ tools })`).
 * Each call runs through `runtime.handleFunctionCall` (hooks, approval, limits) with the run's
 * abort signal. A dangerous `terminal` command needs approval: the run stops with an
 * interruption, and `state.approve(interruption)` / `state.reject(interruption)` decide it the
 * way any Agents SDK tool approval is decided. An approved call runs once (a one-off approval
 * under a private session key); a rejected one never reaches the shell. Hard-line commands are
 * refused by the runtime without asking. Call it again before each run to see tools added or
 * removed since.
 */
export function toOpenAIAgentsTools(
  runtime: HermesRuntime,
  options: AdapterOptions = {},
): FunctionTool[] {
  const sessionKey = adapterSessionKey(options);
  return adapterToolSchemas(runtime, options).map((schema) => {
    const name = schema.name;
    const isTerminal = name === "terminal";
    return tool({
      name,
      description: schema.description,
      parameters: schema.parameters as unknown as ToolParameters,
      strict: false,
      needsApproval: isTerminal
        ? async (_context, input) => (await approvalKeyOf(runtime, sessionKey, input)) !== undefined
        : false,
      execute: async (input, _context, details) => {
        const call = {
          toolCallId: details?.toolCall?.callId,
          signal: details?.signal,
        };
        // Reaching here means the SDK's approval (if one was needed) said yes: grant exactly
        // this call under a one-off session key, so the runtime's own prompt is not asked again.
        const key = isTerminal ? await approvalKeyOf(runtime, sessionKey, input) : undefined;
        if (key === undefined) {
          return runtime.handleFunctionCall(name, input, adapterCallContext(options, call));
        }
        const onceKey = `${sessionKey}:approved:${randomUUID()}`;
        runtime.approval.approveSession(onceKey, key);
        try {
          return await runtime.handleFunctionCall(name, input, {
            ...adapterCallContext(options, call),
            sessionKey: onceKey,
          });
        } finally {
          runtime.approval.clearSession(onceKey);
        }
      },
    });
  });
}

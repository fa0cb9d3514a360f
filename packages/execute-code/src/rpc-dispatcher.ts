import { timingSafeEqual } from "node:crypto";
import { toolError } from "@hermes-agent/registry";
import { z } from "zod";
import { TERMINAL_BLOCKED_ARGUMENTS } from "./sandbox-tools.js";

/**
 * A running RPC transport: the Unix-socket server for local scripts, or the file-based server
 * for scripts inside a terminal environment. Both answer through one {@link RpcDispatcher}.
 */
export interface RpcServer {
  /** Stop serving; resolves when nothing is in flight on the transport's side. Safe to call twice. */
  close(): Promise<void>;
}

/** What a tool call made from a script is dispatched with. */
export interface ScriptToolCallContext {
  /** Task (session) the execute_code call belongs to. */
  readonly taskId: string | undefined;
  /** Aborted when the execution ends (timeout, interrupt, finish). */
  readonly signal: AbortSignal;
  /** Always `"execute_code"`: the call comes from a script, not from the model directly. */
  readonly origin: "execute_code";
}

/**
 * Runs one tool call for a script and resolves with the tool's result string. The composing
 * package provides it (in the runtime: `handleFunctionCall`), so hooks and approval apply to
 * script calls exactly as to direct calls. It should not reject; a rejection becomes an error
 * result.
 */
export type CallTool = (
  name: string,
  args: Record<string, unknown>,
  ctx: ScriptToolCallContext,
) => Promise<unknown>;

/** One RPC request frame, as parsed at the process boundary. */
const requestFrame = z.object({
  tool: z.string(),
  args: z.record(z.string(), z.unknown()).default({}),
  token: z.string().default(""),
});

/** Options of {@link createRpcDispatcher}. */
export interface RpcDispatcherOptions {
  /** The per-run secret every frame must carry. */
  readonly token: string;
  /** Tools the script may call. */
  readonly allowedTools: readonly string[];
  /** Maximum number of dispatched calls (refusals are free). */
  readonly maxToolCalls: number;
  readonly callTool: CallTool;
  readonly taskId: string | undefined;
  /** Aborted when the execution ends; in-flight calls see it. */
  readonly signal: AbortSignal;
}

/** The request pipeline both transports share: token, allowlist, call cap, then the tool. */
export interface RpcDispatcher {
  /** Answer one raw frame (a JSON text) with a result string. Never rejects. */
  handleFrame(frame: string): Promise<string>;
  /** Parse a frame and check its token; undefined for a malformed or unauthorized frame. */
  parseAuthorized(frame: string): ParsedFrame | undefined;
  /** Answer a frame {@link RpcDispatcher.parseAuthorized} accepted. Never rejects. */
  handleParsed(frame: ParsedFrame): Promise<string>;
  /** Calls dispatched so far. */
  readonly callsMade: number;
  /** Start a new budget (a new cell of a persistent session), with its own signal. */
  resetBudget(signal: AbortSignal): void;
}

/** A parsed and authorized frame, plus any extra fields the transport uses (`seq`). */
export interface ParsedFrame {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly raw: Readonly<Record<string, unknown>>;
}

function tokenMatches(expected: Buffer, given: string): boolean {
  const candidate = Buffer.from(given, "utf8");
  // Compare equal-length buffers so the time does not depend on where they differ.
  if (candidate.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(candidate, expected);
}

/** Make the request pipeline of one execution. */
export function createRpcDispatcher(options: RpcDispatcherOptions): RpcDispatcher {
  const expected = Buffer.from(options.token, "utf8");
  const allowed = new Set(options.allowedTools);
  const available = [...allowed].sort().join(", ");
  let calls = 0;
  let signal = options.signal;

  const parse = (
    frame: string,
  ): { ok: true; raw: Record<string, unknown> } | { ok: false; error: string } => {
    try {
      const value: unknown = JSON.parse(frame);
      if (typeof value !== "object" || value === null || Array.isArray(value))
        return { ok: false, error: "Invalid RPC request: expected a JSON object" };
      return { ok: true, raw: value as Record<string, unknown> };
    } catch (error) {
      return { ok: false, error: `Invalid RPC request: ${(error as Error).message}` };
    }
  };

  const authorized = (raw: Record<string, unknown>): boolean =>
    expected.length > 0 && typeof raw.token === "string" && tokenMatches(expected, raw.token);

  const dispatch = async (tool: string, args: Record<string, unknown>): Promise<string> => {
    if (!allowed.has(tool))
      return toolError(`Tool '${tool}' is not available in execute_code. Available: ${available}`);
    if (calls >= options.maxToolCalls)
      return toolError(
        `Tool call limit reached (${options.maxToolCalls}). No more tool calls allowed in this execution.`,
      );
    calls += 1;
    let callArgs = args;
    if (tool === "terminal") {
      callArgs = { ...args };
      for (const name of TERMINAL_BLOCKED_ARGUMENTS) delete callArgs[name];
    }
    try {
      const result = await options.callTool(tool, callArgs, {
        taskId: options.taskId,
        signal,
        origin: "execute_code",
      });
      return typeof result === "string" ? result : JSON.stringify(result ?? null);
    } catch (error) {
      return toolError(error instanceof Error ? error.message : String(error));
    }
  };

  return {
    get callsMade() {
      return calls;
    },
    resetBudget(next) {
      calls = 0;
      signal = next;
    },
    parseAuthorized(frame) {
      const parsed = parse(frame);
      if (!parsed.ok || !authorized(parsed.raw)) return undefined;
      const shape = requestFrame.safeParse(parsed.raw);
      if (!shape.success) return undefined;
      return { tool: shape.data.tool, args: shape.data.args, raw: parsed.raw };
    },
    handleParsed(frame) {
      return dispatch(frame.tool, frame.args);
    },
    async handleFrame(frame) {
      const parsed = parse(frame);
      if (!parsed.ok) return toolError(parsed.error);
      if (!authorized(parsed.raw)) return toolError("Unauthorized RPC request");
      const shape = requestFrame.safeParse(parsed.raw);
      if (!shape.success) {
        const issue = shape.error.issues[0];
        const where = issue?.path.join(".") ?? "";
        return toolError(
          `Invalid RPC request: ${where === "" ? "" : `${where}: `}${issue?.message ?? "bad frame"}`,
        );
      }
      return dispatch(shape.data.tool, shape.data.args);
    },
  };
}

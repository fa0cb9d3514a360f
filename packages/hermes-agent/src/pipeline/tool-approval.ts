import { randomUUID } from "node:crypto";
import type { ApprovalManager, ApprovalPrompt, GatewayNotify } from "@hermes-agent/approval";
import type { Logger } from "@hermes-agent/core";
import type { RuntimeEvents } from "../runtime/runtime-events.js";
import { describe, type HookBus } from "./hook-bus.js";

/** A tool call a `pre_tool_call` hook wants a human to approve. */
export interface ToolApprovalRequest {
  readonly toolName: string;
  /** Why approval is needed (the hook's message). */
  readonly message: string;
  /** What a "session" answer approves for the rest of the session. */
  readonly ruleKey: string;
  readonly sessionKey: string;
  readonly signal?: AbortSignal | undefined;
}

/** The gate's answer. Anything but an explicit approval is a denial. */
export interface ToolApprovalDecision {
  readonly approved: boolean;
  readonly message?: string;
}

/** Asks whoever can approve a tool call; resolves, never rejects. */
export type ToolApprovalGate = (request: ToolApprovalRequest) => Promise<ToolApprovalDecision>;

/** Options of {@link createToolApprovalGate}. */
export interface ToolApprovalGateOptions {
  readonly manager: ApprovalManager;
  /** A human at a terminal (or a UI dialog). */
  readonly prompt?: ApprovalPrompt | undefined;
  /** A messaging gateway: requests are delivered here and answered with `resolve`. */
  readonly notify?: GatewayNotify | undefined;
  /** How long to wait for an answer, milliseconds. */
  readonly timeoutMs: () => number;
  readonly hooks: HookBus;
  readonly events: RuntimeEvents;
  readonly logger: Logger;
}

/** A tool approval gate and the way a gateway answers its requests. */
export interface ToolApprovalGateHandle {
  readonly gate: ToolApprovalGate;
  /** Answer the pending tool approvals of a session (oldest first); returns how many. */
  resolve(sessionKey: string, choice: string): number;
  /** Deny every pending request (the runtime is closing). */
  denyAll(): void;
}

interface Pending {
  readonly sessionKey: string;
  readonly settle: (choice: string) => void;
}

const APPROVING = new Set(["once", "session", "always"]);

/**
 * Build the gate `pre_tool_call` "approve" directives go through. It fires the
 * `pre_approval_request` and `post_approval_response` hooks and the `approval:request` event;
 * a "session" (or "always") answer approves the rule key for the rest of the session. No
 * approver, a timeout, an abort or a failure is a denial: the gate fails closed.
 */
export function createToolApprovalGate(options: ToolApprovalGateOptions): ToolApprovalGateHandle {
  const pending = new Map<string, Pending>();

  const askGateway = (request: ToolApprovalRequest, notify: GatewayNotify): Promise<string> =>
    new Promise<string>((resolve) => {
      const requestId = randomUUID();
      const settle = (choice: string): void => {
        if (!pending.delete(requestId)) return;
        clearTimeout(timer);
        request.signal?.removeEventListener("abort", onAbort);
        resolve(choice);
      };
      const onAbort = (): void => settle("cancelled");
      pending.set(requestId, { sessionKey: request.sessionKey, settle });
      const timer = setTimeout(() => settle("timeout"), options.timeoutMs());
      timer.unref();
      if (request.signal?.aborted === true) return settle("cancelled");
      request.signal?.addEventListener("abort", onAbort, { once: true });
      Promise.resolve()
        .then(() =>
          notify({
            requestId,
            sessionKey: request.sessionKey,
            command: `${request.toolName}: ${request.message}`,
            patternKey: request.ruleKey,
            patternKeys: [request.ruleKey],
            description: request.message,
            allowPermanent: false,
            allowSession: true,
            smartDenied: false,
            createdAt: Date.now(),
          }),
        )
        .catch((error: unknown) => {
          options.logger.warn(`Gateway notify failed: ${describe(error)}`);
          settle("notify_failed");
        });
    });

  const ask = async (request: ToolApprovalRequest): Promise<string> => {
    if (options.prompt !== undefined) {
      return options.prompt.ask(
        {
          sessionKey: request.sessionKey,
          command: `${request.toolName}: ${request.message}`,
          patternKey: request.ruleKey,
          description: request.message,
          allowPermanent: false,
          allowSession: true,
          smartDenied: false,
        },
        {
          timeoutMs: options.timeoutMs(),
          ...(request.signal === undefined ? {} : { signal: request.signal }),
        },
      );
    }
    if (options.notify !== undefined) return askGateway(request, options.notify);
    return "no_approver";
  };

  const gate: ToolApprovalGate = async (request) => {
    if (options.manager.isApproved(request.sessionKey, request.ruleKey)) return { approved: true };
    const payload = {
      toolName: request.toolName,
      ruleKey: request.ruleKey,
      message: request.message,
      sessionKey: request.sessionKey,
    };
    if (options.hooks.hasHook("pre_approval_request"))
      await options.hooks.invokeHook("pre_approval_request", payload);
    if (options.events.has("approval:request")) {
      options.events.emit("approval:request", {
        tool: request.toolName,
        sessionKey: request.sessionKey,
        ruleKey: request.ruleKey,
        message: request.message,
      });
    }
    let choice: string;
    try {
      choice = await ask(request);
    } catch (error) {
      options.logger.warn(`Approval prompt failed: ${describe(error)}`);
      choice = "error";
    }
    const approved = APPROVING.has(choice);
    if (approved && choice !== "once")
      options.manager.approveSession(request.sessionKey, request.ruleKey);
    if (options.hooks.hasHook("post_approval_response"))
      await options.hooks.invokeHook("post_approval_response", { ...payload, choice, approved });
    if (approved) return { approved: true };
    return { approved: false, message: denialMessage(request.toolName, choice) };
  };

  return {
    gate,
    resolve(sessionKey, choice) {
      let count = 0;
      for (const entry of [...pending.values()]) {
        if (entry.sessionKey !== sessionKey) continue;
        entry.settle(choice.trim().toLowerCase());
        count++;
      }
      return count;
    },
    denyAll() {
      for (const entry of [...pending.values()]) entry.settle("cancelled");
    },
  };
}

function denialMessage(tool: string, choice: string): string {
  switch (choice) {
    case "timeout":
      return `BLOCKED: plugin approval for ${tool} timed out. The user has NOT approved this call.`;
    case "no_approver":
      return `BLOCKED: plugin approval required for ${tool}, and nobody can be asked here.`;
    case "error":
    case "notify_failed":
      return `BLOCKED: plugin approval gate failed for ${tool}`;
    default:
      return `BLOCKED: plugin approval required for ${tool}`;
  }
}

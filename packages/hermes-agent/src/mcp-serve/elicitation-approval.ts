import {
  parsePromptAnswer,
  type ApprovalPrompt,
  type ApprovalPromptRequest,
  type AskOptions,
  type PromptAnswer,
} from "@hermes-agent/approval";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Logger } from "@hermes-agent/core";
import type { ApprovalPromptFunction } from "../runtime/runtime-options.js";

/** The choices offered to the MCP client, in the terminal prompt's order. */
function choicesFor(request: ApprovalPromptRequest): string[] {
  if (request.smartDenied) return ["once", "deny"];
  return [
    "once",
    ...(request.allowSession ? ["session"] : []),
    ...(request.allowPermanent ? ["always"] : []),
    "deny",
  ];
}

/** True when the connected client declared form elicitation. */
export function supportsElicitation(server: Server): boolean {
  return server.getClientCapabilities()?.elicitation?.form !== undefined;
}

/**
 * Ask the MCP client's user about one dangerous command through form elicitation. Accepting
 * with a decision approves as that decision says; declining, cancelling, an invalid answer, a
 * timeout or a failed request is a denial.
 */
export async function askThroughElicitation(
  server: Server,
  request: ApprovalPromptRequest,
  options: AskOptions,
): Promise<PromptAnswer> {
  const choices = choicesFor(request);
  try {
    const reply = await server.elicitInput(
      {
        mode: "form",
        message:
          `Hermes wants to run a dangerous command (${request.description}):\n\n` +
          `${request.command}\n\nAllow it?`,
        requestedSchema: {
          type: "object",
          properties: {
            decision: {
              type: "string",
              title: "Decision",
              description:
                "once: this call only; session: this kind of command for this MCP session; " +
                "always: add it to the permanent allowlist; deny: refuse",
              enum: choices,
              default: "deny",
            },
          },
          required: ["decision"],
        },
      },
      { timeout: options.timeoutMs, ...(options.signal ? { signal: options.signal } : {}) },
    );
    if (reply.action !== "accept") return "deny";
    const decision = reply.content?.decision;
    if (typeof decision !== "string" || !choices.includes(decision)) return "deny";
    return parsePromptAnswer(decision, request);
  } catch {
    return "deny";
  }
}

/**
 * Routes approval requests to the MCP session that made the call: each served session binds
 * its session key to its SDK server. A session whose client cannot elicit, or an unknown
 * session, is denied (fail closed).
 */
export class McpApprovalRouter {
  readonly #servers = new Map<string, Server>();
  readonly #logger: Logger;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** Approval requests for `sessionKey` go to `server` until the returned function is called. */
  bind(sessionKey: string, server: Server): () => void {
    this.#servers.set(sessionKey, server);
    return () => {
      if (this.#servers.get(sessionKey) === server) this.#servers.delete(sessionKey);
    };
  }

  /**
   * The runtime's approval prompt. A session whose client cannot elicit has nobody to ask, and
   * its dangerous commands are refused saying so.
   */
  readonly approvalPrompt: ApprovalPrompt = {
    version: 1,
    ask: (request, options) => this.prompt(request, options),
    canAsk: (sessionKey) => {
      const server = this.#servers.get(sessionKey);
      return server !== undefined && supportsElicitation(server);
    },
  };

  /** Ask the client of the request's session, or deny when it cannot be asked. */
  readonly prompt: ApprovalPromptFunction = async (request, options) => {
    const server = this.#servers.get(request.sessionKey);
    if (server === undefined || !supportsElicitation(server)) {
      this.#logger.warn(
        `Denied '${request.command}' (${request.description}): the MCP client cannot be asked (no elicitation support).`,
      );
      return "deny";
    }
    return askThroughElicitation(server, request, options);
  };
}

import type { Logger } from "@hermes-agent/core";

/** Where a tool call came from. */
export type CallOrigin = "model" | "execute_code" | "cli" | "mcp";

/** How a tool call ended, as hooks and events report it. */
export type ToolCallStatus = "ok" | "error" | "blocked";

/** Payload of `tool:start`. */
export interface ToolStartEvent {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly taskId: string | undefined;
  readonly toolCallId: string | undefined;
  readonly origin: CallOrigin;
}

/** Payload of `tool:end`. */
export interface ToolEndEvent extends ToolStartEvent {
  readonly status: ToolCallStatus;
  /** Wall time of the call through the whole pipeline, milliseconds. */
  readonly durationMs: number;
  readonly result: string;
}

/** Payload of `approval:request`: a human (or the gateway) is being asked. */
export interface ApprovalRequestEvent {
  readonly tool: string;
  readonly sessionKey: string;
  readonly ruleKey: string;
  readonly message: string;
}

/** Payload of `process:complete`: a background process started by a tool ended. */
export interface ProcessCompleteEvent {
  readonly sessionId: string;
  readonly taskId: string;
  readonly command: string;
  readonly exitCode: number | null;
  /** The notice the agent loop injects for the model. */
  readonly message: string;
}

/** Payload of `process:watch`: a watched background process printed a matching line (or its watch stopped). */
export interface ProcessWatchEvent {
  readonly sessionId: string;
  readonly taskId: string;
  readonly command: string;
  /** "match": a `watch_patterns` entry appeared; "disabled": too many matches, watching stopped. */
  readonly kind: "match" | "disabled";
  /** The notice the agent loop injects for the model. */
  readonly message: string;
}

/** Payload of `mcp:status`: an MCP server's connection changed. */
export interface McpStatusEvent {
  readonly server: string;
  readonly status: "connecting" | "connected" | "failed" | "closed" | "tools_changed";
  readonly detail?: string;
}

/** Payload of `mcp:progress`: a running MCP tool call reported progress. */
export interface McpProgressEvent {
  readonly server: string;
  readonly tool: string;
  readonly progress: number;
  readonly total: number | undefined;
  readonly message: string | undefined;
}

/**
 * Payload of `execute_code:stderr`: what an execute_code script wrote to standard error (the
 * tool's result includes it only when the script failed).
 */
export interface ScriptStderrEvent {
  readonly taskId: string | undefined;
  readonly stderr: string;
}

/** Every event of a runtime and its payload. */
export interface RuntimeEventMap {
  "tool:start": ToolStartEvent;
  "tool:end": ToolEndEvent;
  "approval:request": ApprovalRequestEvent;
  "process:complete": ProcessCompleteEvent;
  "process:watch": ProcessWatchEvent;
  "mcp:status": McpStatusEvent;
  "mcp:progress": McpProgressEvent;
  "execute_code:stderr": ScriptStderrEvent;
}

/** Name of a runtime event. */
export type RuntimeEventName = keyof RuntimeEventMap;

/** A listener of one event. */
export type RuntimeEventListener<E extends RuntimeEventName> = (
  payload: RuntimeEventMap[E],
) => void;

/**
 * A small typed emitter. Listeners run synchronously in subscription order; one that throws is
 * logged and the others still run, so a broken UI listener never breaks a tool call.
 */
export class RuntimeEvents {
  readonly #listeners = new Map<RuntimeEventName, Set<(payload: never) => void>>();
  readonly #logger: Logger;

  constructor(logger: Logger) {
    this.#logger = logger;
  }

  /** Subscribe; returns the function that unsubscribes. */
  on<E extends RuntimeEventName>(event: E, listener: RuntimeEventListener<E>): () => void {
    let set = this.#listeners.get(event);
    if (set === undefined) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener as (payload: never) => void);
    return () => this.off(event, listener);
  }

  /** Subscribe for the next event only. */
  once<E extends RuntimeEventName>(event: E, listener: RuntimeEventListener<E>): () => void {
    const off = this.on(event, (payload) => {
      off();
      listener(payload);
    });
    return off;
  }

  /** Remove a listener. */
  off<E extends RuntimeEventName>(event: E, listener: RuntimeEventListener<E>): void {
    this.#listeners.get(event)?.delete(listener as (payload: never) => void);
  }

  /** True when the event has at least one listener (emitters skip building payloads otherwise). */
  has(event: RuntimeEventName): boolean {
    const set = this.#listeners.get(event);
    return set !== undefined && set.size > 0;
  }

  /** Deliver `payload` to every listener of `event`. */
  emit<E extends RuntimeEventName>(event: E, payload: RuntimeEventMap[E]): void {
    const set = this.#listeners.get(event);
    if (set === undefined) return;
    for (const listener of [...set]) {
      try {
        (listener as RuntimeEventListener<E>)(payload);
      } catch (error) {
        this.#logger.warn(`Listener of '${event}' threw: ${String(error)}`);
      }
    }
  }

  /** Drop every listener. */
  clear(): void {
    this.#listeners.clear();
  }
}

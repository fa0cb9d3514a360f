import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** A tool call the scripted model makes. */
export interface ScriptedToolCall {
  readonly name: string;
  readonly arguments: Record<string, unknown> | string;
  readonly id?: string;
}

/** One scripted reply: text and/or tool calls, streamed in chunks; or an HTTP error. */
export type ScriptedReply =
  | {
      readonly content?: string;
      readonly toolCalls?: readonly ScriptedToolCall[];
      /** Pieces the text is cut into (default 3). */
      readonly chunks?: number;
      /** Milliseconds to wait before answering. */
      readonly delayMs?: number;
    }
  | {
      readonly status: number;
      readonly error: string;
      readonly headers?: Readonly<Record<string, string>>;
    };

/** A request the server received. */
export interface RecordedRequest {
  readonly body: {
    model: string;
    messages: Array<{
      role: string;
      content: string | null;
      tool_calls?: unknown[];
      tool_call_id?: string;
    }>;
    tools?: Array<{ function: { name: string } }>;
    stream?: boolean;
  };
  readonly authorization: string | undefined;
}

/** Decides the reply to a request: a fixed queue, or a function of the request. */
export type Script = ScriptedReply[] | ((request: RecordedRequest, index: number) => ScriptedReply);

/** A running scripted server. */
export interface ScriptedModelServer {
  /** Base URL to give the client (`http://127.0.0.1:<port>/v1`). */
  readonly baseURL: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on("data", (part: Buffer) => parts.push(part));
    request.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    request.on("error", reject);
  });
}

function cut(text: string, pieces: number): string[] {
  if (text === "") return [];
  const size = Math.max(1, Math.ceil(text.length / pieces));
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}

function sse(response: ServerResponse, payload: unknown): void {
  response.write(`data: ${JSON.stringify(payload)}\n\n`);
}

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1 that answers from a script, streams
 * like the real API (role chunk, content pieces, tool-call argument fragments, a final chunk with
 * usage), and records every request.
 */
export async function startScriptedModelServer(script: Script): Promise<ScriptedModelServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const body = JSON.parse(await readBody(request)) as RecordedRequest["body"];
      const recorded: RecordedRequest = { body, authorization: request.headers.authorization };
      const index = requests.length;
      requests.push(recorded);
      const reply: ScriptedReply | undefined = Array.isArray(script)
        ? script[index]
        : script(recorded, index);
      if (reply === undefined) {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: `script has no reply #${index}` } }));
        return;
      }
      if ("status" in reply) {
        response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
        response.end(JSON.stringify({ error: { message: reply.error, type: "scripted" } }));
        return;
      }
      if (reply.delayMs !== undefined)
        await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      const base = {
        id: `chatcmpl-${index}`,
        object: "chat.completion.chunk",
        created: 0,
        model: body.model,
      };
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      sse(response, {
        ...base,
        choices: [{ index: 0, delta: { role: "assistant" }, finish_reason: null }],
      });
      for (const piece of cut(reply.content ?? "", reply.chunks ?? 3)) {
        sse(response, {
          ...base,
          choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
        });
      }
      (reply.toolCalls ?? []).forEach((call, callIndex) => {
        const args =
          typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
        const half = Math.ceil(args.length / 2);
        sse(response, {
          ...base,
          choices: [
            {
              index: 0,
              delta: {
                tool_calls: [
                  {
                    index: callIndex,
                    id: call.id ?? `call_${index}_${callIndex}`,
                    type: "function",
                    function: { name: call.name, arguments: args.slice(0, half) },
                  },
                ],
              },
              finish_reason: null,
            },
          ],
        });
        sse(response, {
          ...base,
          choices: [
            {
              index: 0,
              delta: {
                tool_calls: [{ index: callIndex, function: { arguments: args.slice(half) } }],
              },
              finish_reason: null,
            },
          ],
        });
      });
      const finish = (reply.toolCalls ?? []).length > 0 ? "tool_calls" : "stop";
      sse(response, { ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] });
      sse(response, {
        ...base,
        choices: [],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      });
      response.write("data: [DONE]\n\n");
      response.end();
    })().catch((error: unknown) => {
      response.destroy(error as Error);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

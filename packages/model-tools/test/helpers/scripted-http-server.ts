import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** A request the server received. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage["headers"];
  readonly text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly json: unknown;
  /** Resolves when the client goes away before (or after) the answer. */
  readonly closed: Promise<void>;
}

/** A scripted answer: JSON (or raw bytes) with a status and headers. */
export interface ScriptedResponse {
  readonly status?: number;
  readonly json?: unknown;
  readonly body?: Buffer | string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Decides the answer to each request. */
export type Route = (request: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse>;

/** A scripted HTTP server on 127.0.0.1 that answers like a vendor API and records requests. */
export interface ScriptedServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
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

function send(response: ServerResponse, answer: ScriptedResponse): void {
  const body = answer.body ?? (answer.json === undefined ? "" : JSON.stringify(answer.json));
  const type = answer.json === undefined ? {} : { "content-type": "application/json" };
  response.writeHead(answer.status ?? 200, { ...type, ...answer.headers });
  response.end(body);
}

/** Start a server answering every request with `route`. */
export async function startScriptedServer(route: Route): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const closed = new Promise<void>((resolve) => response.on("close", () => resolve()));
    void (async () => {
      const text = await readBody(request);
      let json: unknown;
      try {
        json = text === "" ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      const recorded: RecordedRequest = {
        method: request.method ?? "GET",
        path: request.url ?? "/",
        headers: request.headers,
        text,
        json,
        closed,
      };
      requests.push(recorded);
      try {
        const answer = await route(recorded);
        if (!response.destroyed) send(response, answer);
      } catch (error) {
        send(response, { status: 500, json: { error: { message: String(error) } } });
      }
    })();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A non-streaming chat completion as OpenAI returns it. */
export function chatCompletion(
  content: string | null,
  extra: Readonly<Record<string, unknown>> = {},
): ScriptedResponse {
  return {
    json: {
      id: "chatcmpl-test",
      object: "chat.completion",
      created: 0,
      model: "scripted",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content, ...extra },
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    },
  };
}

/** An OpenAI-style error body with a status. */
export function apiError(status: number, message: string): ScriptedResponse {
  return { status, json: { error: { message, type: "invalid_request_error", code: null } } };
}

/** A 1x1 PNG. */
export const TINY_PNG: Buffer = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

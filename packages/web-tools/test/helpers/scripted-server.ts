import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the scripted server received. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingMessage["headers"];
  readonly body: unknown;
}

/** A route's answer: a JSON body with a status, or a raw handler. */
export type RouteAnswer =
  | { readonly status?: number; readonly json: unknown }
  | { readonly handler: (req: IncomingMessage, res: ServerResponse, body: unknown) => void };

/** An HTTP server on 127.0.0.1 that answers from a script and records what it was sent. */
export interface ScriptedServer {
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** Set the answer of `METHOD /path` (a function may vary the answer per call). */
  route(key: string, answer: RouteAnswer | ((call: number, body: unknown) => RouteAnswer)): void;
  close(): Promise<void>;
}

/** Start a scripted server on loopback; unknown routes answer 404. */
export async function startScriptedServer(): Promise<ScriptedServer> {
  const routes = new Map<string, RouteAnswer | ((call: number, body: unknown) => RouteAnswer)>();
  const calls = new Map<string, number>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://local");
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = text === "" ? undefined : (JSON.parse(text) as unknown);
      } catch {
        // Keep the raw text.
      }
      requests.push({
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      const key = `${req.method ?? "GET"} ${url.pathname}`;
      const script = routes.get(key);
      const call = (calls.get(key) ?? 0) + 1;
      calls.set(key, call);
      const answer = typeof script === "function" ? script(call, body) : script;
      if (answer === undefined) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: `no route ${key}` }));
      } else if ("handler" in answer) {
        answer.handler(req, res, body);
      } else {
        res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
        res.end(JSON.stringify(answer.json));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    requests,
    route: (key, answer) => routes.set(key, answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An answer that sends raw bytes with headers. */
export function raw(
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): RouteAnswer {
  return {
    handler: (_req, res) => {
      res.writeHead(status, headers);
      res.end(body);
    },
  };
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted reply of the stub: a completion text, an HTTP error, or a stall. */
export type StubReply =
  { readonly text: string } | { readonly status: number } | { readonly stallMs: number };

/** A small OpenAI-compatible chat completions server on 127.0.0.1 that plays a script. */
export interface OpenAIStub {
  readonly baseURL: string;
  /** Parsed JSON bodies of the requests received, in order. */
  readonly requests: Record<string, unknown>[];
  /** Headers of the requests received. */
  readonly headers: IncomingMessage["headers"][];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

function completion(text: string): string {
  return JSON.stringify({
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 0,
    model: "reviewer",
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: text } }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
}

/** Start the stub; each request consumes the next reply (the last one repeats). */
export async function startOpenAIStub(script: StubReply[]): Promise<OpenAIStub> {
  const requests: Record<string, unknown>[] = [];
  const headers: IncomingMessage["headers"][] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req);
    requests.push(JSON.parse(body) as Record<string, unknown>);
    headers.push(req.headers);
    const reply = (script.length > 1 ? script.shift() : script[0]) ?? { status: 500 };
    if ("stallMs" in reply) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed)
          res.writeHead(200, { "content-type": "application/json" }).end(completion("APPROVE"));
      }, reply.stallMs);
      timers.add(timer);
      return;
    }
    if ("status" in reply) {
      res
        .writeHead(reply.status, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "scripted failure" } }));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(completion(reply.text));
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

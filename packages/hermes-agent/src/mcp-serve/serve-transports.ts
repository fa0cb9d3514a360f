import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import type { McpApprovalRouter } from "./elicitation-approval.js";
import { createMcpToolServer } from "./mcp-tool-server.js";

/** What both transports need. */
export interface ServeOptions {
  readonly runtime: HermesRuntime;
  readonly router: McpApprovalRouter;
  readonly toolsets?: readonly string[];
  /** Aborting it stops serving. */
  readonly signal: AbortSignal;
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

/**
 * Serve one MCP session on standard input and output until the client closes standard input
 * or `signal` aborts. Standard output carries protocol messages only.
 */
export async function serveStdio(options: ServeOptions): Promise<void> {
  const sessionKey = "mcp-stdio";
  const server = createMcpToolServer({
    runtime: options.runtime,
    sessionKey,
    ...(options.toolsets === undefined ? {} : { toolsets: options.toolsets }),
  });
  const unbind = options.router.bind(sessionKey, server);
  const transport = new StdioServerTransport();
  const ended = new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
    transport.onclose = resolve;
  });
  await server.connect(transport);
  try {
    await Promise.race([ended, untilAborted(options.signal)]);
  } finally {
    unbind();
    await server.close();
  }
}

function sendJsonRpcError(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? undefined : (JSON.parse(text) as unknown);
}

/** A listening streamable-HTTP MCP endpoint. */
export interface HttpServing {
  /** `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** Resolves once `signal` aborted and every session and the socket are closed. */
  readonly done: Promise<void>;
}

/**
 * Serve MCP over streamable HTTP on 127.0.0.1:`port` (0 picks a free port), path `/mcp`, one
 * SDK server per client session. Requests naming another host are refused (DNS rebinding).
 */
export async function serveHttp(options: ServeOptions & { port: number }): Promise<HttpServing> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  let port = 0;
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/mcp") {
      sendJsonRpcError(response, 404, "Not found: the MCP endpoint is /mcp");
      return;
    }
    const sessionId = request.headers["mcp-session-id"];
    const existing = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (existing !== undefined) {
      await existing.handleRequest(request, response);
      return;
    }
    if (request.method !== "POST") {
      sendJsonRpcError(response, 400, "No valid MCP session: send initialize first");
      return;
    }
    let body: unknown;
    try {
      body = await readJson(request);
    } catch {
      sendJsonRpcError(response, 400, "The request body is not valid JSON");
      return;
    }
    if (!isInitializeRequest(body)) {
      sendJsonRpcError(response, 400, "No valid MCP session: send initialize first");
      return;
    }
    const id = randomUUID();
    const sessionKey = `mcp-${id}`;
    const server = createMcpToolServer({
      runtime: options.runtime,
      sessionKey,
      ...(options.toolsets === undefined ? {} : { toolsets: options.toolsets }),
    });
    const unbind = options.router.bind(sessionKey, server);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      onsessioninitialized: () => void sessions.set(id, transport),
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`],
    });
    transport.onclose = () => {
      sessions.delete(id);
      unbind();
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, body);
  };
  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJsonRpcError(response, 500, String(error));
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, "127.0.0.1", () => {
      http.off("error", reject);
      resolve();
    });
  });
  port = (http.address() as AddressInfo).port;
  const done = (async () => {
    await untilAborted(options.signal);
    await Promise.allSettled([...sessions.values()].map((transport) => transport.close()));
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  })();
  return { url: `http://127.0.0.1:${port}/mcp`, done };
}

import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

/** Options of {@link startHttpFixture}. */
export interface HttpFixtureOptions {
  /** Require an OAuth bearer token issued by this server's own authorization endpoints. */
  readonly oauth?: boolean;
  /** Lifetime of issued access tokens, in seconds. */
  readonly accessTokenSeconds?: number;
}

/** A streamable-HTTP MCP server on 127.0.0.1 with an optional OAuth 2.1 authorization server. */
export interface HttpFixture {
  readonly url: string;
  /** Make every access token issued so far expire now. */
  expireAccessTokens(): void;
  /** Forget every MCP session (the next request with an old session id gets 404). */
  dropSessions(): void;
  /** Values of the `x-hermes-test` request header, in order. */
  readonly headers: string[];
  /** How many times each tool ran. */
  readonly calls: Map<string, number>;
  readonly stats: { authorizations: number; refreshes: number; rejected: number };
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

function json(
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  response
    .writeHead(status, { "content-type": "application/json", ...headers })
    .end(JSON.stringify(value));
}

function buildMcpServer(calls: Map<string, number>): McpServer {
  const server = new McpServer({ name: "http-fixture", version: "1.0.0" });
  const count = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1);
  server.registerTool(
    "whoami",
    { description: "Who is calling", annotations: { readOnlyHint: true } },
    () => {
      count("whoami");
      return { content: [{ type: "text", text: "an authorised client" }] };
    },
  );
  server.registerTool("write_note", { description: "Write a note (not read-only)" }, () => {
    count("write_note");
    return { content: [{ type: "text", text: "written" }] };
  });
  return server;
}

/** Start the fixture on a free loopback port. */
export async function startHttpFixture(options: HttpFixtureOptions = {}): Promise<HttpFixture> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const calls = new Map<string, number>();
  const headers: string[] = [];
  const stats = { authorizations: 0, refreshes: 0, rejected: 0 };
  const clients = new Map<string, string[]>();
  const codes = new Map<string, { challenge: string; clientId: string }>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  let base = "";
  const lifetime = options.accessTokenSeconds ?? 3600;

  const issueTokens = () => {
    const access = randomUUID();
    const refresh = randomUUID();
    accessTokens.set(access, Date.now() + lifetime * 1000);
    refreshTokens.add(refresh);
    return {
      access_token: access,
      token_type: "Bearer",
      expires_in: lifetime,
      refresh_token: refresh,
    };
  };

  const authorised = (request: IncomingMessage): boolean => {
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
    const expires = token === undefined ? undefined : accessTokens.get(token);
    return expires !== undefined && expires > Date.now();
  };

  const handleOAuth = async (
    request: IncomingMessage,
    response: ServerResponse,
    url: URL,
  ): Promise<boolean> => {
    if (url.pathname.startsWith("/.well-known/oauth-protected-resource")) {
      json(response, 200, { resource: `${base}/mcp`, authorization_servers: [base] });
    } else if (url.pathname.startsWith("/.well-known/oauth-authorization-server")) {
      json(response, 200, {
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        registration_endpoint: `${base}/register`,
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
      });
    } else if (url.pathname === "/register" && request.method === "POST") {
      const metadata = JSON.parse(await readBody(request)) as { redirect_uris: string[] };
      const clientId = randomUUID();
      clients.set(clientId, metadata.redirect_uris);
      json(response, 201, {
        ...metadata,
        client_id: clientId,
        client_id_issued_at: Math.floor(Date.now() / 1000),
      });
    } else if (url.pathname === "/authorize") {
      const q = url.searchParams;
      const redirect = q.get("redirect_uri") ?? "";
      const clientId = q.get("client_id") ?? "";
      if (
        !(clients.get(clientId) ?? []).includes(redirect) ||
        q.get("code_challenge_method") !== "S256"
      ) {
        json(response, 400, { error: "invalid_request" });
        return true;
      }
      const code = randomUUID();
      codes.set(code, { challenge: q.get("code_challenge") ?? "", clientId });
      stats.authorizations++;
      const target = new URL(redirect);
      target.searchParams.set("code", code);
      target.searchParams.set("state", q.get("state") ?? "");
      response.writeHead(302, { location: target.href }).end();
    } else if (url.pathname === "/token" && request.method === "POST") {
      const form = new URLSearchParams(await readBody(request));
      if (form.get("grant_type") === "authorization_code") {
        const entry = codes.get(form.get("code") ?? "");
        const verifier = form.get("code_verifier") ?? "";
        const challenge = createHash("sha256").update(verifier).digest("base64url");
        if (
          entry === undefined ||
          entry.challenge !== challenge ||
          entry.clientId !== form.get("client_id")
        ) {
          json(response, 400, { error: "invalid_grant" });
          return true;
        }
        codes.delete(form.get("code") ?? "");
        json(response, 200, issueTokens());
      } else if (
        form.get("grant_type") === "refresh_token" &&
        refreshTokens.delete(form.get("refresh_token") ?? "")
      ) {
        stats.refreshes++;
        json(response, 200, issueTokens());
      } else json(response, 400, { error: "invalid_grant" });
    } else return false;
    return true;
  };

  const handleMcp = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const marked = request.headers["x-hermes-test"];
    if (typeof marked === "string") headers.push(marked);
    if (options.oauth === true && !authorised(request)) {
      stats.rejected++;
      json(
        response,
        401,
        { error: "invalid_token" },
        {
          "www-authenticate": `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource"`,
        },
      );
      return;
    }
    const body =
      request.method === "POST" ? (JSON.parse(await readBody(request)) as unknown) : undefined;
    const sessionId = request.headers["mcp-session-id"];
    let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (transport === undefined) {
      if (typeof sessionId === "string") {
        json(response, 404, {
          jsonrpc: "2.0",
          error: { code: -32001, message: "Session not found" },
          id: null,
        });
        return;
      }
      const fresh: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void sessions.set(id, fresh),
      });
      transport = fresh;
      await buildMcpServer(calls).connect(fresh);
    }
    await transport.handleRequest(request, response, body);
  };

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    void (async () => {
      if (options.oauth === true && (await handleOAuth(request, response, url))) return;
      if (url.pathname === "/mcp") await handleMcp(request, response);
      else json(response, 404, { error: "not found" });
    })().catch((error: unknown) => {
      if (!response.headersSent) json(response, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/mcp`,
    calls,
    headers,
    stats,
    expireAccessTokens: () => {
      for (const token of accessTokens.keys()) accessTokens.set(token, 0);
    },
    dropSessions: () => {
      for (const transport of sessions.values()) void transport.close();
      sessions.clear();
    },
    close: async () => {
      for (const transport of sessions.values()) await transport.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

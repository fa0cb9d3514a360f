import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import { McpError, McpErrorCode } from "../mcp-error.js";
import { FileOAuthProvider } from "./file-oauth-provider.js";
import { OAuthTokenStore } from "./token-store.js";

/** Options of {@link loginMcpServer}. */
export interface McpLoginOptions {
  /** The server's name in `mcp_servers` (names the token file). */
  readonly server: string;
  /** The server's MCP endpoint URL. */
  readonly url: string;
  readonly hermesHome: string;
  /** Show the user the authorization URL (open a browser, print it). */
  readonly openAuthorizationUrl: (url: URL) => void | Promise<void>;
  /** How long to wait for the browser to come back (default 300 s). */
  readonly timeoutMs?: number;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

async function startCallbackServer(preferredPort: number, expectedState: () => string) {
  let settle: { resolve: (code: string) => void; reject: (error: Error) => void } | undefined;
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/callback") {
      response.writeHead(404).end();
      return;
    }
    const error = url.searchParams.get("error");
    const received = url.searchParams.get("code");
    const ok =
      error === null && received !== null && url.searchParams.get("state") === expectedState();
    response.writeHead(ok ? 200 : 400, { "content-type": "text/plain; charset=utf-8" });
    response.end(
      ok ? "Hermes is logged in. You can close this window." : "Login failed; see the terminal.",
    );
    if (ok) settle?.resolve(received);
    else
      settle?.reject(
        new McpError(
          McpErrorCode.AuthFailed,
          `The authorization server answered: ${error ?? "a callback without a valid code and state"}`,
        ),
      );
  });
  let port: number;
  try {
    port = await listen(server, preferredPort);
  } catch {
    port = await listen(server, 0);
  }
  return { server, port, code };
}

/**
 * `hermes mcp login <server>`: run the OAuth 2.1 authorization-code flow with PKCE for an HTTP
 * server (dynamic client registration when needed), with a one-shot callback on 127.0.0.1.
 * Tokens land in `HERMES_HOME/mcp-tokens/<server>.json` (0600); later connects use and refresh
 * them. Resolves once tokens are stored.
 */
export async function loginMcpServer(options: McpLoginOptions): Promise<void> {
  const stored = await new OAuthTokenStore(options.hermesHome, options.server).read();
  const preferredPort =
    stored.redirectUrl === undefined ? 0 : Number(new URL(stored.redirectUrl).port);
  let provider: FileOAuthProvider | undefined;
  const callback = await startCallbackServer(preferredPort, () => provider?.expectedState ?? "");
  const timeoutMs = options.timeoutMs ?? 300_000;
  let timer: NodeJS.Timeout | undefined;
  try {
    provider = new FileOAuthProvider({
      server: options.server,
      hermesHome: options.hermesHome,
      redirectUrl: `http://127.0.0.1:${callback.port}/callback`,
      openAuthorizationUrl: options.openAuthorizationUrl,
    });
    const first = await auth(provider, { serverUrl: options.url });
    if (first === "AUTHORIZED") return;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new McpError(
              McpErrorCode.AuthFailed,
              `No answer from the browser within ${timeoutMs / 1000}s`,
            ),
          ),
        timeoutMs,
      );
    });
    const code = await Promise.race([callback.code, timeout]);
    const second = await auth(provider, { serverUrl: options.url, authorizationCode: code });
    if (second !== "AUTHORIZED") {
      throw new McpError(
        McpErrorCode.AuthFailed,
        `Login to MCP server '${options.server}' did not complete`,
      );
    }
  } finally {
    clearTimeout(timer);
    callback.code.catch(() => undefined);
    callback.server.closeAllConnections();
    await new Promise((resolve) => callback.server.close(resolve));
  }
}

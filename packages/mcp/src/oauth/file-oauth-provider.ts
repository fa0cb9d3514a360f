import { randomBytes } from "node:crypto";
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { McpError, McpErrorCode } from "../mcp-error.js";
import { OAuthTokenStore } from "./token-store.js";

/** Redirect URL of a server nobody logged in to yet; never used for a real redirect. */
const NOT_LOGGED_IN_REDIRECT = "http://127.0.0.1/callback";

/** Options of {@link FileOAuthProvider}. */
export interface FileOAuthProviderOptions {
  readonly server: string;
  readonly hermesHome: string;
  /**
   * Where the browser is sent during `hermes mcp login`. Without it the provider is
   * non-interactive: a server that needs a login fails with `MCP_AUTH_REQUIRED`.
   */
  readonly openAuthorizationUrl?: ((url: URL) => void | Promise<void>) | undefined;
  /** The loopback callback URL used for a login (`http://127.0.0.1:<port>/callback`). */
  readonly redirectUrl?: string | undefined;
  readonly now?: () => number;
}

/**
 * The SDK's OAuth client provider (OAuth 2.1, PKCE, dynamic client registration, refresh)
 * backed by `HERMES_HOME/mcp-tokens/<server>.json`. The SDK refreshes an expired access token
 * with the stored refresh token and saves the new tokens here.
 */
export class FileOAuthProvider implements OAuthClientProvider {
  readonly store: OAuthTokenStore;
  readonly #options: FileOAuthProviderOptions;
  readonly #redirectUrl: string;
  /** The `state` parameter of this provider's authorization requests (checked on the callback). */
  readonly expectedState: string = randomBytes(16).toString("hex");

  constructor(options: FileOAuthProviderOptions) {
    this.#options = options;
    this.store = new OAuthTokenStore(options.hermesHome, options.server);
    // The SDK treats a provider without a redirect URL as a machine-to-machine client; a
    // non-interactive provider keeps the URL it registered with at login.
    this.#redirectUrl =
      options.redirectUrl ?? this.store.readSync().redirectUrl ?? NOT_LOGGED_IN_REDIRECT;
  }

  get redirectUrl(): string {
    return this.#redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: `Hermes Agent (${this.#options.server})`,
      redirect_uris: [this.#redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  state(): string {
    return this.expectedState;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const state = await this.store.read();
    // Without a login there is nothing to refresh: say what to run instead of registering a client.
    if (this.#options.openAuthorizationUrl === undefined && state.clientInformation === undefined) {
      throw this.#authRequired();
    }
    // A client registered for another callback URL cannot finish this login.
    if (state.redirectUrl !== undefined && state.redirectUrl !== this.#redirectUrl)
      return undefined;
    return state.clientInformation;
  }

  async saveClientInformation(clientInformation: OAuthClientInformationMixed): Promise<void> {
    await this.store.update({ clientInformation, redirectUrl: this.#redirectUrl });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.store.read()).tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const now = (this.#options.now ?? Date.now)();
    await this.store.update({
      tokens,
      expiresAt: tokens.expires_in === undefined ? undefined : now + tokens.expires_in * 1000,
    });
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const open = this.#options.openAuthorizationUrl;
    if (open === undefined) throw this.#authRequired();
    await open(authorizationUrl);
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.store.update({ codeVerifier });
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.store.read()).codeVerifier;
    if (verifier === undefined) {
      throw new McpError(
        McpErrorCode.AuthFailed,
        `No PKCE code verifier saved for MCP server '${this.#options.server}'`,
      );
    }
    return verifier;
  }

  async saveDiscoveryState(discoveryState: OAuthDiscoveryState): Promise<void> {
    await this.store.update({ discoveryState });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.store.read()).discoveryState;
  }

  #authRequired(): McpError {
    const server = this.#options.server;
    return new McpError(
      McpErrorCode.AuthRequired,
      `MCP server '${server}' requires authentication. Run \`hermes mcp login ${server}\``,
      { details: { server } },
    );
  }

  async invalidateCredentials(
    scope: "all" | "client" | "tokens" | "verifier" | "discovery",
  ): Promise<void> {
    if (scope === "all") await this.store.clear();
    else if (scope === "client") await this.store.update({ clientInformation: undefined });
    else if (scope === "tokens")
      await this.store.update({ tokens: undefined, expiresAt: undefined });
    else if (scope === "verifier") await this.store.update({ codeVerifier: undefined });
    else await this.store.update({ discoveryState: undefined });
  }
}

import { randomBytes } from "node:crypto";
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { McpError, McpErrorCode } from "../mcp-error.js";
import { OAuthTokenStore } from "./token-store.js";

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
  #redirectUrl: string | undefined;
  /** The `state` parameter of this provider's authorization requests (checked on the callback). */
  readonly expectedState: string = randomBytes(16).toString("hex");

  constructor(options: FileOAuthProviderOptions) {
    this.#options = options;
    this.store = new OAuthTokenStore(options.hermesHome, options.server);
    this.#redirectUrl = options.redirectUrl;
  }

  get redirectUrl(): string | undefined {
    return this.#redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: `Hermes Agent (${this.#options.server})`,
      redirect_uris: this.#redirectUrl === undefined ? [] : [this.#redirectUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  /** Load the stored redirect URL so refreshes and re-logins use the registered one. */
  async load(): Promise<void> {
    this.#redirectUrl ??= (await this.store.read()).redirectUrl;
  }

  state(): string {
    return this.expectedState;
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const state = await this.store.read();
    // A client registered for another callback URL cannot finish this login.
    if (this.#redirectUrl !== undefined && state.redirectUrl !== undefined && state.redirectUrl !== this.#redirectUrl) {
      return undefined;
    }
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
    if (open === undefined) {
      throw new McpError(
        McpErrorCode.AuthRequired,
        `MCP server '${this.#options.server}' requires authentication. Run \`hermes mcp login ${this.#options.server}\``,
        { details: { server: this.#options.server } },
      );
    }
    await open(authorizationUrl);
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.store.update({ codeVerifier });
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.store.read()).codeVerifier;
    if (verifier === undefined) {
      throw new McpError(McpErrorCode.AuthFailed, `No PKCE code verifier saved for MCP server '${this.#options.server}'`);
    }
    return verifier;
  }

  async saveDiscoveryState(discoveryState: OAuthDiscoveryState): Promise<void> {
    await this.store.update({ discoveryState });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.store.read()).discoveryState;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    if (scope === "all") await this.store.clear();
    else if (scope === "client") await this.store.update({ clientInformation: undefined });
    else if (scope === "tokens") await this.store.update({ tokens: undefined, expiresAt: undefined });
    else if (scope === "verifier") await this.store.update({ codeVerifier: undefined });
    else await this.store.update({ discoveryState: undefined });
  }
}

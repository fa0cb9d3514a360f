import { readFileSync } from "node:fs";
import { chmod, mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "@hermes-agent/config";
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import type { OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";

/** What is kept per server in `HERMES_HOME/mcp-tokens/<server>.json`. */
export interface StoredOAuthState {
  tokens?: OAuthTokens;
  /** Epoch ms when the access token expires, computed from `expires_in` at save time. */
  expiresAt?: number;
  clientInformation?: OAuthClientInformationMixed;
  /** The redirect URL the client was registered with (the loopback callback). */
  redirectUrl?: string;
  codeVerifier?: string;
  discoveryState?: OAuthDiscoveryState;
}

/** File name of a server's token file: the name with anything unusual replaced by `_`. */
export function tokenFileName(server: string): string {
  return `${server.replace(/[^A-Za-z0-9_.-]/g, "_").replace(/^\.+/, "_")}.json`;
}

/**
 * One server's OAuth state on disk, private to the user: the directory is 0700, the file 0600,
 * written atomically (a crash never leaves half a token file).
 */
export class OAuthTokenStore {
  readonly file: string;
  #cache: StoredOAuthState | undefined;

  constructor(hermesHome: string, server: string) {
    this.file = path.join(hermesHome, "mcp-tokens", tokenFileName(server));
  }

  /** The stored state (read once, then cached; the file is small). */
  readSync(): StoredOAuthState {
    if (this.#cache !== undefined) return this.#cache;
    try {
      this.#cache = JSON.parse(readFileSync(this.file, "utf8")) as StoredOAuthState;
    } catch {
      this.#cache = {};
    }
    return this.#cache;
  }

  read(): Promise<StoredOAuthState> {
    return Promise.resolve(this.readSync());
  }

  async update(change: {
    [K in keyof StoredOAuthState]?: StoredOAuthState[K] | undefined;
  }): Promise<void> {
    const merged: Record<string, unknown> = { ...(await this.read()), ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete merged[key];
    const next = merged as StoredOAuthState;
    this.#cache = next;
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file, `${JSON.stringify(next, null, 2)}\n`);
    await chmod(this.file, 0o600);
  }

  async clear(): Promise<void> {
    this.#cache = {};
    await rm(this.file, { force: true });
  }
}

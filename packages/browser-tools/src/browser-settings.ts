import type { Logger } from "@hermes-agent/core";
import type { HostResolver } from "./url-guard.js";

/** The `browser:` section of config.yaml as the browser tools read it (Hermes' keys). */
export interface BrowserConfigSection {
  /** `browser.inactivity_timeout`: seconds before an idle task's browser is closed (120). */
  readonly inactivity_timeout?: number | null | undefined;
  /** `browser.command_timeout`: seconds a navigation or action may take (30). */
  readonly command_timeout?: number | null | undefined;
  /** `browser.allow_private_urls`: let the browser open loopback and private addresses. */
  readonly allow_private_urls?: boolean | null | undefined;
  /** `browser.executable_path`: the Chromium binary to drive. */
  readonly executable_path?: string | null | undefined;
}

/** A loaded config (or any object with a `browser` section). */
export interface BrowserConfigInput {
  readonly browser?: BrowserConfigSection | null | undefined;
  /** Hermes' `security.allow_private_urls` is honoured too. */
  readonly security?: { readonly allow_private_urls?: unknown } | null | undefined;
}

/** Hermes' `browser.inactivity_timeout` default, in seconds. */
export const DEFAULT_INACTIVITY_TIMEOUT_S = 120;
/** Hermes' `browser.command_timeout` default, in seconds. */
export const DEFAULT_COMMAND_TIMEOUT_S = 30;
/** Contexts open at once by default. */
export const DEFAULT_MAX_SESSIONS = 8;
/** Characters of snapshot text returned before it is cut (the schema promises 8000). */
export const SNAPSHOT_CHAR_LIMIT = 8000;

/** What `registerBrowserTools` takes besides the registry. Everything is optional. */
export interface BrowserToolsDeps {
  /** The loaded config, or a function returning the current one (read on every call). */
  readonly config?: BrowserConfigInput | (() => BrowserConfigInput);
  /** Where `CHROME_PATH` is read and what Chromium inherits (secrets stripped); default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where browser_vision screenshots are written: `<hermesHome>/cache/screenshots`. */
  readonly hermesHome?: string;
  /**
   * Analyse an image file (browser_vision): usually vision_analyze through the runtime.
   * Returns the analysis text; without it browser_vision is unavailable.
   */
  readonly analyzeImage?: (path: string, question: string, signal: AbortSignal) => Promise<string>;
  /** True when `analyzeImage` can work now (a vision model is configured). */
  readonly visionAvailable?: () => boolean;
  /** Most contexts open at once (default 8). */
  readonly maxSessions?: number;
  /** Paths tried when neither config nor CHROME_PATH names Chromium. */
  readonly chromiumCandidates?: readonly string[];
  /** DNS resolution of page hosts for the URL checks (default `dns.lookup`, all addresses). */
  readonly resolveHost?: HostResolver;
  readonly logger?: Logger;
}

const TRUE_WORDS = new Set(["true", "1", "yes", "on"]);

/** Reads config fresh for every call, so edits take effect without a restart. */
export class BrowserSettings {
  readonly #deps: BrowserToolsDeps;

  constructor(deps: BrowserToolsDeps) {
    this.#deps = deps;
  }

  #config(): BrowserConfigInput {
    const source = this.#deps.config;
    return (typeof source === "function" ? source() : source) ?? {};
  }

  #section(): BrowserConfigSection {
    return this.#config().browser ?? {};
  }

  #seconds(value: unknown, fallback: number, floor: number): number {
    const n = typeof value === "string" ? Number(value) : value;
    return typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.max(n, floor) : fallback;
  }

  /** Milliseconds of inactivity before a task's context closes. */
  inactivityMs(): number {
    return (
      this.#seconds(this.#section().inactivity_timeout, DEFAULT_INACTIVITY_TIMEOUT_S, 0.05) * 1000
    );
  }

  /** Milliseconds a navigation or action may take. */
  commandTimeoutMs(): number {
    return this.#seconds(this.#section().command_timeout, DEFAULT_COMMAND_TIMEOUT_S, 0.1) * 1000;
  }

  /** True when private and loopback addresses may be opened. */
  allowPrivateUrls(): boolean {
    const truthy = (v: unknown) =>
      v === true || (typeof v === "string" && TRUE_WORDS.has(v.trim().toLowerCase()));
    return (
      truthy(this.#section().allow_private_urls) ||
      truthy(this.#config().security?.allow_private_urls)
    );
  }

  /** `browser.executable_path`, if set. */
  executablePath(): string | undefined {
    return this.#section().executable_path ?? undefined;
  }

  /** The env lookup in force. */
  env(): Readonly<Record<string, string | undefined>> {
    return this.#deps.env ?? process.env;
  }
}

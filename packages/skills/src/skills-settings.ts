import path from "node:path";
import { loadEnvFile } from "@hermes-agent/config";
import { createStderrLogger, expandHome, resolveHermesHome, type Logger } from "@hermes-agent/core";
import type { SkillEnvPassthroughSink } from "./env-passthrough.js";
import type { SkillRoots } from "./skill-index.js";

/** The `skills:` section of config.yaml as the skills tools read it. */
export interface SkillsConfigSection {
  readonly external_dirs?: readonly string[] | undefined;
  readonly disabled?: readonly string[] | undefined;
  readonly platform_disabled?: Readonly<Record<string, readonly string[]>> | undefined;
}

/** A loaded config (or any object with a `skills` section). */
export interface SkillsConfigInput {
  readonly skills?: SkillsConfigSection | null | undefined;
}

/** Variables by name: an object or a lookup function. */
export type EnvSource =
  Readonly<Record<string, string | undefined>> | ((name: string) => string | undefined);

/** What `registerSkillsTools` takes besides the registry. Everything is optional. */
export interface SkillsToolsDeps {
  /** Hermes home; skills live in `<home>/skills` (default: core's `resolveHermesHome`). */
  readonly hermesHome?: string;
  /** The loaded config, or a function returning the current one (read on every call). */
  readonly config?: SkillsConfigInput | (() => SkillsConfigInput);
  /** Where required variables are looked up besides `<home>/.env` (default `process.env`). */
  readonly env?: EnvSource;
  /** Trusted project skill folders, searched before everything else. */
  readonly projectSkillDirs?: readonly string[];
  /**
   * Receives the variables of loaded skills, for terminal and execute_code children (a
   * {@link SkillEnvPassthrough}, or anything with `add`); `remove` hears of deleted skills.
   */
  readonly envPassthrough?: SkillEnvPassthroughSink;
  /** Messaging platform for `skills.platform_disabled` (default `HERMES_PLATFORM`). */
  readonly platform?: string;
  /** Lifetime of the cached listing in milliseconds (default 30 000). */
  readonly cacheTtlMs?: number;
  readonly logger?: Logger;
}

/** Reads config, env and paths fresh for each call. */
export class SkillsSettings {
  readonly #deps: SkillsToolsDeps;
  readonly logger: Logger;
  readonly hermesHome: string;

  constructor(deps: SkillsToolsDeps) {
    this.#deps = deps;
    this.logger = deps.logger ?? createStderrLogger({ name: "hermes-skills" });
    this.hermesHome = path.resolve(deps.hermesHome ?? resolveHermesHome());
  }

  /** `HERMES_HOME/skills`. */
  get localDir(): string {
    return path.join(this.hermesHome, "skills");
  }

  #section(): SkillsConfigSection {
    const config =
      typeof this.#deps.config === "function" ? this.#deps.config() : this.#deps.config;
    return config?.skills ?? {};
  }

  /** A variable from the env source. */
  envValue(name: string): string | undefined {
    const source = this.#deps.env ?? process.env;
    return typeof source === "function" ? source(name) : source[name];
  }

  /** The roots to search, in precedence order. */
  roots(): SkillRoots {
    const expand = (dir: string) => path.resolve(this.hermesHome, expandHome(dir));
    return {
      project: (this.#deps.projectSkillDirs ?? []).map(expand),
      local: this.localDir,
      external: (this.#section().external_dirs ?? []).map(expand),
    };
  }

  /** Names hidden by `skills.disabled` and `skills.platform_disabled.<platform>`. */
  disabled(): ReadonlySet<string> {
    const section = this.#section();
    const platform = this.#deps.platform ?? this.envValue("HERMES_PLATFORM");
    const perPlatform = platform ? (section.platform_disabled?.[platform] ?? []) : [];
    return new Set([...(section.disabled ?? []), ...perPlatform]);
  }

  /** `<home>/.env`, read now (values set there count as present). */
  envFile(): Readonly<Record<string, string>> {
    try {
      return loadEnvFile({ home: this.hermesHome, target: null });
    } catch (error) {
      this.logger.warn(`skills: cannot read ${this.hermesHome}/.env: ${(error as Error).message}`);
      return {};
    }
  }

  /** Where loaded skills' variables go. */
  get passthrough(): SkillEnvPassthroughSink | undefined {
    return this.#deps.envPassthrough;
  }

  get cacheTtlMs(): number | undefined {
    return this.#deps.cacheTtlMs;
  }
}

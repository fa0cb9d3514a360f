import {
  createStderrLogger,
  resolveHermesHome,
  type EnvironmentVariables,
  type Logger,
} from "@hermes-agent/core";
import type { ToolRegistry } from "@hermes-agent/registry";
import { createPluginContext, missingEnv } from "./create-plugin-context.js";
import type { DiscoveredPlugin } from "./discovered-plugin.js";
import { discoverPlugins } from "./discover-plugins.js";
import { envFlag, SAFE_MODE_ENV } from "./env-flags.js";
import { defaultNpmRoots } from "./npm-discovery.js";
import type { PluginHost } from "./plugin-host.js";
import { PluginLoaderError, PluginLoaderErrorCode } from "./plugin-loader-error.js";
import type { PluginManifest } from "./plugin-manifest.js";
import { describe, importPluginModule, type PluginModule } from "./plugin-module.js";
import type { PluginLoadReport, PluginStatus, ShellHookStatus } from "./plugin-status.js";
import { pluginStatus, type FailedRecord, type LoadedRecord } from "./plugin-status-builder.js";
import { RegistrationLedger } from "./registration-ledger.js";
import { loadShellHooks } from "./shell-hooks/load-shell-hooks.js";

type ImportOutcome = { readonly module: PluginModule } | { readonly error: PluginLoaderError };

/** The parts of config.yaml the loader reads (a loaded `HermesConfig` fits). */
export interface PluginLoaderConfig {
  readonly [key: string]: unknown;
  readonly plugins?: {
    readonly enabled?: readonly string[];
    readonly disabled?: readonly string[];
    readonly entries?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  };
  /** Shell hooks: `{ <event>: [{ command, matcher?, timeout?, fail_closed? }] }`. */
  readonly hooks?: unknown;
  readonly hooks_auto_accept?: unknown;
}

/** Options of a {@link PluginManager}. */
export interface PluginManagerOptions {
  /** The registry plugin tools go into. */
  readonly registry: ToolRegistry;
  /** The runtime side: hook bus, commands, skills, dispatch. */
  readonly host: PluginHost;
  /**
   * The config: a loaded config, a function returning the current one, or a config source
   * (`@hermes-agent/config`'s `ConfigSource`); the last two are read again on reload.
   */
  readonly config:
    | PluginLoaderConfig
    | (() => PluginLoaderConfig)
    | { readonly readSync: () => PluginLoaderConfig };
  /** Default: HERMES_HOME from `env`, else ~/.hermes. */
  readonly hermesHome?: string;
  /** The project folder (project plugins, npm plugins, shell hooks' cwd). Default `process.cwd()`. */
  readonly cwd?: string;
  /** Default `process.env`. */
  readonly env?: EnvironmentVariables;
  /**
   * node_modules folders searched for npm plugins (the packages declared in the package.json
   * beside each, and the ones `plugins.enabled` names); default the project's and the runtime's.
   */
  readonly npmRoots?: readonly string[];
  readonly logger?: Logger;
  /** Accept every configured shell hook without an allowlist entry (a CLI `--accept-hooks`). */
  readonly acceptHooks?: boolean;
}

/**
 * Discovers, loads, reloads and unloads the plugins of one runtime, and the shell hooks of its
 * config. Only plugins listed in `plugins.enabled` load; `plugins.disabled` always wins;
 * HERMES_SAFE_MODE loads nothing. A plugin that fails is recorded with its error and skipped;
 * the others load. Unloading undoes every registration a plugin made.
 */
export class PluginManager {
  readonly #options: PluginManagerOptions;
  readonly #logger: Logger;
  readonly #env: EnvironmentVariables;
  readonly #cwd: string;
  readonly #hermesHome: string;
  #discovered: DiscoveredPlugin[] | undefined;
  readonly #loaded = new Map<string, LoadedRecord>();
  readonly #failed = new Map<string, FailedRecord>();
  #shellHooks: ShellHookStatus[] = [];
  #shellLedger = new RegistrationLedger();
  #loading: Promise<PluginLoadReport> | undefined;
  #instance = 0;
  // Reloads and unloads run one at a time, in call order.
  #serial: Promise<unknown> = Promise.resolve();

  constructor(options: PluginManagerOptions) {
    this.#options = options;
    this.#env = options.env ?? process.env;
    this.#cwd = options.cwd ?? process.cwd();
    this.#hermesHome = options.hermesHome ?? resolveHermesHome({ env: this.#env });
    this.#logger = options.logger ?? createStderrLogger({ name: "hermes-plugins" });
  }

  /** True when HERMES_SAFE_MODE is set: nothing loads. */
  get safeMode(): boolean {
    return envFlag(this.#env, SAFE_MODE_ENV);
  }

  /**
   * Every plugin found (sorted by key), cached: calling it again scans nothing unless `force`
   * (or `packages`: package names to look up in the npm roots besides those declared and
   * enabled, as `plugins enable <package>` does before the name is in config). A failed scan is
   * not cached.
   */
  discover(
    options: { readonly force?: boolean; readonly packages?: readonly string[] } = {},
  ): readonly DiscoveredPlugin[] {
    const extra = options.packages ?? [];
    if (this.#discovered === undefined || options.force === true || extra.length > 0) {
      this.#discovered = discoverPlugins({
        hermesHome: this.#hermesHome,
        cwd: this.#cwd,
        env: this.#env,
        npmRoots: this.#options.npmRoots ?? defaultNpmRoots(this.#cwd),
        enabled: [...(this.#config().plugins?.enabled ?? []), ...extra],
        logger: this.#logger,
      });
    }
    return this.#discovered;
  }

  /** Load the enabled plugins and the shell hooks. Idempotent: a second call loads nothing new. */
  load(): Promise<PluginLoadReport> {
    this.#loading ??= this.#loadAll();
    return this.#loading;
  }

  /**
   * Unload everything, then discover and load again with fresh plugin modules and the current
   * config. What a plugin registered before is gone first: no zombie tools, hooks or commands.
   */
  reload(): Promise<PluginLoadReport> {
    return this.#inTurn(async () => {
      await this.#unloadNow();
      this.#discovered = undefined;
      this.#instance++;
      return this.load();
    });
  }

  /** Undo every registration of every plugin and shell hook. */
  unload(): Promise<void> {
    return this.#inTurn(() => this.#unloadNow());
  }

  #inTurn<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#serial.then(task, task);
    this.#serial = run.catch(() => undefined);
    return run;
  }

  async #unloadNow(): Promise<void> {
    if (this.#loading !== undefined) await this.#loading.catch(() => undefined);
    this.#loading = undefined;
    for (const [key, record] of [...this.#loaded].reverse()) {
      await record.ledger.release(this.#logger, `Plugin '${key}'`);
    }
    this.#loaded.clear();
    this.#failed.clear();
    await this.#shellLedger.release(this.#logger, "shell hooks");
    this.#shellLedger = new RegistrationLedger();
    this.#shellHooks = [];
  }

  /** The status of every discovered plugin, sorted by key, and of the shell hooks. */
  report(): PluginLoadReport {
    const plugins = this.safeMode ? [] : this.discover().map((plugin) => this.#statusOf(plugin));
    return { safeMode: this.safeMode, plugins, shellHooks: [...this.#shellHooks] };
  }

  /** The status of one plugin by key, or undefined when no such plugin was found. */
  get(key: string): PluginStatus | undefined {
    const plugin = this.discover().find((candidate) => candidate.key === key);
    return plugin === undefined ? undefined : this.#statusOf(plugin);
  }

  async #loadAll(): Promise<PluginLoadReport> {
    if (this.safeMode) {
      this.#logger.info(`${SAFE_MODE_ENV} is set: no plugins and no shell hooks are loaded`);
      return this.report();
    }
    const config = this.#config();
    const enabled = new Set(config.plugins?.enabled ?? []);
    const disabled = new Set(config.plugins?.disabled ?? []);
    // With nothing enabled nothing can load: skip the scan (report() still discovers on demand).
    if (enabled.size > 0) {
      const chosen = this.discover().filter((plugin) => {
        const names = [plugin.key, plugin.packageName].filter((name) => name !== undefined);
        return (
          !names.some((name) => disabled.has(name)) &&
          names.some((name) => enabled.has(name)) &&
          !this.#loaded.has(plugin.key)
        );
      });
      // Import every entry module at once (file reads overlap), then register in key order.
      const modules = chosen.map((plugin) =>
        plugin.error === undefined && plugin.manifest?.kind !== "exclusive"
          ? importPluginModule(plugin, this.#instance).then(
              (module): ImportOutcome => ({ module }),
              (error: unknown): ImportOutcome => ({ error: error as PluginLoaderError }),
            )
          : undefined,
      );
      for (const [index, plugin] of chosen.entries()) {
        await this.#loadOne(plugin, config, modules[index]);
      }
    }
    this.#shellHooks = loadShellHooks({
      block: config.hooks,
      host: this.#options.host,
      ledger: this.#shellLedger,
      logger: this.#logger,
      cwd: this.#cwd,
      hermesHome: this.#hermesHome,
      env: this.#env,
      autoAccept: config.hooks_auto_accept,
      acceptAll: this.#options.acceptHooks === true,
    });
    return this.report();
  }

  async #loadOne(
    plugin: DiscoveredPlugin,
    config: PluginLoaderConfig,
    imported: Promise<ImportOutcome> | undefined,
  ): Promise<void> {
    if (plugin.error !== undefined || plugin.manifest === undefined) {
      this.#fail(plugin.key, "failed", plugin.error ?? invalidManifest(plugin));
      return;
    }
    if (plugin.manifest.kind === "exclusive") {
      const message = `Plugin '${plugin.key}' is an exclusive plugin; its own subsystem loads it, not the general plugin loader.`;
      this.#fail(
        plugin.key,
        "skipped",
        new PluginLoaderError(PluginLoaderErrorCode.InvalidManifest, message),
      );
      return;
    }
    const outcome = await (imported ?? Promise.resolve({ error: invalidManifest(plugin) }));
    if ("error" in outcome) {
      this.#fail(plugin.key, "failed", outcome.error);
      return;
    }
    const { module } = outcome;
    const requiresEnv = [
      ...new Set([...plugin.manifest.requiresEnv, ...(module.manifest.requiresEnv ?? [])]),
    ];
    const manifest: PluginManifest = Object.freeze({ ...plugin.manifest, requiresEnv });
    const entryConfig = config.plugins?.entries?.[plugin.key] ?? {};
    const ledger = new RegistrationLedger();
    const context = createPluginContext({
      key: plugin.key,
      manifest,
      pluginDir: plugin.dir,
      cwd: this.#cwd,
      registry: this.#options.registry,
      host: this.#options.host,
      entryConfig,
      allowToolOverride: entryConfig.allow_tool_override === true,
      hermesHome: this.#hermesHome,
      env: this.#env,
      logger: this.#logger,
      ledger,
    });
    try {
      await module.register(context);
    } catch (error) {
      // Roll back whatever the plugin registered before it failed.
      await ledger.release(this.#logger, `Plugin '${plugin.key}'`);
      const failure = PluginLoaderError.isInstance(error)
        ? error
        : new PluginLoaderError(
            PluginLoaderErrorCode.RegisterFailed,
            `Plugin '${plugin.key}' failed in register(): ${describe(error)}`,
            { cause: error },
          );
      this.#fail(plugin.key, "failed", failure);
      return;
    }
    this.#loaded.set(plugin.key, { plugin, manifest, ledger });
    const missing = missingEnv(requiresEnv, this.#env);
    if (missing.length > 0) {
      this.#logger.info(
        `Plugin '${plugin.key}' loaded; its tools are unavailable until ${missing.join(", ")} is set`,
      );
    }
  }

  #fail(key: string, state: FailedRecord["state"], error: PluginLoaderError): void {
    this.#failed.set(key, { state, error });
    if (state === "failed") this.#logger.error(error.message);
    else this.#logger.info(error.message);
  }

  #config(): PluginLoaderConfig {
    const config = this.#options.config;
    if (typeof config === "function") return config();
    if (typeof config.readSync === "function")
      return (config as { readSync: () => PluginLoaderConfig }).readSync();
    return config as PluginLoaderConfig;
  }

  #statusOf(plugin: DiscoveredPlugin): PluginStatus {
    return pluginStatus(plugin, {
      loaded: this.#loaded.get(plugin.key),
      failed: this.#failed.get(plugin.key),
      disabled: this.#config().plugins?.disabled ?? [],
      env: this.#env,
    });
  }
}

function invalidManifest(plugin: DiscoveredPlugin): PluginLoaderError {
  return new PluginLoaderError(
    PluginLoaderErrorCode.InvalidManifest,
    `Plugin '${plugin.key}' has no readable manifest in ${plugin.dir}.`,
  );
}

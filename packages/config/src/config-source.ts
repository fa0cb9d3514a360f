import { statSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import { resolveHermesHome, type EnvironmentVariables } from "@hermes-agent/core";
import type { HermesConfig } from "./config-types.js";
import { getConfigPath } from "./hermes-home.js";
import {
  loadConfigWithDiagnostics,
  loadConfigWithDiagnosticsSync,
  PROJECT_CONFIG_FILE,
  type LoadConfigOptions,
  type LoadedConfig,
} from "./load-config.js";

/**
 * The one way packages read config.yaml: cached, re-read when the file changes, and with a cheap
 * `fingerprint()` that changes whenever the file does (for caches keyed on the config).
 */
export interface ConfigSource {
  /** The config file this source reads (it may not exist; then the defaults apply). */
  readonly path: string;
  /** The Hermes home the file lives in. */
  readonly home: string;
  /** The current config; parsed again only when the file changed since the last read. */
  read(): Promise<HermesConfig>;
  /** Synchronous {@link ConfigSource.read}, for start-up paths that cannot await. */
  readSync(): HermesConfig;
  /** {@link ConfigSource.read} with the path, whether the file exists, and warnings. */
  readWithDiagnostics(): Promise<LoadedConfig>;
  /**
   * A short string that changes whenever the config file changes (content, replacement by
   * rename, removal). Cheap on repeat calls: it is recomputed at most every `statCacheMs`, and at
   * once when the directory watcher reports a change.
   */
  fingerprint(): string;
  /** Stop watching the file. The source keeps working (by `stat` alone) after close. */
  close(): void;
}

/** Options of {@link createConfigSource}. */
export interface ConfigSourceOptions {
  /** Hermes home; default core's `resolveHermesHome` of `env`. */
  readonly home?: string;
  /** Explicit config file; overrides `home`. */
  readonly path?: string;
  /** Environment for home resolution and `TERMINAL_*` overrides; default `process.env`. */
  readonly env?: EnvironmentVariables;
  /**
   * How long a computed fingerprint is trusted without a new `stat`, in milliseconds (default
   * 100). A directory watcher invalidates it sooner where the platform reports changes.
   */
  readonly statCacheMs?: number;
  /** Watch the config's directory for changes (default true; the watcher never keeps the process alive). */
  readonly watch?: boolean;
  /** Folder of a project `cli-config.yaml`, used when there is no config.yaml (default: cwd). */
  readonly projectDir?: string;
}

const MISSING = "missing";

/**
 * Create a {@link ConfigSource} over `config.yaml` in a Hermes home. Every consumer in one
 * runtime shares one source, so the file is parsed once per change, not once per reader.
 */
export function createConfigSource(options: ConfigSourceOptions = {}): ConfigSource {
  const env = options.env ?? process.env;
  const home = options.home ?? resolveHermesHome({ env });
  const file = options.path ?? getConfigPath(home);
  const statCacheMs = options.statCacheMs ?? 100;
  const projectFile =
    options.path === undefined
      ? path.resolve(options.projectDir ?? process.cwd(), PROJECT_CONFIG_FILE)
      : undefined;
  const loadOptions: LoadConfigOptions =
    options.path === undefined
      ? {
          home,
          env,
          ...(options.projectDir === undefined ? {} : { projectDir: options.projectDir }),
        }
      : { path: file, env };

  let stamp: { value: string; until: number } | undefined;
  let cached: { stamp: string; loaded: LoadedConfig } | undefined;
  let watcher: FSWatcher | undefined;

  const invalidate = (): void => {
    stamp = undefined;
  };
  if (options.watch !== false) watcher = watchDirectory(file, invalidate);

  const fingerprint = (): string => {
    const now = Date.now();
    if (stamp !== undefined && now < stamp.until) return stamp.value;
    let value = statFingerprint(file);
    // Without a config.yaml, Hermes reads the project's cli-config.yaml: follow that file then.
    if (value === MISSING && projectFile !== undefined) {
      value = `project:${statFingerprint(projectFile)}`;
    }
    stamp = { value, until: now + statCacheMs };
    return value;
  };

  const readWithDiagnostics = async (): Promise<LoadedConfig> => {
    // A fresh stat on every read: reads are rarer than fingerprints and must never be stale.
    invalidate();
    const before = fingerprint();
    if (cached?.stamp === before) return cached.loaded;
    const loaded = await loadConfigWithDiagnostics(loadOptions);
    cached = { stamp: before, loaded };
    return loaded;
  };

  return {
    path: file,
    home,
    read: async () => (await readWithDiagnostics()).config,
    readSync: () => {
      invalidate();
      const before = fingerprint();
      if (cached?.stamp === before) return cached.loaded.config;
      const loaded = loadConfigWithDiagnosticsSync(loadOptions);
      cached = { stamp: before, loaded };
      return loaded.config;
    },
    readWithDiagnostics,
    fingerprint,
    close: () => {
      watcher?.close();
      watcher = undefined;
    },
  };
}

/**
 * A {@link ConfigSource} over a config held in memory (tests, embedders that load config their
 * own way). Its fingerprint never changes.
 */
export function createStaticConfigSource(
  config: HermesConfig,
  label = "<in-memory config>",
): ConfigSource {
  const loaded: LoadedConfig = {
    config,
    path: label,
    exists: true,
    origin: "config.yaml",
    environment: [],
    warnings: [],
  };
  return {
    path: label,
    home: path.dirname(label),
    read: () => Promise.resolve(config),
    readSync: () => config,
    readWithDiagnostics: () => Promise.resolve(loaded),
    fingerprint: () => "static",
    close: () => undefined,
  };
}

/**
 * Size, modification time, change time and inode of the file a path resolves to (following a
 * symlink), so an in-place write, an atomic rename and a retargeted link all change it.
 */
function statFingerprint(file: string): string {
  try {
    const stats = statSync(file, { bigint: true, throwIfNoEntry: false });
    if (stats === undefined) return MISSING;
    return `${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.ino}`;
  } catch {
    return MISSING;
  }
}

function watchDirectory(file: string, onChange: () => void): FSWatcher | undefined {
  const name = path.basename(file);
  try {
    const watcher = watch(path.dirname(file), { persistent: false }, (_event, changed) => {
      if (changed === null || changed === name || changed.startsWith(`.${name}.`)) onChange();
    });
    watcher.on("error", () => {
      watcher.close();
    });
    return watcher;
  } catch {
    // No directory yet, or no watcher support: the stat cache alone keeps the fingerprint fresh.
    return undefined;
  }
}

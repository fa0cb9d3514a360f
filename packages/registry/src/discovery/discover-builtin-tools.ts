import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { registry as defaultRegistry } from "../default-registry.js";
import { RegistryError, RegistryErrorCode } from "../registry-error.js";
import type { Logger } from "@hermes-agent/core";
import type { ToolRegistry } from "../tool-registry.js";
import {
  compilerCodeCachePath,
  discoveryCachePath,
  readDiscoveryCache,
  writeDiscoveryCache,
  type CachedScan,
} from "./discovery-cache.js";
import type { classifyRegisterCalls } from "./lexical-classifier.js";
import type { RegisterCallScanner } from "./register-call-scanner.js";

/** Options of {@link discoverBuiltinTools}. */
export interface DiscoveryOptions {
  /** Registry whose logger and Hermes home are used; default: the shared `registry`. */
  readonly registry?: ToolRegistry;
  /** Where the scan cache lives (`<home>/cache/tool_discovery_cache.json`); default: the registry's. */
  readonly hermesHome?: string;
  /** Set false to scan every file and leave the cache file alone. */
  readonly cache?: boolean;
  /** Default: the registry's logger. */
  readonly logger?: Logger;
  /**
   * Keep a V8 code cache of the TypeScript compiler under `<home>/cache/compiler-code-cache`, so
   * a rescan after an edit loads it several times faster. Default true.
   */
  readonly compilerCodeCache?: boolean;
}

const TOOL_FILE = /\.(?:m?ts|m?js)$/;
const NOT_A_TOOL = /\.d\.m?ts$|\.(?:test|spec|bench)\.m?[jt]s$/;

function toolFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter(
        (item) =>
          item.isFile() &&
          TOOL_FILE.test(item.name) &&
          !NOT_A_TOOL.test(item.name) &&
          !item.name.startsWith("."),
      )
      .map((item) => item.name);
  } catch (error) {
    throw new RegistryError(
      RegistryErrorCode.DiscoveryFailed,
      `Cannot read tools folder ${dir}: ${String(error)}`,
      {
        cause: error,
      },
    );
  }
  return names.sort();
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Import modules one at a time, in the given order, and return the ones that loaded. A module
 * that fails (throws, or does not parse) is logged with its reason and skipped; the others load.
 * They are deliberately not imported together through one generated entry module: that is
 * faster, but with a module loader hook (tsx, say) a module failing to transform can surface as
 * an unhandled rejection and end the process.
 */
async function importInOrder(
  urls: readonly string[],
  label: (url: string) => string,
  logger: Logger,
): Promise<string[]> {
  const loaded: string[] = [];
  for (const url of urls) {
    try {
      await import(url);
      loaded.push(url);
    } catch (error) {
      logger.warn(
        `Tool discovery: could not import tool module ${label(url)}, skipping it: ${describe(error)}`,
      );
    }
  }
  return loaded;
}

/**
 * The tool modules of `dir`, without importing them: the `.ts`/`.js` files whose module body
 * calls `registry.register(...)` at top level (a call inside a function, a comment or a string
 * does not count), as file names relative to `dir`, sorted. A lexical classifier decides each
 * file when it is certain; the files it cannot decide are parsed with the TypeScript compiler
 * bundled in ts-morph, which is loaded only if there is one. Each file's verdict is cached under
 * the Hermes home, keyed by its (mtime, size): when no file changed, neither is loaded.
 * @throws {@link RegistryError} with code `REGISTRY_DISCOVERY_FAILED` when `dir` cannot be read.
 */
export async function findToolModules(
  dir: string,
  options: DiscoveryOptions = {},
): Promise<string[]> {
  const target = options.registry ?? defaultRegistry;
  const logger = options.logger ?? target.logger;
  const root = path.resolve(dir);
  const names = toolFiles(root);
  const useCache = options.cache !== false;
  const home = options.hermesHome ?? target.hermesHome;
  const cacheFile = discoveryCachePath(home);
  const scannerOptions =
    options.compilerCodeCache === false ? {} : { codeCacheDir: compilerCodeCachePath(home) };
  const cache = useCache ? readDiscoveryCache(cacheFile) : new Map<string, CachedScan>();
  let classify: typeof classifyRegisterCalls | undefined;
  let scanner: RegisterCallScanner | undefined;
  let changed = false;
  const modules: string[] = [];
  for (const name of names) {
    const file = path.join(root, name);
    let registers: boolean;
    try {
      const info = statSync(file, { bigint: true });
      const mtimeNs = info.mtimeNs.toString();
      const size = Number(info.size);
      const cached = cache.get(file);
      if (cached !== undefined && cached.mtimeNs === mtimeNs && cached.size === size) {
        registers = cached.registers;
      } else {
        const text = readFileSync(file, "utf8");
        classify ??= (await import("./lexical-classifier.js")).classifyRegisterCalls;
        const verdict = classify(text);
        if (verdict === "unsure") {
          scanner ??= (await import("./register-call-scanner.js")).createRegisterCallScanner(
            scannerOptions,
          );
          registers = scanner(name, text);
        } else {
          registers = verdict === "register";
        }
        cache.set(file, { mtimeNs, size, registers });
        changed = true;
      }
    } catch (error) {
      logger.warn(`Tool discovery: cannot scan ${file}: ${describe(error)}`);
      continue;
    }
    if (registers) modules.push(name);
  }
  scanner?.saveCodeCache();
  if (useCache && changed) {
    const failure = writeDiscoveryCache(cacheFile, cache);
    if (failure !== undefined)
      logger.warn(`Tool discovery: cannot write cache ${cacheFile}: ${failure.message}`);
  }
  return modules;
}

/**
 * Import the tool modules of `dir` (see {@link findToolModules}) in sorted order, so their
 * top-level `registry.register(...)` calls run. A module that fails to import is logged
 * with the reason and skipped; the others load. `.ts` files need a TypeScript-aware loader (tsx,
 * or Node's type stripping) to be imported.
 * @returns the file names (relative to `dir`) of the modules imported, sorted.
 * @throws {@link RegistryError} with code `REGISTRY_DISCOVERY_FAILED` when `dir` cannot be read.
 */
export async function discoverBuiltinTools(
  dir: string,
  options: DiscoveryOptions = {},
): Promise<string[]> {
  const logger = options.logger ?? (options.registry ?? defaultRegistry).logger;
  const root = path.resolve(dir);
  const byUrl = new Map(
    (await findToolModules(root, options)).map((name) => [
      pathToFileURL(path.join(root, name)).href,
      name,
    ]),
  );
  const loaded = await importInOrder([...byUrl.keys()], (url) => byUrl.get(url) ?? url, logger);
  return loaded.map((url) => byUrl.get(url) ?? url);
}

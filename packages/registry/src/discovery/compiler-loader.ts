import { isAscii } from "node:buffer";
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Script } from "node:vm";
import type { ts as TsNamespace } from "ts-morph";
import { RegistryError, RegistryErrorCode } from "../registry-error.js";

/** The TypeScript compiler API, as ts-morph exports it. */
export type TypeScriptApi = typeof TsNamespace;

/** A loaded compiler and a way to save its V8 code cache once it has done its work. */
export interface LoadedCompiler {
  readonly ts: TypeScriptApi;
  /** Persist compiled code (including functions compiled while scanning) for the next process. */
  saveCodeCache(): void;
}

const require = createRequire(import.meta.url);

/**
 * Path of the compiler bundled in ts-morph (`@ts-morph/common/dist/typescript.js`), or undefined
 * when that layout is not found.
 */
function bundledCompilerPath(): string | undefined {
  try {
    const fromTsMorph = createRequire(require.resolve("ts-morph"));
    const common = path.dirname(fromTsMorph.resolve("@ts-morph/common"));
    const file = path.join(common, "typescript.js");
    return existsSync(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

function cacheFileFor(dir: string, source: string): string {
  const info = statSync(source);
  const key = `${path.basename(source, ".js")}-${info.size}-${Math.trunc(info.mtimeMs)}-${process.version}-${process.arch}.v8cache`;
  return path.join(dir, key);
}

/** Read a source file; ASCII text (the compiler is) is decoded as Latin-1, several times faster than UTF-8. */
function readSource(file: string): string {
  const bytes = readFileSync(file);
  return bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
}

/**
 * Evaluate a CommonJS file through `vm.Script` with a V8 code cache, the way Node 22's module
 * compile cache does. Compiling the 9 MB compiler is most of its load time; with the cache it
 * is mostly skipped.
 */
function evaluateWithCodeCache(file: string, cacheDir: string): LoadedCompiler {
  const cacheFile = cacheFileFor(cacheDir, file);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${readSource(file)}\n})`;
  const script = new Script(wrapped, {
    filename: file,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
  const module = { exports: {} as unknown, filename: file, id: file, loaded: false };
  const factory = script.runInThisContext() as (...args: unknown[]) => void;
  factory.call(
    module.exports,
    module.exports,
    createRequire(file),
    module,
    file,
    path.dirname(file),
  );
  module.loaded = true;
  const needsSave = cachedData === undefined || script.cachedDataRejected === true;
  return {
    ts: module.exports as TypeScriptApi,
    saveCodeCache: () => {
      if (!needsSave) return;
      try {
        mkdirSync(cacheDir, { recursive: true });
        const temp = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(temp, script.createCachedData());
        renameSync(temp, cacheFile);
      } catch {
        // A cache that cannot be written only costs speed next time.
      }
    },
  };
}

/** ts-morph, an optional peer: a clear "install it" error when it is missing. */
function requireTsMorph(): { ts: TypeScriptApi } {
  try {
    return require("ts-morph") as { ts: TypeScriptApi };
  } catch (error) {
    if ((error as { code?: unknown }).code !== "MODULE_NOT_FOUND") throw error;
    throw new RegistryError(
      RegistryErrorCode.CompilerMissing,
      "Tool discovery found a file that only the TypeScript compiler can classify, and ts-morph " +
        "is not installed. Install ts-morph (npm install ts-morph) to use discovery on such files.",
      { cause: error },
    );
  }
}

/**
 * Load the TypeScript compiler that ts-morph bundles. With `codeCacheDir`, its compiled code is
 * cached there across processes; without it (or when ts-morph's layout is not the expected one)
 * it is loaded through `require("ts-morph")`.
 */
export function loadCompiler(codeCacheDir: string | undefined): LoadedCompiler {
  const bundled = codeCacheDir === undefined ? undefined : bundledCompilerPath();
  if (bundled !== undefined && codeCacheDir !== undefined)
    return evaluateWithCodeCache(bundled, codeCacheDir);
  const { ts } = requireTsMorph();
  return { ts, saveCodeCache: () => undefined };
}

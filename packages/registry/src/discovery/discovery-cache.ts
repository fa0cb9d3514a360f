import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/** File name of the discovery cache under `<HERMES_HOME>/cache`. */
export const DISCOVERY_CACHE_FILE = "tool_discovery_cache.json";
const VERSION = 1;

/** What discovery remembers about one file, valid while its (mtime, size) are unchanged. */
export interface CachedScan {
  readonly mtimeNs: string;
  readonly size: number;
  readonly registers: boolean;
}

/** Path of the discovery cache for a Hermes home. */
export function discoveryCachePath(hermesHome: string): string {
  return path.join(hermesHome, "cache", DISCOVERY_CACHE_FILE);
}

/** Directory of the compiler's V8 code cache for a Hermes home. */
export function compilerCodeCachePath(hermesHome: string): string {
  return path.join(hermesHome, "cache", "compiler-code-cache");
}

function isCachedScan(value: unknown): value is CachedScan {
  const scan = value as Partial<CachedScan> | null;
  return (
    typeof scan === "object" &&
    scan !== null &&
    typeof scan.mtimeNs === "string" &&
    typeof scan.size === "number" &&
    typeof scan.registers === "boolean"
  );
}

/** Read the cache; a missing, unreadable or foreign file gives an empty cache. */
export function readDiscoveryCache(file: string): Map<string, CachedScan> {
  const scans = new Map<string, CachedScan>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return scans;
  }
  const body = parsed as { version?: unknown; files?: unknown } | null;
  if (body?.version !== VERSION || typeof body.files !== "object" || body.files === null)
    return scans;
  for (const [key, value] of Object.entries(body.files))
    if (isCachedScan(value)) scans.set(key, value);
  return scans;
}

/** Write the cache atomically (temp file, then rename). Errors are returned, not thrown. */
export function writeDiscoveryCache(
  file: string,
  scans: ReadonlyMap<string, CachedScan>,
): Error | undefined {
  const files: Record<string, CachedScan> = {};
  for (const key of [...scans.keys()].sort()) files[key] = scans.get(key) as CachedScan;
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temp, `${JSON.stringify({ version: VERSION, files }, null, 1)}\n`);
    renameSync(temp, file);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

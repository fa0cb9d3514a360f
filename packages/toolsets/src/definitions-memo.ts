import type { ToolDefinition } from "@hermes-agent/registry";
import type { SchemaPatches } from "./schema-patches.js";
import type { ToolsetsRegistry } from "./toolsets-registry.js";

/** How many selections are remembered per registry (Hermes: 8, first in first out). */
export const TOOL_DEFINITIONS_CACHE_SIZE = 8;

/** One remembered result: a frozen list of frozen definitions, handed out as is on every hit. */
export interface MemoEntry {
  readonly patches: SchemaPatches;
  readonly createdAt: number;
  readonly definitions: readonly ToolDefinition[];
  /** The report lines, when the entry was computed in non-quiet mode (replayed on a hit). */
  readonly lines: readonly string[] | undefined;
}

let memos = new WeakMap<ToolsetsRegistry, Map<string, MemoEntry>>();

/** The remembered entry for `key`, if it was built with the same patches and is young enough. */
export function recallDefinitions(
  registry: ToolsetsRegistry,
  key: string,
  patches: SchemaPatches,
  notBefore: number,
): MemoEntry | undefined {
  const entry = memos.get(registry)?.get(key);
  if (entry === undefined || entry.patches !== patches || entry.createdAt < notBefore)
    return undefined;
  return entry;
}

/** Remember an entry, evicting the oldest one beyond the cache size. */
export function rememberDefinitions(
  registry: ToolsetsRegistry,
  key: string,
  entry: MemoEntry,
): void {
  let memo = memos.get(registry);
  if (memo === undefined) {
    memo = new Map();
    memos.set(registry, memo);
  }
  memo.delete(key);
  memo.set(key, entry);
  while (memo.size > TOOL_DEFINITIONS_CACHE_SIZE) {
    const oldest = memo.keys().next();
    if (oldest.done === true) break;
    memo.delete(oldest.value);
  }
}

/**
 * Forget remembered tool definitions: for one registry, or for every registry. Needed only
 * when something outside the memo key changed (the registry's check cache was invalidated,
 * say); registry changes, custom toolsets and the config fingerprint already invalidate it.
 */
export function clearToolDefinitionsCache(registry?: ToolsetsRegistry): void {
  if (registry === undefined) memos = new WeakMap();
  else memos.get(registry)?.clear();
}

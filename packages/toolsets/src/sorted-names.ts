import type { ToolDefinition } from "@hermes-agent/registry";

/**
 * Position of the definition named `name` in `definitions` (sorted by name, as the registry
 * returns them), or -1. A binary search: finding a few tools among 50 000 reads a few dozen names
 * instead of hashing all of them.
 */
export function indexOfTool(definitions: readonly ToolDefinition[], name: string): number {
  let low = 0;
  let high = definitions.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const here = (definitions[mid] as ToolDefinition).function.name;
    if (here === name) return mid;
    if (here < name) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/** The names of definitions sorted by name, as a read-only set that looks names up by binary search. */
export class SortedToolNames implements ReadonlySet<string> {
  readonly #definitions: readonly ToolDefinition[];

  constructor(definitions: readonly ToolDefinition[]) {
    this.#definitions = definitions;
  }

  get size(): number {
    return this.#definitions.length;
  }

  has(name: string): boolean {
    return indexOfTool(this.#definitions, name) >= 0;
  }

  *values(): SetIterator<string> {
    for (const definition of this.#definitions) yield definition.function.name;
  }

  keys(): SetIterator<string> {
    return this.values();
  }

  *entries(): SetIterator<[string, string]> {
    for (const name of this.values()) yield [name, name];
  }

  forEach(
    callback: (value: string, key: string, set: ReadonlySet<string>) => void,
    thisArg?: unknown,
  ): void {
    for (const name of this.values()) callback.call(thisArg, name, name, this);
  }

  [Symbol.iterator](): SetIterator<string> {
    return this.values();
  }
}

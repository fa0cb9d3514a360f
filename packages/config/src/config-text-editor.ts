import { isDeepStrictEqual } from "node:util";
import {
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  stringify,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
} from "yaml";
import { ConfigError, ConfigErrorCode } from "./config-error.js";

/** A path of keys (and list indexes) into the config, e.g. `["approvals", "mode"]`. */
export type ConfigKeyPath = readonly (string | number)[];

/** The edits a caller can make to config.yaml inside {@link editConfig}. */
export interface ConfigEditor {
  /** The current value at `path` (after the edits made so far), or undefined. */
  get(path: ConfigKeyPath): unknown;
  /** True when `path` is present. */
  has(path: ConfigKeyPath): boolean;
  /** Set `path` to `value`, creating parent mappings as needed. */
  set(path: ConfigKeyPath, value: unknown): void;
  /** Remove `path`; returns false when it was not there. */
  delete(path: ConfigKeyPath): boolean;
  /** Append `item` to the list at `path` unless an equal item is there; returns true if added. */
  addToList(path: ConfigKeyPath, item: unknown): boolean;
  /** Remove every item equal to `item` from the list at `path`; returns true if one was removed. */
  removeFromList(path: ConfigKeyPath, item: unknown): boolean;
}

const DUMP = { indent: 2, lineWidth: 0 } as const;

/**
 * Applies edits to YAML text by splicing only the lines of the keys that change, so comments and
 * formatting elsewhere stay byte-identical. A change the splicer cannot express falls back to
 * yaml's Document API (comments kept, formatting of the document normalised).
 */
export class ConfigTextEditor implements ConfigEditor {
  #text: string;
  readonly #file: string;

  constructor(text: string, file = "config.yaml") {
    this.#text = text;
    this.#file = file;
    this.#parse();
  }

  /** The edited text. */
  get text(): string {
    return this.#text;
  }

  get(path: ConfigKeyPath): unknown {
    const node: unknown = this.#parse().getIn(path, true);
    return isNode(node) ? node.toJSON() : node;
  }

  has(path: ConfigKeyPath): boolean {
    return path.length === 0 || this.#parse().hasIn(path);
  }

  set(path: ConfigKeyPath, value: unknown): void {
    assertPath(path, this.#file);
    const doc = this.#parse();
    const spliced = this.#spliceSet(doc, path, value);
    this.#commit(spliced, path, value, (fallback) => fallback.setIn(path, value));
  }

  delete(path: ConfigKeyPath): boolean {
    assertPath(path, this.#file);
    const doc = this.#parse();
    if (!doc.hasIn(path)) return false;
    const spliced = this.#spliceDelete(doc, path);
    this.#commit(spliced, path, undefined, (fallback) => fallback.deleteIn(path));
    return true;
  }

  addToList(path: ConfigKeyPath, item: unknown): boolean {
    assertPath(path, this.#file);
    const current = this.get(path);
    if (current === undefined || current === null) {
      this.set(path, [item]);
      return true;
    }
    const items = Array.isArray(current) ? current : [current];
    if (items.some((existing) => isDeepStrictEqual(existing, item))) return false;
    const next = [...items, item];
    const doc = this.#parse();
    const node: unknown = doc.getIn(path, true);
    let spliced: string | undefined;
    if (isSeq(node) && !node.flow && node.items.length > 0 && node.range) {
      const first = node.items[0];
      if (isNode(first) && first.range) {
        const dash = lineStart(this.#text, first.range[0]);
        const indent = " ".repeat(indentOf(this.#text, dash));
        const at = endOfLine(this.#text, node.range[1]);
        spliced = insertAt(this.#text, at, `${indent}- ${inline(item)}\n`);
      }
    }
    this.#commit(spliced ?? this.#spliceSet(doc, path, next), path, next, (fallback) =>
      fallback.setIn(path, next),
    );
    return true;
  }

  removeFromList(path: ConfigKeyPath, item: unknown): boolean {
    assertPath(path, this.#file);
    const current = this.get(path);
    const items = Array.isArray(current)
      ? current
      : current === undefined || current === null
        ? []
        : [current];
    const next = items.filter((existing) => !isDeepStrictEqual(existing, item));
    if (next.length === items.length) return false;
    this.set(path, next);
    return true;
  }

  #parse(): Document {
    const doc = parseDocument(this.#text);
    if (doc.errors.length > 0) {
      throw new ConfigError(
        ConfigErrorCode.Parse,
        `not valid YAML: ${doc.errors[0]?.message.split("\n")[0] ?? ""}`,
        {
          file: this.#file,
        },
      );
    }
    return doc;
  }

  #commit(
    spliced: string | undefined,
    path: ConfigKeyPath,
    expected: unknown,
    fallbackEdit: (doc: Document) => void,
  ): void {
    if (spliced !== undefined && this.#verifies(spliced, path, expected)) {
      this.#text = spliced;
      return;
    }
    const doc = this.#parse();
    fallbackEdit(doc);
    this.#text = doc.toString(DUMP);
  }

  #verifies(text: string, path: ConfigKeyPath, expected: unknown): boolean {
    const doc = parseDocument(text);
    if (doc.errors.length > 0) return false;
    const after = doc.toJS() as unknown;
    const wanted = parseDocument(this.#text);
    if (expected === undefined) wanted.deleteIn(path);
    else wanted.setIn(path, expected);
    return isDeepStrictEqual(after, wanted.toJS());
  }

  #spliceSet(doc: Document, path: ConfigKeyPath, value: unknown): string | undefined {
    const existing: unknown = doc.getIn(path, true);
    const parentPath = path.slice(0, -1);
    const key = path[path.length - 1];
    if (isScalar(existing) && existing.range && !isCollection(value)) {
      return replaceRange(this.#text, existing.range[0], existing.range[1], inline(value));
    }
    if (
      (isMap(existing) || isSeq(existing)) &&
      existing.flow &&
      existing.range &&
      isCollection(value)
    ) {
      return replaceRange(this.#text, existing.range[0], existing.range[1], inline(value));
    }
    const parent: unknown = parentPath.length === 0 ? doc.contents : doc.getIn(parentPath, true);
    if (existing !== undefined && isMap(parent)) {
      const pair = findPair(parent, key);
      if (pair) return this.#replacePair(pair, key, value);
    }
    if (existing === undefined) return this.#insertPair(doc, path, value);
    return undefined;
  }

  #spliceDelete(doc: Document, path: ConfigKeyPath): string | undefined {
    const parentPath = path.slice(0, -1);
    const key = path[path.length - 1];
    const parent: unknown = parentPath.length === 0 ? doc.contents : doc.getIn(parentPath, true);
    if (isMap(parent) && !parent.flow) {
      const pair = findPair(parent, key);
      const range = pair && pairRange(this.#text, pair);
      if (range) return replaceRange(this.#text, range.start, range.end, "");
    }
    if (isSeq(parent) && !parent.flow && typeof key === "number") {
      const item = parent.items[key];
      if (isNode(item) && item.range) {
        const start = lineStart(this.#text, item.range[0]);
        return replaceRange(this.#text, start, endOfLine(this.#text, item.range[1]), "");
      }
    }
    return undefined;
  }

  #replacePair(pair: Pair, key: string | number | undefined, value: unknown): string | undefined {
    const range = pairRange(this.#text, pair);
    if (!range || key === undefined) return undefined;
    const indent = indentOf(this.#text, range.start);
    return replaceRange(this.#text, range.start, range.end, pairText(key, value, indent));
  }

  #insertPair(doc: Document, path: ConfigKeyPath, value: unknown): string | undefined {
    // Find the deepest existing block mapping on the path; create the rest under it.
    for (let depth = path.length - 1; depth >= 0; depth--) {
      const ancestorPath = path.slice(0, depth);
      const ancestor: unknown = depth === 0 ? doc.contents : doc.getIn(ancestorPath, true);
      if (
        depth === 0 &&
        (ancestor === null ||
          ancestor === undefined ||
          (isScalar(ancestor) && ancestor.value === null))
      ) {
        const nested = nestValue(path, value);
        const separator = this.#text.length === 0 || this.#text.endsWith("\n") ? "" : "\n";
        return this.#text + separator + stringify(nested, DUMP);
      }
      if (ancestor === undefined) continue;
      if (!isMap(ancestor) || ancestor.flow) return undefined;
      const rest = path.slice(depth);
      const firstKey = rest[0];
      if (firstKey === undefined || typeof firstKey === "number") return undefined;
      const nested = nestValue(rest.slice(1), value);
      const last = ancestor.items[ancestor.items.length - 1];
      if (!last) return undefined;
      const lastRange = pairRange(this.#text, last);
      const firstKeyNode = ancestor.items[0]?.key;
      if (!lastRange || !isNode(firstKeyNode) || !firstKeyNode.range) return undefined;
      const indent = indentOf(this.#text, lineStart(this.#text, firstKeyNode.range[0]));
      const prefix = lastRange.end > 0 && this.#text[lastRange.end - 1] !== "\n" ? "\n" : "";
      return insertAt(this.#text, lastRange.end, prefix + pairText(firstKey, nested, indent));
    }
    return undefined;
  }
}

function assertPath(path: ConfigKeyPath, file: string): void {
  if (path.length === 0) {
    throw new ConfigError(
      ConfigErrorCode.Edit,
      "an edit needs a key path (e.g. ['approvals', 'mode']).",
      { file },
    );
  }
}

function isCollection(value: unknown): boolean {
  return typeof value === "object" && value !== null;
}

function inline(value: unknown): string {
  return stringify(value, { ...DUMP, collectionStyle: "flow" }).trimEnd();
}

function nestValue(path: ConfigKeyPath, value: unknown): unknown {
  let nested = value;
  for (let i = path.length - 1; i >= 0; i--) nested = { [String(path[i])]: nested };
  return nested;
}

function pairText(key: string | number, value: unknown, indent: number): string {
  const pad = " ".repeat(indent);
  return stringify({ [String(key)]: value }, DUMP)
    .split("\n")
    .map((line) => (line.length === 0 ? line : pad + line))
    .join("\n");
}

function findPair(map: YAMLMap, key: string | number | undefined): Pair | undefined {
  return map.items.find((pair) => {
    const k: unknown = pair.key;
    return (isScalar(k) ? k.value : k) === key || String(isScalar(k) ? k.value : k) === String(key);
  });
}

function pairRange(text: string, pair: Pair): { start: number; end: number } | undefined {
  if (!isPair(pair) || !isNode(pair.key) || !pair.key.range) return undefined;
  const start = lineStart(text, pair.key.range[0]);
  const valueNode = pair.value as Node | null;
  const endPos = isNode(valueNode) && valueNode.range ? valueNode.range[1] : pair.key.range[1];
  return { start, end: endOfLine(text, endPos) };
}

function lineStart(text: string, pos: number): number {
  return text.lastIndexOf("\n", pos - 1) + 1;
}

function endOfLine(text: string, pos: number): number {
  if (pos > 0 && text[pos - 1] === "\n") return pos;
  const newline = text.indexOf("\n", pos);
  return newline === -1 ? text.length : newline + 1;
}

function indentOf(text: string, start: number): number {
  let i = start;
  while (text[i] === " ") i++;
  return i - start;
}

function replaceRange(text: string, start: number, end: number, replacement: string): string {
  return text.slice(0, start) + replacement + text.slice(end);
}

function insertAt(text: string, at: number, insertion: string): string {
  return replaceRange(text, at, at, insertion);
}

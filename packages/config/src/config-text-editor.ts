import { isDeepStrictEqual } from "node:util";
import type { Document, Node, Pair } from "yaml";
import { isAlias, isMap, isNode, isScalar, isSeq, stringify } from "./yaml-lib.js";
import { ConfigError, ConfigErrorCode } from "./config-error.js";
import { parsePyYamlDocument } from "./pyyaml-compat.js";
import {
  DUMP,
  endOfLine,
  findPair,
  indentOf,
  inline,
  insertAt,
  isCollection,
  lineStart,
  nestValue,
  pairRange,
  pairText,
  replaceRange,
} from "./text-splice.js";

/** A path of keys (and list indexes) into the config, e.g. `["approvals", "mode"]`. */
export type ConfigKeyPath = readonly (string | number)[];

/** The edits a caller can make to config.yaml inside {@link editConfig}. */
export interface ConfigEditor {
  /** The current value at `path` (after the edits made so far, aliases and merges resolved). */
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

type Edit = { readonly kind: "set"; readonly value: unknown } | { readonly kind: "delete" };

/**
 * Applies edits to YAML text by splicing only the bytes of the node that changes, so comments
 * and formatting everywhere else stay byte-identical. The file is read as PyYAML reads it
 * (YAML 1.1, merge keys, aliases). An edit the splicer cannot express rewrites only the
 * top-level entry that holds it; every byte outside that entry is kept.
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
    return walk(this.#parse().toJS() as unknown, path).value;
  }

  has(path: ConfigKeyPath): boolean {
    return path.length === 0 || walk(this.#parse().toJS() as unknown, path).found;
  }

  set(path: ConfigKeyPath, value: unknown): void {
    this.#assertPath(path);
    this.#assertSettable(path);
    const through = this.#throughAlias(path, { kind: "set", value });
    if (through !== undefined) {
      this.set(through.path, through.value);
      return;
    }
    const doc = this.#parse();
    this.#commit(this.#spliceSet(doc, path, value), path, { kind: "set", value });
  }

  delete(path: ConfigKeyPath): boolean {
    this.#assertPath(path);
    if (!this.has(path)) return false;
    const through = this.#throughAlias(path, { kind: "delete" });
    if (through !== undefined) {
      this.set(through.path, through.value);
      return true;
    }
    const doc = this.#parse();
    this.#commit(this.#spliceDelete(doc, path), path, { kind: "delete" });
    return true;
  }

  addToList(path: ConfigKeyPath, item: unknown): boolean {
    this.#assertPath(path);
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
      const last = node.items[node.items.length - 1];
      if (isNode(first) && first.range && isNode(last) && last.range) {
        const dash = lineStart(this.#text, first.range[0]);
        const indent = " ".repeat(indentOf(this.#text, dash));
        const at = endOfLine(this.#text, last.range[1]);
        const newline = at > 0 && this.#text[at - 1] !== "\n" ? "\n" : "";
        spliced = insertAt(this.#text, at, `${newline}${indent}- ${inline(item)}\n`);
      }
    }
    this.#commit(spliced ?? this.#spliceSet(doc, path, next), path, { kind: "set", value: next });
    return true;
  }

  removeFromList(path: ConfigKeyPath, item: unknown): boolean {
    this.#assertPath(path);
    const current = this.get(path);
    const items = Array.isArray(current)
      ? current
      : current === undefined || current === null
        ? []
        : [current];
    const next = items.filter((existing) => !isDeepStrictEqual(existing, item));
    if (next.length === items.length) return false;
    const doc = this.#parse();
    const node: unknown = doc.getIn(path, true);
    let spliced: string | undefined;
    if (isSeq(node) && !node.flow && next.length > 0) {
      // Remove the lines of the matching items only, last first, so the comments of the items
      // that stay are kept.
      spliced = this.#text;
      for (let i = node.items.length - 1; i >= 0; i--) {
        const entry = node.items[i];
        if (!isNode(entry) || !entry.range) continue;
        if (!isDeepStrictEqual(entry.toJS(doc), item)) continue;
        const start = lineStart(spliced, entry.range[0]);
        spliced = replaceRange(spliced, start, endOfLine(spliced, entry.range[1]), "");
      }
    }
    this.#commit(spliced ?? this.#spliceSet(doc, path, next), path, { kind: "set", value: next });
    return true;
  }

  /**
   * An edit inside an alias (`command_allowlist: *trusted`, then an item of it) must not change
   * the anchored original, which other keys share: the alias is replaced by its own copy with
   * the change made. Returns that replacement, or undefined when no alias is on the path.
   */
  #throughAlias(
    path: ConfigKeyPath,
    edit: Edit,
  ): { readonly path: ConfigKeyPath; readonly value: unknown } | undefined {
    const doc = this.#parse();
    let node: unknown = doc.contents;
    for (let depth = 0; depth < path.length - 1; depth++) {
      const key = path[depth] as string | number;
      node = isMap(node)
        ? findPair(node, key)?.value
        : isSeq(node)
          ? node.items[Number(key)]
          : undefined;
      if (node === undefined || node === null) return undefined;
      if (!isAlias(node)) continue;
      const aliasPath = path.slice(0, depth + 1);
      const copy = structuredClone(this.get(aliasPath));
      const rest = path.slice(depth + 1);
      const holder = walk(copy, rest.slice(0, -1)).value;
      const last = rest[rest.length - 1] as string | number;
      if (typeof holder !== "object" || holder === null) return undefined;
      if (edit.kind === "delete") {
        if (Array.isArray(holder) && typeof last === "number") holder.splice(last, 1);
        else delete (holder as Record<string, unknown>)[last];
      } else {
        (holder as Record<string | number, unknown>)[last] = edit.value;
      }
      return { path: aliasPath, value: copy };
    }
    return undefined;
  }

  #parse(): Document {
    const doc = parsePyYamlDocument(this.#text);
    if (doc.errors.length > 0) {
      throw new ConfigError(
        ConfigErrorCode.Parse,
        `not valid YAML: ${doc.errors[0]?.message.split("\n")[0] ?? ""}`,
        { file: this.#file },
      );
    }
    return doc;
  }

  #assertPath(path: ConfigKeyPath): void {
    if (path.length === 0) {
      throw new ConfigError(
        ConfigErrorCode.Edit,
        "an edit needs a key path (e.g. ['approvals', 'mode']).",
        { file: this.#file },
      );
    }
    if (path.some((key) => typeof key === "string" && key.trim() === "")) {
      throw new ConfigError(
        ConfigErrorCode.Edit,
        `the key path ${JSON.stringify(path.join("."))} has an empty key; config.yaml has none. Name each key, e.g. 'terminal.timeout'.`,
        { file: this.#file, key: path.join(".") },
      );
    }
  }

  /** Refuse a path that goes through a value that is not a mapping or list, with a clear error. */
  #assertSettable(path: ConfigKeyPath): void {
    let current: unknown = this.#parse().toJS() as unknown;
    for (let depth = 0; depth < path.length - 1; depth++) {
      const key = path[depth] as string | number;
      current = childOf(current, key);
      if (current === undefined || current === null) return;
      if (typeof current !== "object") {
        const holder = path.slice(0, depth + 1).join(".");
        throw new ConfigError(
          ConfigErrorCode.Edit,
          `cannot set '${path.join(".")}': '${holder}' holds ${JSON.stringify(current)}, not a mapping. ` +
            `Change '${holder}' first, or fix the file by hand.`,
          { file: this.#file, key: path.join(".") },
        );
      }
    }
  }

  #commit(spliced: string | undefined, path: ConfigKeyPath, edit: Edit): void {
    if (spliced !== undefined && this.#verifies(spliced, path, edit)) {
      this.#text = spliced;
      return;
    }
    const rewritten = this.#rewriteTopLevelEntry(path, edit);
    if (rewritten !== undefined && this.#verifies(rewritten, path, edit)) {
      this.#text = rewritten;
      return;
    }
    throw new ConfigError(
      ConfigErrorCode.Edit,
      `cannot ${edit.kind === "set" ? "set" : "delete"} '${path.join(".")}' without changing other parts of the file; edit it by hand.`,
      { file: this.#file, key: path.join(".") },
    );
  }

  /** The value the document must hold after the edit, computed on a parsed copy. */
  #expected(path: ConfigKeyPath, edit: Edit): unknown {
    const wanted = this.#parse();
    try {
      if (edit.kind === "delete") wanted.deleteIn(path);
      else wanted.setIn(path, edit.value);
    } catch (error) {
      throw new ConfigError(
        ConfigErrorCode.Edit,
        `cannot ${edit.kind} '${path.join(".")}': ${(error as Error).message}`,
        { file: this.#file, key: path.join(".") },
        { cause: error },
      );
    }
    return wanted.toJS() as unknown;
  }

  #verifies(text: string, path: ConfigKeyPath, edit: Edit): boolean {
    const doc = parsePyYamlDocument(text);
    if (doc.errors.length > 0) return false;
    return isDeepStrictEqual(doc.toJS() as unknown, this.#expected(path, edit));
  }

  /**
   * Rewrite only the top-level entry that holds `path` (comments inside it are kept by the
   * serializer); every byte before and after that entry stays as it is.
   */
  #rewriteTopLevelEntry(path: ConfigKeyPath, edit: Edit): string | undefined {
    const before = this.#parse();
    const after = this.#parse();
    if (edit.kind === "delete") after.deleteIn(path);
    else after.setIn(path, edit.value);
    const top = path[0];
    if (!isMap(before.contents) || !isMap(after.contents)) return undefined;
    const oldPair = findPair(before.contents, top);
    const range = oldPair === undefined ? undefined : pairRange(this.#text, oldPair);
    if (range === undefined) return undefined;
    const newPair = findPair(after.contents, top);
    if (newPair === undefined) return replaceRange(this.#text, range.start, range.end, "");
    // The comment lines above the entry are outside its range and stay where they are.
    if (isNode(newPair.key)) {
      newPair.key.commentBefore = null;
      newPair.key.spaceBefore = false;
    }
    after.contents.items = [newPair];
    after.commentBefore = null;
    after.comment = null;
    return replaceRange(this.#text, range.start, range.end, after.toString(DUMP));
  }

  #spliceSet(doc: Document, path: ConfigKeyPath, value: unknown): string | undefined {
    const existing: unknown = doc.getIn(path, true);
    const parentPath = path.slice(0, -1);
    const key = path[path.length - 1];
    const parent: unknown = parentPath.length === 0 ? doc.contents : doc.getIn(parentPath, true);
    if ((isScalar(existing) || isAlias(existing)) && existing.range && !isCollection(value)) {
      return this.#replaceNode(existing, inline(value));
    }
    if (isAlias(existing) && existing.range) return this.#replaceNode(existing, inline(value));
    if ((isMap(existing) || isSeq(existing)) && existing.flow && existing.range) {
      if (isCollection(value)) return this.#replaceNode(existing, inline(value));
    }
    if (existing !== undefined && isSeq(parent) && !parent.flow && typeof key === "number") {
      return this.#replaceSeqItem(existing, value);
    }
    if (existing !== undefined && isMap(parent) && !parent.flow) {
      const pair = findPair(parent, key);
      if (pair) return this.#replacePair(pair, key, value);
    }
    if (existing === undefined) return this.#insertPair(doc, path, value);
    return undefined;
  }

  /** Replace a node's own bytes, keeping the line break a block node's range ends with. */
  #replaceNode(node: Node, replacement: string): string | undefined {
    if (!node.range) return undefined;
    const [start, end] = node.range;
    const keepNewline = end > start && this.#text[end - 1] === "\n" && !replacement.endsWith("\n");
    return replaceRange(this.#text, start, end, keepNewline ? `${replacement}\n` : replacement);
  }

  /** Replace one item of a block list (`- old` → `- new`), keeping the other items' lines. */
  #replaceSeqItem(item: unknown, value: unknown): string | undefined {
    if (!isNode(item) || !item.range) return undefined;
    if (!isCollection(value)) return this.#replaceNode(item, inline(value));
    const column = item.range[0] - lineStart(this.#text, item.range[0]);
    const pad = " ".repeat(column);
    const block = stringify(value, DUMP)
      .trimEnd()
      .split("\n")
      .map((line, index) => (index === 0 ? line : pad + line))
      .join("\n");
    const end = endOfLine(this.#text, item.range[1]);
    return replaceRange(this.#text, item.range[0], end, `${block}\n`);
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

function childOf(value: unknown, key: string | number): unknown {
  if (Array.isArray(value)) return typeof key === "number" ? (value[key] as unknown) : undefined;
  if (typeof value === "object" && value !== null) {
    return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return undefined;
}

/** Follow `path` through plain data; `found` tells a missing key from a null value. */
function walk(root: unknown, path: ConfigKeyPath): { found: boolean; value: unknown } {
  let current = root;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return { found: false, value: undefined };
    if (
      Array.isArray(current)
        ? typeof key !== "number" || key >= current.length
        : !Object.hasOwn(current, key)
    ) {
      return { found: false, value: undefined };
    }
    current = childOf(current, key);
  }
  return { found: true, value: current };
}

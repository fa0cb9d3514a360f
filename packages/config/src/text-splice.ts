import type { Node, Pair, YAMLMap } from "yaml";
import { isNode, isPair, isScalar, stringify } from "./yaml-lib.js";

/** How new YAML is written: two-space indent, no folding. */
export const DUMP = { indent: 2, lineWidth: 0 } as const;

/** A value written on one line (flow style). */
export function inline(value: unknown): string {
  return stringify(value, { ...DUMP, collectionStyle: "flow" }).trimEnd();
}

/** True for a value that YAML writes as a collection. */
export function isCollection(value: unknown): boolean {
  return typeof value === "object" && value !== null;
}

/** `value` wrapped in mappings for each key of `path`. */
export function nestValue(path: readonly (string | number)[], value: unknown): unknown {
  let nested = value;
  for (let i = path.length - 1; i >= 0; i--) nested = { [String(path[i])]: nested };
  return nested;
}

/** `key: value` as block YAML, each line indented by `indent` spaces. */
export function pairText(key: string | number, value: unknown, indent: number): string {
  const pad = " ".repeat(indent);
  return stringify({ [String(key)]: value }, DUMP)
    .split("\n")
    .map((line) => (line.length === 0 ? line : pad + line))
    .join("\n");
}

/** The pair of `map` whose key is `key` (compared as text). */
export function findPair(map: YAMLMap, key: string | number | undefined): Pair | undefined {
  return map.items.find((pair) => {
    const k: unknown = pair.key;
    return (isScalar(k) ? k.value : k) === key || String(isScalar(k) ? k.value : k) === String(key);
  });
}

/** The whole lines a pair occupies, from its key's line to the end of its value's last line. */
export function pairRange(text: string, pair: Pair): { start: number; end: number } | undefined {
  if (!isPair(pair) || !isNode(pair.key) || !pair.key.range) return undefined;
  const start = lineStart(text, pair.key.range[0]);
  const valueNode = pair.value as Node | null;
  const endPos = isNode(valueNode) && valueNode.range ? valueNode.range[1] : pair.key.range[1];
  return { start, end: endOfLine(text, endPos) };
}

/** Offset of the start of the line holding `pos`. */
export function lineStart(text: string, pos: number): number {
  return text.lastIndexOf("\n", pos - 1) + 1;
}

/** Offset just after the newline ending the line holding `pos` (or the text's end). */
export function endOfLine(text: string, pos: number): number {
  if (pos > 0 && text[pos - 1] === "\n") return pos;
  const newline = text.indexOf("\n", pos);
  return newline === -1 ? text.length : newline + 1;
}

/** Number of spaces at `start`. */
export function indentOf(text: string, start: number): number {
  let i = start;
  while (text[i] === " ") i++;
  return i - start;
}

/** `text` with `[start, end)` replaced. */
export function replaceRange(
  text: string,
  start: number,
  end: number,
  replacement: string,
): string {
  return text.slice(0, start) + replacement + text.slice(end);
}

/** `text` with `insertion` at `at`. */
export function insertAt(text: string, at: number, insertion: string): string {
  return replaceRange(text, at, at, insertion);
}

import type {
  Document,
  DocumentOptions,
  LineCounter,
  ParseOptions,
  SchemaOptions,
  ScalarTag,
} from "yaml";
import { isScalar, parseDocument, visit } from "./yaml-lib.js";

/**
 * PyYAML's booleans (YAML 1.1 without the single letters): `yes`/`no`/`on`/`off`/`true`/`false`
 * in lower, Title or UPPER case. The `yaml` library's 1.1 schema also reads `y` and `n` as
 * booleans, which PyYAML (and so Hermes) reads as strings.
 */
const PYYAML_TRUE = /^(?:[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/;
const PYYAML_FALSE = /^(?:[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/;

function isBoolTag(tag: unknown): tag is ScalarTag {
  return (
    typeof tag === "object" &&
    tag !== null &&
    (tag as { tag?: unknown }).tag === "tag:yaml.org,2002:bool" &&
    (tag as { test?: unknown }).test instanceof RegExp
  );
}

/**
 * Parse options that read config.yaml the way Hermes (PyYAML `safe_load`) does: YAML 1.1 scalars
 * (`yes`, `on`, `off` are booleans; `0755` is octal), merge keys (`<<: *base`), and duplicate
 * keys accepted with the last one winning (they are reported as warnings, see
 * {@link findDuplicateKeys}).
 */
export const PYYAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  version: "1.1",
  merge: true,
  uniqueKeys: false,
  customTags: (tags) =>
    tags.map((tag) => {
      // The 1.1 `!!omap` tag claims every JS Map, which is what `setIn` builds for new parent
      // keys; keep it for files that write `!!omap`, but let new mappings be plain mappings.
      if (typeof tag === "object" && tag.tag === "tag:yaml.org,2002:omap") {
        return { ...tag, identify: () => false };
      }
      if (!isBoolTag(tag)) return tag;
      const test = tag.test?.test("yes") === true ? PYYAML_TRUE : PYYAML_FALSE;
      return { ...tag, test };
    }),
};

/** Parse YAML text as PyYAML would (see {@link PYYAML_OPTIONS}). */
export function parsePyYamlDocument(text: string, lineCounter?: LineCounter): Document {
  return parseDocument(text, {
    ...PYYAML_OPTIONS,
    prettyErrors: false,
    ...(lineCounter === undefined ? {} : { lineCounter }),
  });
}

/** One key written twice in the same mapping. */
export interface DuplicateKey {
  /** Dotted path of the mapping's key that repeats, e.g. `terminal.timeout`. */
  readonly key: string;
  /** 1-based line of the occurrence that wins (the last). */
  readonly line: number;
  /** 1-based lines of the earlier occurrences, which are ignored. */
  readonly ignoredLines: readonly number[];
}

/** Every key that appears more than once in one mapping (PyYAML keeps the last). */
export function findDuplicateKeys(doc: Document, lineCounter: LineCounter): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  visit(doc, {
    Map(_key, map, path) {
      const seen = new Map<string, number[]>();
      for (const pair of map.items) {
        if (!isScalar(pair.key) || pair.key.range === undefined || pair.key.range === null)
          continue;
        const name = String(pair.key.value);
        if (name === "<<") continue;
        const lines = seen.get(name) ?? [];
        lines.push(lineCounter.linePos(pair.key.range[0]).line);
        seen.set(name, lines);
      }
      const prefix = keyPathOf(path);
      for (const [name, lines] of seen) {
        if (lines.length < 2) continue;
        found.push({
          key: [...prefix, name].join("."),
          line: lines[lines.length - 1] as number,
          ignoredLines: lines.slice(0, -1),
        });
      }
    },
  });
  return found;
}

function keyPathOf(path: readonly unknown[]): string[] {
  const keys: string[] = [];
  for (const step of path) {
    const key = (step as { key?: unknown }).key;
    if (key !== undefined && isScalar(key)) keys.push(String(key.value));
  }
  return keys;
}

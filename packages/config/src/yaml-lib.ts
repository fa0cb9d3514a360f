import { createRequire } from "node:module";
import type * as Yaml from "yaml";

let loaded: typeof Yaml | undefined;

/**
 * The `yaml` library, loaded on first use: importing this package must not pay for a YAML
 * parser (some 30 ms) that only reading or editing a config file needs. `yaml` is CommonJS, so a
 * synchronous `require` loads it where `import` would load the same file.
 */
function yaml(): typeof Yaml {
  return (loaded ??= createRequire(import.meta.url)("yaml") as typeof Yaml);
}

/** `yaml`'s `isNode`. */
export const isNode = ((node: unknown) => yaml().isNode(node)) as typeof Yaml.isNode;
/** `yaml`'s `isPair`. */
export const isPair = ((node: unknown) => yaml().isPair(node)) as typeof Yaml.isPair;
/** `yaml`'s `isScalar`. */
export const isScalar = ((node: unknown) => yaml().isScalar(node)) as typeof Yaml.isScalar;
/** `yaml`'s `isMap`. */
export const isMap = ((node: unknown) => yaml().isMap(node)) as typeof Yaml.isMap;
/** `yaml`'s `isSeq`. */
export const isSeq = ((node: unknown) => yaml().isSeq(node)) as typeof Yaml.isSeq;
/** `yaml`'s `isAlias`. */
export const isAlias = ((node: unknown) => yaml().isAlias(node)) as typeof Yaml.isAlias;
/** `yaml`'s `stringify`. */
export const stringify = ((...args: Parameters<typeof Yaml.stringify>) =>
  yaml().stringify(...args)) as typeof Yaml.stringify;
/** `yaml`'s `parse`. */
export const parse = ((...args: Parameters<typeof Yaml.parse>) =>
  yaml().parse(...args)) as typeof Yaml.parse;
/** `yaml`'s `parseDocument`. */
export const parseDocument = ((...args: Parameters<typeof Yaml.parseDocument>) =>
  yaml().parseDocument(...args)) as typeof Yaml.parseDocument;
/** `yaml`'s `visit`. */
export const visit = ((...args: Parameters<typeof Yaml.visit>) =>
  yaml().visit(...args)) as typeof Yaml.visit;

/** A new `yaml` `LineCounter`. */
export function createLineCounter(): Yaml.LineCounter {
  return new (yaml().LineCounter)();
}

import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { Parser } from "web-tree-sitter";
import { tokenizeScript } from "./fallback-tokenizer.js";
import { plainScript } from "./plain-script.js";
import { rewrittenTokens, repairedSource } from "./source-repairs.js";
import type { Script } from "./shell-ir.js";
import { scriptFromTree } from "./tree-walker.js";
import type { VariableScope } from "./variables.js";
import { withExpansionBudget } from "./word-parts.js";

let parser: Parser | null = null;
const LARGE_SCRIPT_CHARS = 16_384;
/** Rewrites of a line the grammar fails on (see source-repairs.ts) tried before walking it. */
const MAX_REPAIRS = 16;
/** Characters all re-parses of one text may read together, so that long texts stay fast. */
const REPAIR_BUDGET_CHARS = 32_768;
let loading: Promise<void> | null = null;

async function load(): Promise<void> {
  const require = createRequire(import.meta.url);
  const runtimeWasm = require.resolve("web-tree-sitter/tree-sitter.wasm");
  // The grammar ships inside this package (from tree-sitter-bash, MIT), so installing it does
  // not pull the grammar's 20 MB of sources and native prebuilds.
  const bashWasm = fileURLToPath(new URL("../grammar/tree-sitter-bash.wasm", import.meta.url));
  // Loaded here, not at import: a process that never parses a command never pays for it.
  const treeSitter = await import("web-tree-sitter");
  await treeSitter.Parser.init({ locateFile: () => runtimeWasm });
  const language = await treeSitter.Language.load(bashWasm);
  const instance = new treeSitter.Parser();
  instance.setLanguage(language);
  parser = instance;
}

/** Load the bash grammar once; concurrent and repeated calls share the same load. */
export function initializeParser(): Promise<void> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** True once the WASM parser is loaded. */
export function isParserReady(): boolean {
  return parser !== null;
}

/**
 * Parse shell text into the analyser's IR: plain command lines directly (`plain-script.ts`),
 * everything else through tree-sitter-bash, or through the conservative tokenizer while the
 * parser is not loaded.
 */
export function parseScript(text: string, scope: VariableScope): Script {
  return withExpansionBudget(() => plainScript(text) ?? parsedScript(text, scope));
}

/** The parse of the real parser (or the tokenizer), without the plain-command fast path. */
export function parsedScript(text: string, scope: VariableScope): Script {
  // tree-sitter's WASM build parses ~1 µs per byte here; very large scripts go through the
  // linear tokenizer instead, which reads at least as many commands as bash would.
  if (parser === null || text.length > LARGE_SCRIPT_CHARS) return tokenizeScript(text, scope);
  let source = text;
  let tree = parser.parse(source);
  for (let i = 0; i < MAX_REPAIRS && tree !== null; i++) {
    if ((i + 1) * source.length > REPAIR_BUDGET_CHARS) break;
    const root = tree.rootNode;
    const repaired =
      rewrittenTokens(source, root) ?? (root.hasError ? repairedSource(source, root) : null);
    if (repaired === null) break;
    tree.delete();
    source = repaired;
    tree = parser.parse(source);
  }
  if (tree === null) return tokenizeScript(text, scope);
  try {
    return scriptFromTree(tree.rootNode, scope);
  } finally {
    tree.delete();
  }
}

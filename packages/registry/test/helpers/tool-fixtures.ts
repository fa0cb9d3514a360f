import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Tool modules for discovery tests. Each registers into `globalThis.__discoveryRegistry` under the
 * local name `registry` (what discovery looks for) and records its import in `globalThis.__imported`.
 */
export const PRELUDE: string = [
  "const registry = globalThis.__discoveryRegistry;",
  "(globalThis.__imported ??= []).push(import.meta.url.split('/').pop());",
].join("\n");

export function registerCall(name: string): string {
  return `registry.register({ name: ${JSON.stringify(name)}, toolset: "fixtures", schema: { description: "d", parameters: { type: "object" } }, handler: () => "ok" });`;
}

export const FIXTURES: Readonly<Record<string, string>> = {
  "alpha.js": `${PRELUDE}\n${registerCall("alpha")}\n`,
  "typed.ts": `${PRELUDE}\nconst size: number = 3;\nif (size > 0) {\n  ${registerCall("typed")}\n}\n`,
  "looped.mjs": `${PRELUDE}\nfor (const name of ["loop_a", "loop_b"]) {\n  registry.register({ name, toolset: "fixtures", schema: { description: "d", parameters: { type: "object" } }, handler: () => "ok" });\n}\n`,
  "nested.js": `${PRELUDE}\nexport function setup() {\n  ${registerCall("nested")}\n}\nexport const later = () => ${registerCall("arrow").slice(0, -1)};\nexport class Holder { method() { ${registerCall("method")} } }\n`,
  "commented.js": `${PRELUDE}\n// ${registerCall("in_line_comment")}\n/* ${registerCall("in_block_comment")} */\n`,
  "stringy.js": `${PRELUDE}\nexport const a = ${JSON.stringify(registerCall("in_string"))};\nexport const b = \`${registerCall("in_template")}\`;\n`,
  "broken.js": `${PRELUDE}\n${registerCall("broken")}\nthrow new Error("module exploded on import");\n`,
  "bad_syntax.js": `${PRELUDE}\n${registerCall("bad_syntax")}\nexport const = ;\n`,
  "helper.js": `export const help = 1;\n`,
  "types.d.ts": `declare const registry: { register(x: unknown): void };\nregistry.register({});\n`,
  "alpha.test.ts": `${registerCall("from_test")}\n`,
};

export async function writeFixtures(
  dir: string,
  fixtures: Readonly<Record<string, string>> = FIXTURES,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(fixtures)) await writeFile(path.join(dir, name), text);
}

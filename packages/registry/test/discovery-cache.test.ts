import { execFile } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FIXTURES, PRELUDE, registerCall, writeFixtures } from "./helpers/tool-fixtures.js";

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL("..", import.meta.url));
const source = (file: string): string => pathToFileURL(path.join(packageDir, "src", file)).href;

/** Runs discovery in a fresh Node process and reports what it imported and whether ts-morph was loaded. */
const CHILD = `
import fs from "node:fs";
import { createRequire, syncBuiltinESMExports } from "node:module";
const compilerReads = [];
const readFileSync = fs.readFileSync;
fs.readFileSync = function (file, ...rest) {
  if (/typescript\\.js$|ts-morph/.test(String(file))) compilerReads.push(String(file));
  return readFileSync.call(this, file, ...rest);
};
syncBuiltinESMExports();
const { ToolRegistry } = await import(${JSON.stringify(source("index.ts"))});
const silentLogger = { debug() {}, info() {}, warn() {}, error() {} };
const { discoverBuiltinTools, isCompilerLoaded } = await import(${JSON.stringify(source("discovery.ts"))});
const registry = new ToolRegistry({ logger: silentLogger, hermesHome: process.env.TEST_HOME });
globalThis.__discoveryRegistry = registry;
const imported = await discoverBuiltinTools(process.env.TEST_TOOLS, { registry });
const loadedFiles = Object.keys(createRequire(import.meta.url).cache);
process.stdout.write(JSON.stringify({
  imported,
  tools: registry.getAllToolNames(),
  compilerLoaded: isCompilerLoaded(),
  tsMorphModules: loadedFiles.filter((file) => /ts-morph|typescript/.test(file)).length + compilerReads.length,
}));
`;

interface ChildReport {
  imported: string[];
  tools: string[];
  compilerLoaded: boolean;
  tsMorphModules: number;
}

let work: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), "registry-discovery-cache-"));
  await writeFile(path.join(work, "child.mjs"), CHILD);
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

async function discoverInChild(): Promise<ChildReport> {
  const { stdout } = await run(
    process.execPath,
    ["--conditions=@hermes-agent/source", "--import", "tsx", path.join(work, "child.mjs")],
    {
      cwd: packageDir,
      env: {
        ...process.env,
        TEST_HOME: path.join(work, "home"),
        TEST_TOOLS: path.join(work, "tools"),
      },
    },
  );
  return JSON.parse(stdout) as ChildReport;
}

describe("discovery cache across processes", () => {
  it("does not load ts-morph when no file changed, and rescans a changed file", async () => {
    await writeFixtures(path.join(work, "tools"), FIXTURES);

    const cold = await discoverInChild();
    expect(cold.compilerLoaded).toBe(true);
    expect(cold.tsMorphModules).toBeGreaterThan(0);
    expect(cold.imported).toEqual(["alpha.js", "looped.mjs", "typed.ts"]);

    const codeCache = await readdir(path.join(work, "home", "cache", "compiler-code-cache"));
    expect(codeCache.filter((name) => name.endsWith(".v8cache"))).toHaveLength(1);

    const warm = await discoverInChild();
    expect(warm.compilerLoaded).toBe(false);
    expect(warm.tsMorphModules).toBe(0);
    expect(warm.imported).toEqual(cold.imported);
    expect(warm.tools).toEqual(cold.tools);

    // A changed file is rescanned. This one is now plain (a top-level call), which the lexical
    // classifier decides without the compiler...
    await writeFile(
      path.join(work, "tools", "nested.js"),
      `${PRELUDE}\n${registerCall("now_top_level")}\n`,
    );
    const changed = await discoverInChild();
    expect(changed.compilerLoaded).toBe(false);
    expect(changed.imported).toEqual(["alpha.js", "looped.mjs", "nested.js", "typed.ts"]);
    expect(changed.tools).toContain("now_top_level");

    // ...while a change the classifier cannot decide loads the compiler again.
    await writeFile(
      path.join(work, "tools", "nested.js"),
      `${PRELUDE}\nexport const now = registry ? (${registerCall("in_condition").slice(0, -1)}) : 0;\n`,
    );
    const unsure = await discoverInChild();
    expect(unsure.compilerLoaded).toBe(true);
    expect(unsure.imported).toEqual(["alpha.js", "looped.mjs", "nested.js", "typed.ts"]);
    expect(unsure.tools).toContain("in_condition");
  }, 60_000);

  it("discovers a folder of plain tool files cold without loading the compiler", async () => {
    const plain: Record<string, string> = {
      "package.json": '{ "type": "module" }\n',
      "helper.js": "export const help = (a) => a / 2;\n",
    };
    for (let i = 0; i < 5; i++) {
      plain[`tool_${i}.js`] = [
        PRELUDE,
        `// tool_${i}: registry.register(...) below runs at import`,
        `function available() { return /^ok$/.test("ok") }`,
        `async function handler(args) { return \`\${args.path ?? "none"}:\${${i} / 2}\` }`,
        `registry.register({ name: "plain_${i}", toolset: "plain", schema: { description: "d", parameters: { type: "object" } }, handler, checkFn: available });`,
        "",
      ].join("\n");
    }
    await writeFixtures(path.join(work, "tools"), plain);
    const cold = await discoverInChild();
    expect(cold.compilerLoaded).toBe(false);
    expect(cold.tsMorphModules).toBe(0);
    expect(cold.imported).toEqual([
      "tool_0.js",
      "tool_1.js",
      "tool_2.js",
      "tool_3.js",
      "tool_4.js",
    ]);
    expect(cold.tools).toEqual(["plain_0", "plain_1", "plain_2", "plain_3", "plain_4"]);
  }, 60_000);
});

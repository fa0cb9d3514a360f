import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runSuite } from "@hermes-agent/bench";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { PluginManager, type PluginLoaderConfig } from "../src/index.js";
import { createRecordingHost } from "../src/testing.js";

// A real project's node_modules, hoisted (npm, yarn, pnpm's `node-linker=hoisted`): 3 000
// packages, one in ten scoped, one in ten mentioning hermes-agent (a peer dependency) without
// being a plugin; the project declares 40 of them, two of which are plugins.
const INSTALLED = 3_000;
const DECLARED = 40;
const root = mkdtempSync(path.join(os.tmpdir(), "hermes-npm-discovery-bench-"));
const project = path.join(root, "project");
const nodeModules = path.join(project, "node_modules");
const home = path.join(root, "home");
mkdirSync(home, { recursive: true });

function packageName(i: number): string {
  return i % 10 === 0 ? `@scope-${i % 37}/pkg-${i}` : `pkg-${i}`;
}

function writePackage(
  name: string,
  fields: Record<string, unknown>,
  files: Record<string, string>,
) {
  const dir = path.join(nodeModules, ...name.split("/"));
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify(
      {
        name,
        version: "1.2.3",
        description: `Package ${name}, a dependency somewhere in the tree`,
        license: "MIT",
        main: "./index.js",
        type: "module",
        keywords: ["util", "helper"],
        repository: { type: "git", url: `https://example.invalid/${name}.git` },
        dependencies: { [packageName((name.length * 7) % INSTALLED)]: "^1.0.0" },
        ...fields,
      },
      null,
      2,
    ),
  );
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
}

const plugin = (tool: string): string => `export function register(ctx) {
  ctx.registerTool({
    name: "${tool}",
    toolset: "bench",
    schema: { description: "${tool}", parameters: { type: "object", properties: {} } },
    handler: () => "{}",
  });
}
`;

for (let i = 0; i < INSTALLED; i++) {
  const mentionsHermes = i % 10 === 5;
  writePackage(
    packageName(i),
    mentionsHermes ? { peerDependencies: { "hermes-agent": "*" } } : {},
    {
      "index.js": "export {};\n",
    },
  );
}
const plugins = ["hermes-plugin-weather", "@acme/hermes-plugin-tickets"];
writePackage(
  plugins[0] ?? "",
  { "hermes-agent": { plugin: "./plugin.js" } },
  {
    "plugin.js": plugin("weather"),
  },
);
writePackage(
  plugins[1] ?? "",
  { "hermes-agent": { plugin: "./plugin.js" } },
  {
    "plugin.js": plugin("tickets"),
  },
);
const declared = Object.fromEntries(
  [
    ...Array.from({ length: DECLARED - plugins.length }, (_, i) => packageName(i * 71)),
    ...plugins,
  ].map((name) => [name, "^1.0.0"]),
);
writeFileSync(
  path.join(project, "package.json"),
  JSON.stringify({ name: "app", private: true, dependencies: declared }, null, 2),
);

function managerFor(config: PluginLoaderConfig): PluginManager {
  const registry = new ToolRegistry({ logger: silentLogger });
  return new PluginManager({
    registry,
    host: createRecordingHost(registry),
    config,
    hermesHome: home,
    cwd: project,
    env: { PATH: process.env.PATH },
    npmRoots: [nodeModules],
    logger: silentLogger,
  });
}

await runSuite("plugin-loader npm discovery", [
  {
    name: `discover npm plugins: ${INSTALLED} packages installed, ${DECLARED} declared`,
    budgetUs: 10_000,
    samples: 15,
    setup: () => () => void managerFor({}).discover(),
  },
  {
    name: `start-up with one npm plugin enabled (${INSTALLED} installed): discover + load`,
    budgetUs: 20_000,
    samples: 15,
    setup: () => () => managerFor({ plugins: { enabled: ["hermes-plugin-weather"] } }).load(),
  },
]);

rmSync(root, { recursive: true, force: true });

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runSuite } from "@hermes-agent/bench";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { PluginManager, type PluginLoaderConfig } from "../src/index.js";
import { createRecordingHost } from "../src/testing.js";

const PLUGIN_COUNT = 50;
const root = mkdtempSync(path.join(os.tmpdir(), "hermes-plugin-bench-"));
const home = path.join(root, "home");
const emptyHome = path.join(root, "empty-home");
mkdirSync(emptyHome, { recursive: true });
const keys: string[] = [];
for (let i = 0; i < PLUGIN_COUNT; i++) {
  const key = `bench-${i}`;
  keys.push(key);
  const dir = path.join(home, "plugins", key);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "plugin.yaml"),
    `name: ${key}\nversion: 1.0.0\ndescription: Benchmark plugin ${i}\nprovides_tools: [tool_${i}]\nprovides_hooks: [post_tool_call]\n`,
  );
  writeFileSync(
    path.join(dir, "index.mjs"),
    `export function register(ctx) {
  ctx.registerTool({
    name: "tool_${i}",
    toolset: "bench",
    schema: { description: "Tool ${i}", parameters: { type: "object", properties: { q: { type: "string" } } } },
    handler: (args) => JSON.stringify({ q: args.q ?? null }),
  });
  ctx.registerHook("post_tool_call", () => undefined);
}
`,
  );
}

function managerFor(hermesHome: string, config: PluginLoaderConfig): PluginManager {
  const registry = new ToolRegistry({ logger: silentLogger });
  return new PluginManager({
    registry,
    host: createRecordingHost(registry),
    config,
    hermesHome,
    cwd: root,
    env: { PATH: process.env.PATH },
    logger: silentLogger,
  });
}

const allEnabled = { plugins: { enabled: keys } };

await runSuite("plugin-loader", [
  {
    name: `discover + load ${PLUGIN_COUNT} folder plugins, fresh modules (reload)`,
    budgetUs: 150_000,
    samples: 15,
    setup: async () => {
      const manager = managerFor(home, allEnabled);
      await manager.load();
      return () => manager.reload();
    },
  },
  {
    name: `discover + load ${PLUGIN_COUNT} folder plugins, new manager, modules cached`,
    budgetUs: 150_000,
    samples: 15,
    setup: () => () => managerFor(home, allEnabled).load(),
  },
  {
    name: "no plugins: the runtime's plugin step (nothing enabled, no hooks)",
    budgetUs: 2_000,
    setup: () => () => managerFor(emptyHome, {}).load(),
  },
  {
    name: "no plugins installed, one enabled: full scan of empty sources",
    budgetUs: 2_000,
    setup: () => () => managerFor(emptyHome, { plugins: { enabled: ["missing"] } }).load(),
  },
]);

rmSync(root, { recursive: true, force: true });

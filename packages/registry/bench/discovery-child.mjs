// One discovery run in a fresh process, against the built package (plain Node, no TypeScript
// loader). Prints timings in milliseconds as JSON.
// Usage: node discovery-child.mjs <tools-dir> <hermes-home> <full|scan>
const [toolsDir, hermesHome, mode] = process.argv.slice(2);
const dist = new URL("../dist/", import.meta.url);

const rootStart = performance.now();
const { ToolRegistry, silentLogger } = await import(new URL("index.js", dist).href);
const registry = new ToolRegistry({ logger: silentLogger, hermesHome });
globalThis.__benchRegistry = registry;
const start = performance.now();
const cpuStart = process.cpuUsage();
const discovery = await import(new URL("discovery.js", dist).href);
const found =
  mode === "scan"
    ? await discovery.findToolModules(toolsDir, { registry })
    : await discovery.discoverBuiltinTools(toolsDir, { registry });
const end = performance.now();
const cpu = process.cpuUsage(cpuStart);
process.stdout.write(
  JSON.stringify({
    rootImportMs: start - rootStart,
    discoveryMs: end - start,
    cpuMs: (cpu.user + cpu.system) / 1000,
    modules: found.length,
    tools: registry.getAllToolNames().length,
    compilerLoaded: discovery.isCompilerLoaded(),
  }),
);

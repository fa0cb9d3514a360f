// What a tool call through the registry and the MCP connection adds to the server's own
// response time: the same echo tool of the same stdio server, called with the SDK client
// directly and through registry.dispatch. Issue target: overhead <= 1 ms median.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measure, reportResult, type Measurement } from "@hermes-agent/bench";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createMcpManager } from "../src/index.js";

const FIXTURE = fileURLToPath(new URL("../test/fixtures/fixture-server.mjs", import.meta.url));
const home = mkdtempSync(path.join(os.tmpdir(), "hermes-mcp-bench-"));
const options = { samples: 31, sampleTimeMs: 100 };

const client = new Client({ name: "bench", version: "1.0.0" });
await client.connect(
  new StdioClientTransport({ command: process.execPath, args: [FIXTURE, "basic"] }),
);
const registry = new ToolRegistry({ logger: silentLogger });
const manager = createMcpManager({
  registry,
  servers: { fx: { command: process.execPath, args: [FIXTURE, "basic"] } },
  hermesHome: home,
  logger: silentLogger,
});
await manager.discoverMcpTools();

try {
  // Alternate the two so drift in machine load hits both alike; keep the better round of each.
  const callDirect = () => client.callTool({ name: "echo", arguments: { text: "hi" } });
  const callThrough = () => registry.dispatch("mcp__fx__echo", { text: "hi" });
  const rounds: { direct: Measurement; through: Measurement }[] = [];
  for (let round = 0; round < 3; round++) {
    rounds.push({
      direct: await measure(callDirect, options),
      through: await measure(callThrough, options),
    });
  }
  const best = (pick: (r: (typeof rounds)[number]) => Measurement) =>
    rounds.map(pick).reduce((a, b) => (b.medianUs < a.medianUs ? b : a));
  const direct = best((r) => r.direct);
  const through = best((r) => r.through);
  const suite = "mcp call overhead (stdio echo)";
  reportResult({ suite, name: "SDK client.callTool directly (server's own time)", ...direct });
  reportResult({ suite, name: "registry.dispatch of mcp__fx__echo", ...through });
  const overheadUs = through.medianUs - direct.medianUs;
  reportResult({
    suite,
    name: "overhead (dispatch median - direct median)",
    medianUs: overheadUs,
    minUs: through.minUs - direct.minUs,
    maxUs: through.maxUs - direct.maxUs,
    samples: Math.min(direct.samples, through.samples),
    opsPerSample: through.opsPerSample,
    budgetUs: 1000,
    withinBudget: overheadUs <= 1000,
  });
} finally {
  await client.close();
  await manager.close();
  rmSync(home, { recursive: true, force: true });
}

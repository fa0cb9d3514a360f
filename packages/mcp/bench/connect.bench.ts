// Five stdio servers with different startup times (100-500 ms, see delayed-server.mjs): when are the first and the last tools
// registered, compared with each server connecting alone? Issue targets: first tools within the
// fastest server's connect + list; all within 1.3x the slowest server's.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { reportResult } from "@hermes-agent/bench";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createMcpManager, type McpEvent } from "../src/index.js";

const SERVER = fileURLToPath(new URL("./delayed-server.mjs", import.meta.url));
const DELAYS_MS = [100, 200, 300, 400, 500];
const RUNS = 7;
const home = mkdtempSync(path.join(os.tmpdir(), "hermes-mcp-bench-"));

function entry(delay: number) {
  return {
    command: process.execPath,
    args: [SERVER],
    env: { DELAY_MS: String(delay) },
  };
}

/** Milliseconds from start() until each server's tools are registered. */
async function connectTimes(servers: Record<string, unknown>): Promise<number[]> {
  const registry = new ToolRegistry({ logger: silentLogger });
  const started = performance.now();
  const times: number[] = [];
  const manager = createMcpManager({
    registry,
    servers,
    hermesHome: home,
    logger: silentLogger,
    onEvent: (event: McpEvent) => {
      if (event.type === "mcp.tools") times.push(performance.now() - started);
    },
  });
  await manager.discoverMcpTools();
  await manager.close();
  return times.sort((a, b) => a - b);
}

/** The same five servers with bare SDK clients in parallel: what the machine allows. */
async function rawSdkTimes(): Promise<number[]> {
  const started = performance.now();
  const clients: Client[] = [];
  const times = await Promise.all(
    DELAYS_MS.map(async (delay) => {
      const client = new Client({ name: "bench", version: "1.0.0" });
      clients.push(client);
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [SERVER],
          env: { DELAY_MS: String(delay) },
        }),
      );
      await client.listTools();
      return performance.now() - started;
    }),
  );
  await Promise.all(clients.map((client) => client.close()));
  return times.sort((a, b) => a - b);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NaN;
}

function report(name: string, samplesMs: number[], budgetMs?: number): void {
  const medianUs = median(samplesMs) * 1000;
  reportResult({
    suite: "mcp connect (5 stdio servers)",
    name,
    medianUs,
    minUs: Math.min(...samplesMs) * 1000,
    maxUs: Math.max(...samplesMs) * 1000,
    samples: samplesMs.length,
    opsPerSample: 1,
    ...(budgetMs === undefined
      ? {}
      : { budgetUs: budgetMs * 1000, withinBudget: medianUs <= budgetMs * 1000 }),
  });
}

try {
  await connectTimes({ warmup: entry(0) });
  const alone = new Map<number, number[]>();
  for (let run = 0; run < RUNS; run++) {
    for (const delay of DELAYS_MS) {
      const [time] = await connectTimes({ [`s${delay}`]: entry(delay) });
      alone.set(delay, [...(alone.get(delay) ?? []), time ?? Number.NaN]);
    }
  }
  const fastest = median(alone.get(DELAYS_MS[0] ?? 0) ?? []);
  const slowest = median(alone.get(DELAYS_MS.at(-1) ?? 0) ?? []);
  const first: number[] = [];
  const all: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const times = await connectTimes(Object.fromEntries(DELAYS_MS.map((d) => [`s${d}`, entry(d)])));
    first.push(times[0] ?? Number.NaN);
    all.push(times.at(-1) ?? Number.NaN);
  }
  const rawFirst: number[] = [];
  const rawAll: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const times = await rawSdkTimes();
    rawFirst.push(times[0] ?? Number.NaN);
    rawAll.push(times.at(-1) ?? Number.NaN);
  }
  report("reference: five bare SDK clients in parallel, first connected", rawFirst);
  report("reference: five bare SDK clients in parallel, all connected", rawAll);
  report("fastest server alone (connect + list)", alone.get(DELAYS_MS[0] ?? 0) ?? []);
  report("slowest server alone (connect + list)", alone.get(DELAYS_MS.at(-1) ?? 0) ?? []);
  report("five servers: first tools registered (budget: fastest alone)", first, fastest);
  report("five servers: all tools registered (budget: 1.3x slowest alone)", all, slowest * 1.3);
} finally {
  rmSync(home, { recursive: true, force: true });
}

import { silentLogger } from "@hermes-agent/core";
import { describe, expect, it } from "vitest";
import { ToolRegistry } from "../src/index.js";

const gc = (globalThis as { gc?: () => void }).gc;

async function settledHeap(): Promise<number> {
  if (gc === undefined) throw new Error("run with node --expose-gc (vitest.config.ts sets it)");
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

function schemaFor(i: number): Record<string, unknown> {
  return {
    $id: "https://tools.example.test/counter.json",
    type: "object",
    properties: {
      n: { type: "integer" },
      label: { type: "string", pattern: `^v${i % 50}` },
    },
    required: ["n"],
  };
}

describe("validators belong to their tool", () => {
  it("a re-registered schema with $id is still validated", async () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    const register = (): void => {
      registry.register({
        name: "counter",
        toolset: "t",
        schema: { parameters: schemaFor(0) },
        handler: (args) => JSON.stringify(args),
      });
    };
    register();
    expect(await registry.dispatch("counter", { n: 1 })).toBe('{"n":1}');
    register();
    const out = JSON.parse((await registry.dispatch("counter", { n: "x" })) as string) as {
      error: string;
    };
    expect(out.error).toBe("Invalid arguments for tool 'counter': 'n' must be integer");
    const other = new ToolRegistry({ logger: silentLogger });
    other.register({
      name: "counter",
      toolset: "t",
      schema: { parameters: schemaFor(0) },
      handler: () => "ran",
    });
    expect(await other.dispatch("counter", { n: "x" })).toContain("must be integer");
  });

  it(
    "100 000 re-registrations, each dispatched, keep heap growth under 10 MB",
    { timeout: 60_000 },
    async () => {
      const registry = new ToolRegistry({ logger: silentLogger });
      const cycle = async (i: number): Promise<void> => {
        registry.register({
          name: "counter",
          toolset: "mcp-refresh",
          schema: { description: "counts", parameters: schemaFor(i) },
          handler: () => "ok",
        });
        if ((await registry.dispatch("counter", { n: i })) !== "ok") throw new Error("failed");
      };
      for (let i = 0; i < 2_000; i++) await cycle(i);
      const before = await settledHeap();
      for (let i = 2_000; i < 100_000; i++) await cycle(i);
      const growth = (await settledHeap()) - before;
      expect(growth).toBeLessThan(10 * 1024 * 1024);
    },
  );

  it("discarded registries free their validators", { timeout: 60_000 }, async () => {
    const build = async (round: number): Promise<void> => {
      const registry = new ToolRegistry({ logger: silentLogger });
      for (let t = 0; t < 25; t++) {
        registry.register({
          name: `tool_${t}`,
          toolset: "batch",
          schema: { parameters: schemaFor(round * 25 + t) },
          handler: () => "ok",
        });
        await registry.dispatch(`tool_${t}`, { n: 1 });
      }
    };
    for (let round = 0; round < 40; round++) await build(round);
    const before = await settledHeap();
    for (let round = 40; round < 440; round++) await build(round);
    expect((await settledHeap()) - before).toBeLessThan(10 * 1024 * 1024);
  });
});

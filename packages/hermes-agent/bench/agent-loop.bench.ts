import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { reportResult } from "@hermes-agent/bench";
import { parseConfigText } from "@hermes-agent/config";
import { silentLogger } from "@hermes-agent/core";
import { createRuntime } from "../src/index.js";

const SUITE = "hermes-agent agent loop";
const filter = process.env["HERMES_BENCH_FILTER"];
if (filter !== undefined && filter !== "" && !SUITE.includes(filter)) process.exit(0);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function report(name: string, valuesUs: readonly number[], budgetUs?: number): void {
  const medianUs = median(valuesUs);
  reportResult({
    suite: SUITE,
    name,
    medianUs,
    minUs: Math.min(...valuesUs),
    maxUs: Math.max(...valuesUs),
    samples: valuesUs.length,
    opsPerSample: 1,
    ...(budgetUs === undefined ? {} : { budgetUs, withinBudget: medianUs <= budgetUs }),
  });
}

/**
 * A scripted server that answers every request with one tool call (a trivial tool) until the
 * last turn, and records how long it spent on each request, so the loop's own overhead per
 * turn is the client-side time minus the server's.
 */
async function startServer(
  turns: number,
): Promise<{ server: Server; baseURL: string; serverUs: number[] }> {
  const serverUs: number[] = [];
  let count = 0;
  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on("data", (part: Buffer) => parts.push(part));
    request.on("end", () => {
      const started = performance.now();
      count++;
      const last = count % turns === 0;
      const base = { id: "x", object: "chat.completion.chunk", created: 0, model: "bench" };
      const delta = last
        ? { content: "done" }
        : {
            tool_calls: [
              {
                index: 0,
                id: `c${count}`,
                type: "function",
                function: { name: "noop", arguments: "{}" },
              },
            ],
          };
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`,
      );
      response.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: last ? "stop" : "tool_calls" }] })}\n\n`,
      );
      response.end("data: [DONE]\n\n");
      serverUs.push((performance.now() - started) * 1000);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, baseURL: `http://127.0.0.1:${port}/v1`, serverUs };
}

const home = mkdtempSync(path.join(tmpdir(), "hermes-agent-loop-bench-"));
const TURNS = 20;
const { server, baseURL } = await startServer(TURNS);
try {
  const runtime = await createRuntime({
    hermesHome: home,
    config: parseConfigText(`model:\n  base_url: ${baseURL}\n  default: bench\n  api_key: k\n`)
      .config,
    env: { PATH: process.env.PATH, HOME: home },
    logger: silentLogger,
    approval: "deny",
  });
  runtime.registry.register({
    name: "noop",
    toolset: "bench",
    schema: { parameters: { type: "object", properties: {} } },
    handler: () => "{}",
  });
  // The same requests straight through fetch: the transport and server cost the loop cannot avoid.
  const rawTurnUs: number[] = [];
  for (let i = 0; i < 60; i++) {
    const started = performance.now();
    const reply = await fetch(`${baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer k" },
      body: JSON.stringify({
        model: "bench",
        messages: [{ role: "user", content: "x" }],
        stream: true,
      }),
    });
    await reply.text();
    rawTurnUs.push((performance.now() - started) * 1000);
  }
  const perTurnUs: number[] = [];
  for (let run = 0; run < 8; run++) {
    const started = performance.now();
    const result = await runtime.runAgent({
      prompt: "go",
      toolsets: ["bench"],
      maxIterations: TURNS + 1,
    });
    const elapsed = (performance.now() - started) * 1000;
    if (run > 0) perTurnUs.push(elapsed / result.iterations);
  }
  await runtime.close();
  const raw = median(rawTurnUs);
  report(
    "loop overhead per tool-calling turn beyond a raw streamed request",
    perTurnUs.map((us) => Math.max(0, us - raw)),
    2000,
  );
  report("raw streamed request to the scripted server (reference)", rawTurnUs);
} finally {
  server.close();
  rmSync(home, { recursive: true, force: true });
}

import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { reportResult, runSuite } from "@hermes-agent/bench";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { createCodeExecutor, type CodeExecutor, type ExecuteCodeResult } from "../src/index.js";

/** The first python3 on PATH that is not a launcher shim, resolved to its real executable. */
function benchPython(): string {
  const dirs = (process.env.PATH ?? "").split(path.delimiter).filter((dir) => dir !== "");
  const found = dirs.map((dir) => path.join(dir, "python3")).filter((file) => existsSync(file));
  const chosen = found.find((file) => !file.split(path.sep).includes("shims")) ?? found[0];
  if (chosen === undefined) throw new Error("python3 is needed for this benchmark");
  return execFileSync(chosen, ["-c", "import sys; print(sys.executable)"], {
    encoding: "utf8",
  }).trim();
}

const registry = new ToolRegistry({ logger: silentLogger });
registry.register({
  name: "noop",
  toolset: "bench",
  schema: {
    description: "Does nothing.",
    parameters: { type: "object", properties: { n: { type: "integer" } } },
  },
  handler: () => '{"ok": true}',
});

// The RPC itself: a tool that answers at once. The registry adds its own dispatch cost on top.
const trivialCall = () => Promise.resolve('{"ok": true}');
const registryCall: Parameters<typeof createCodeExecutor>[0]["callTool"] = (name, args, ctx) =>
  registry.dispatch(name, args, { signal: ctx.signal });

function executor(
  pythonExecutable: string | undefined,
  maxToolCalls = 50,
  callTool = registryCall,
): CodeExecutor {
  return createCodeExecutor({
    callTool,
    toolParameters: (tool) => registry.getSchema(tool)?.parameters,
    allowedTools: ["noop"],
    settings: { max_tool_calls: maxToolCalls, mode: "strict" },
    approveScript: () => Promise.resolve({ approved: true, message: null }),
    spillDirectory: null,
    ...(pythonExecutable === undefined ? {} : { pythonExecutable }),
  });
}

const SAMPLES = 25;
const CALLS = 400;

const PYTHON_ROUND_TRIPS = `import json, time
from hermes_tools import noop
noop()
samples = []
for _ in range(${SAMPLES}):
    start = time.perf_counter()
    for _ in range(${CALLS}):
        noop(n=1)
    samples.append((time.perf_counter() - start) / ${CALLS} * 1e6)
print(json.dumps(samples))`;

const JS_ROUND_TRIPS = `import { noop } from "hermes_tools";
await noop();
const samples = [];
for (let s = 0; s < ${SAMPLES}; s++) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < ${CALLS}; i++) await noop({ n: 1 });
  samples.push(Number(process.hrtime.bigint() - start) / 1000 / ${CALLS});
}
console.log(JSON.stringify(samples));`;

async function reportRoundTrips(
  name: string,
  language: "python" | "javascript",
  code: string,
  python: string,
  callTool: typeof registryCall,
  budgetUs: number | undefined,
): Promise<void> {
  const run = executor(python, SAMPLES * CALLS + 10, callTool);
  const result = (await run.run({ code, language })) as ExecuteCodeResult;
  await run.close();
  if (result.status !== "success") throw new Error(`${name} failed: ${JSON.stringify(result)}`);
  const samples = (JSON.parse(result.output) as number[]).sort((a, b) => a - b);
  const median = samples[samples.length >> 1] ?? 0;
  reportResult({
    suite: "execute_code",
    name,
    medianUs: median,
    minUs: samples[0] ?? 0,
    maxUs: samples[samples.length - 1] ?? 0,
    samples: samples.length,
    opsPerSample: CALLS,
    ...(budgetUs === undefined ? {} : { budgetUs, withinBudget: median <= budgetUs }),
  });
}

const python = benchPython();
const filter = process.env.HERMES_BENCH_FILTER;
const cases: [string, "python" | "javascript", string, typeof registryCall, number | undefined][] =
  [
    ["tool call round trip from Python", "python", PYTHON_ROUND_TRIPS, trivialCall, 60],
    ["tool call round trip from JavaScript", "javascript", JS_ROUND_TRIPS, trivialCall, 60],
    [
      "tool call round trip from Python through ToolRegistry.dispatch",
      "python",
      PYTHON_ROUND_TRIPS,
      registryCall,
      undefined,
    ],
    [
      "tool call round trip from JavaScript through ToolRegistry.dispatch",
      "javascript",
      JS_ROUND_TRIPS,
      registryCall,
      undefined,
    ],
  ];
for (const [name, language, code, callTool, budget] of cases) {
  if (filter !== undefined && filter !== "" && !`execute_code ${name}`.includes(filter)) continue;
  await reportRoundTrips(name, language, code, python, callTool, budget);
}

const noCall = executor(python);
const defaultPython = executor(undefined);
await runSuite("execute_code", [
  {
    name: `Python script without tool calls, start to result (${python})`,
    budgetUs: 40_000,
    samples: 25,
    warmup: 3,
    sampleTimeMs: 1,
    setup: () => () => noCall.run({ code: "print('done')" }),
  },
  {
    name: "JavaScript script without tool calls, start to result",
    budgetUs: 100_000,
    samples: 25,
    warmup: 3,
    sampleTimeMs: 1,
    setup: () => () => noCall.run({ code: "console.log('done')", language: "javascript" }),
  },
  {
    name: "Python script without tool calls, first python3 on PATH",
    samples: 11,
    warmup: 2,
    sampleTimeMs: 1,
    setup: () => () => defaultPython.run({ code: "print('done')" }),
  },
]);
await noCall.close();
await defaultPython.close();

import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
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

// Baselines measured in the same run, so the figures above can be read against this machine's
// load: a bare Unix-socket JSON round trip (a minimal server, no token, no allowlist), and bare
// interpreter starts.
const scratch = mkdtempSync(path.join(os.tmpdir(), "hermes-ec-bench-"));
const socketPath = path.join(scratch, "bare.sock");
const bare = createServer((socket) => {
  socket.setEncoding("utf8");
  let buffered = "";
  socket.on("data", (chunk: string) => {
    buffered += chunk;
    let end;
    while ((end = buffered.indexOf("\n")) >= 0) {
      JSON.parse(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
      socket.write(`${JSON.stringify('{"ok": true}')}\n`);
    }
  });
});
await new Promise<void>((resolve) => bare.listen(socketPath, resolve));
const client = path.join(scratch, "client.py");
writeFileSync(
  client,
  `import json, socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.connect(sys.argv[1])
def call():
    s.sendall((json.dumps({"tool": "noop", "args": {"n": 1}}) + "\\n").encode())
    buf = b""
    while not buf.endswith(b"\\n"):
        buf += s.recv(65536)
    return json.loads(json.loads(buf))
call()
samples = []
for _ in range(${SAMPLES}):
    start = time.perf_counter()
    for _ in range(${CALLS}):
        call()
    samples.append((time.perf_counter() - start) / ${CALLS} * 1e6)
print(json.dumps(samples))
`,
);
const bareSamples = await new Promise<number[]>((resolve, reject) => {
  execFile(python, [client, socketPath], (error, stdout) => {
    if (error !== null) reject(error);
    else resolve((JSON.parse(stdout) as number[]).sort((a, b) => a - b));
  });
});
reportResult({
  suite: "execute_code baseline",
  name: "bare Unix-socket JSON round trip from Python",
  medianUs: bareSamples[bareSamples.length >> 1] ?? 0,
  minUs: bareSamples[0] ?? 0,
  maxUs: bareSamples[bareSamples.length - 1] ?? 0,
  samples: bareSamples.length,
  opsPerSample: CALLS,
});
bare.close();
const start = (command: string, args: string[]) => () =>
  new Promise<void>((resolve) => {
    execFile(command, args, { env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } }, () =>
      resolve(),
    );
  });
writeFileSync(path.join(scratch, "done.mjs"), "console.log('done')\n");
await runSuite("execute_code baseline", [
  {
    name: "bare python3 start to exit",
    samples: 25,
    warmup: 3,
    sampleTimeMs: 1,
    setup: () => start(python, ["-c", "print('done')"]),
  },
  {
    name: "bare node start to exit",
    samples: 25,
    warmup: 3,
    sampleTimeMs: 1,
    setup: () => start(process.execPath, [path.join(scratch, "done.mjs")]),
  },
]);
rmSync(scratch, { recursive: true, force: true });

// Child of warm-up.bench.ts: in a fresh process, load the built detector and time the first
// commands it classifies against the same commands once warm. Prints JSON (microseconds).
// Usage: node warm-up-child.mjs <corpus.jsonl> <first-n>
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const [corpusPath, countText] = process.argv.slice(2);
const count = Number(countText ?? "1000");
const corpus = readFileSync(corpusPath, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line).command);
const commands = Array.from({ length: count }, (_, i) => corpus[i % corpus.length]);

const { detectDangerousCommand, initializeDetector } = await import("../dist/index.js");
await initializeDetector();

function timeAll() {
  const start = performance.now();
  for (const command of commands) detectDangerousCommand(command);
  return ((performance.now() - start) * 1000) / commands.length;
}

const firstUs = timeAll();
// The second pass over the same commands: every function compiled and every regex built once,
// but V8 still runs most code in its unoptimised tiers. The floor that start-up work can reach.
const secondUs = timeAll();
for (let round = 0; round < 19; round++) timeAll();
const warm = Array.from({ length: 9 }, timeAll).sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ firstUs, secondUs, warmUs: warm[warm.length >> 1] }));

import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { reportResult, runSuite } from "@hermes-agent/bench";
import { detectDangerousCommand, initializeDetector } from "../src/detection/index.js";

const SUITE = "approval-detection";
const corpusPath = fileURLToPath(new URL("../corpus/commands.jsonl", import.meta.url));
const commands: string[] = readFileSync(corpusPath, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => (JSON.parse(line) as { command: string }).command);

// ~100 KB of ordinary shell: many short commands joined by `&&` and newlines.
const line =
  'cd packages/app && npm run build -- --mode production && echo "built $(date)" >> build.log\n';
const largeCommand = line.repeat(Math.ceil(102_400 / line.length));

await initializeDetector();

/**
 * The budget is a median *per command*: time every corpus command on its own (mean of
 * a few runs after warm-up), then take the median across commands.
 */
function perCommandMedian(rounds: number): { median: number; min: number; max: number } {
  for (const command of commands) detectDangerousCommand(command);
  const times = commands.map((command) => {
    const start = performance.now();
    for (let i = 0; i < rounds; i++) detectDangerousCommand(command);
    return ((performance.now() - start) * 1000) / rounds;
  });
  times.sort((a, b) => a - b);
  return {
    median: times[times.length >> 1] ?? 0,
    min: times[0] ?? 0,
    max: times[times.length - 1] ?? 0,
  };
}

const perCommand = perCommandMedian(30);
reportResult({
  suite: SUITE,
  name: `per-command median over the corpus (${commands.length} commands)`,
  medianUs: perCommand.median,
  minUs: perCommand.min,
  maxUs: perCommand.max,
  samples: commands.length,
  opsPerSample: 30,
  budgetUs: 50,
  withinBudget: perCommand.median <= 50,
});

await runSuite(SUITE, [
  {
    name: "corpus throughput (mean per command, cycling through the corpus)",
    setup: () => {
      let index = 0;
      return () => {
        detectDangerousCommand(commands[index % commands.length] ?? "");
        index++;
      };
    },
  },
  {
    name: "100 KB command",
    budgetUs: 50_000,
    setup: () => () => {
      detectDangerousCommand(largeCommand);
    },
  },
]);

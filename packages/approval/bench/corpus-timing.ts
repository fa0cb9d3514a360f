import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

/** The commands of the repository's approval corpus (corpus/commands.jsonl), in file order. */
export function corpusCommands(): string[] {
  const corpusPath = fileURLToPath(new URL("../corpus/commands.jsonl", import.meta.url));
  return readFileSync(corpusPath, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => (JSON.parse(line) as { command: string }).command);
}

/**
 * The budget is a median *per command*: time `work` on every command on its own (mean
 * of `rounds` runs after one warm-up pass), then take the median across commands.
 */
export function perCommandMedian(
  commands: readonly string[],
  work: (command: string) => unknown,
  rounds: number,
): { median: number; min: number; max: number } {
  for (const command of commands) work(command);
  const times = commands.map((command) => {
    const start = performance.now();
    for (let i = 0; i < rounds; i++) work(command);
    return ((performance.now() - start) * 1000) / rounds;
  });
  times.sort((a, b) => a - b);
  return {
    median: times[times.length >> 1] ?? 0,
    min: times[0] ?? 0,
    max: times[times.length - 1] ?? 0,
  };
}

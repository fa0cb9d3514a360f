/**
 * Recall and benign-flag rate on the HELD-OUT corpus (bench/held-out-corpus.json). The corpus is
 * a measurement set only: no test or rule is tuned against it. Run with
 * `npx tsx bench/held-out.measure.ts` (add `--misses` to list what was missed or flagged).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { detectDangerousCommand, initializeDetector } from "../src/detection/index.js";

interface HeldOutCorpus {
  readonly dangerous: readonly string[];
  readonly benign: readonly string[];
}

const corpusPath = fileURLToPath(new URL("./held-out-corpus.json", import.meta.url));
const corpus = JSON.parse(readFileSync(corpusPath, "utf8")) as HeldOutCorpus;
await initializeDetector();

const missed = corpus.dangerous.filter((command) => detectDangerousCommand(command) === null);
const flagged = corpus.benign
  .map((command) => ({ command, match: detectDangerousCommand(command) }))
  .filter((entry) => entry.match !== null);

const recall = 1 - missed.length / corpus.dangerous.length;
const benignRate = flagged.length / corpus.benign.length;
console.log(
  JSON.stringify({
    dangerous: corpus.dangerous.length,
    benign: corpus.benign.length,
    recall: Number((recall * 100).toFixed(1)),
    benignFlagged: Number((benignRate * 100).toFixed(1)),
  }),
);
if (process.argv.includes("--misses")) {
  for (const command of missed) console.log(`MISSED  ${JSON.stringify(command)}`);
  for (const { command, match } of flagged)
    console.log(`FLAGGED ${JSON.stringify(command)} -> ${match?.patternKey ?? ""}`);
}

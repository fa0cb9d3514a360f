// Detection warm-up: the first commands of a fresh process against the same commands once warm
// (JIT and WASM start-up). Run from the repo root: `pnpm bench approval`.
import { fileURLToPath } from "node:url";
import {
  buildProject,
  reportSamples,
  runFreshProcess,
  suiteFilteredOut,
} from "@hermes-agent/bench";

const SUITE = "approval detection warm-up (fresh process)";
const FIRST = 1000;
const RUNS = 7;

if (!suiteFilteredOut(SUITE)) {
  buildProject("@hermes-agent/approval");
  const child = fileURLToPath(new URL("warm-up-child.mjs", import.meta.url));
  const corpus = fileURLToPath(new URL("../corpus/commands.jsonl", import.meta.url));
  const runs = Array.from({ length: RUNS }, () =>
    runFreshProcess<{ firstUs: number; secondUs: number; warmUs: number }>(child, [
      corpus,
      String(FIRST),
    ]),
  );
  reportSamples({
    suite: SUITE,
    name: `first ${FIRST} commands ÷ the same commands warm (mean per command)`,
    unit: "x",
    values: runs.map((run) => run.firstUs / run.warmUs),
    budget: 3,
  });
  reportSamples({
    suite: SUITE,
    name: `second pass over the same ${FIRST} commands ÷ warm (V8's unoptimised tiers; context)`,
    unit: "x",
    values: runs.map((run) => run.secondUs / run.warmUs),
  });
  reportSamples({
    suite: SUITE,
    name: `first ${FIRST} commands, mean per command`,
    unit: "µs",
    values: runs.map((run) => run.firstUs),
  });
  reportSamples({
    suite: SUITE,
    name: `the same ${FIRST} commands warm, mean per command`,
    unit: "µs",
    values: runs.map((run) => run.warmUs),
  });
}

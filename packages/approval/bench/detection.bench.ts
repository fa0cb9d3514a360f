import { reportResult, runSuite } from "@hermes-agent/bench";
import { corpusCommands, perCommandMedian } from "./corpus-timing.js";
import { detectDangerousCommand, initializeDetector } from "../src/detection/index.js";

const SUITE = "approval-detection";
const commands = corpusCommands();

// ~100 KB of ordinary shell: many short commands joined by `&&` and newlines.
const line =
  'cd packages/app && npm run build -- --mode production && echo "built $(date)" >> build.log\n';
const largeCommand = line.repeat(Math.ceil(102_400 / line.length));

await initializeDetector();

const perCommand = perCommandMedian(commands, detectDangerousCommand, 30);
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

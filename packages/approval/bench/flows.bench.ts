// What the approval flows add on top of detection for each command: the trace of what the line
// runs (directories, writes, payloads), its target classes, the root-targeting floor, a deny
// list, and the redacted text shown for review.
import { reportResult, runSuite } from "@hermes-agent/bench";
import { corpusCommands, perCommandMedian } from "./corpus-timing.js";
import { analyseCommandLine, initializeDetector } from "../src/detection/index.js";
import { traceCommandLine } from "../src/flows/command-trace.js";
import { denyVerdict } from "../src/flows/deny-rules.js";
import { redactForReview } from "../src/flows/review-redaction.js";
import { rootTargetingRule } from "../src/flows/root-targets.js";
import { targetClassesOf } from "../src/flows/target-class.js";
import type { ApprovalCommandContext } from "../src/flows/types.js";

const SUITE = "approval-flows";
const commands = corpusCommands();

const context: ApprovalCommandContext = {
  cwd: "/home/dev/project",
  home: "/home/dev",
  workspace: "/home/dev/project",
  aliases: { ll: "ls -l", gs: "git status" },
  functions: { build: "{ npm run build; }" },
};
const DENY = ["sudo *", "rm -rf *", "terraform destroy*"];

/** Everything the flows do for one command besides detection itself. */
function flowWork(command: string): void {
  const trace = traceCommandLine(command, context);
  targetClassesOf(trace, context);
  rootTargetingRule(trace, context);
  denyVerdict(DENY, command, trace, () => analyseCommandLine(command, { context }));
  redactForReview(command);
}

await initializeDetector();

const perCommand = perCommandMedian(commands, flowWork, 20);
reportResult({
  suite: SUITE,
  name: `trace + target classes + root floor + deny list + review text, per-command median (${commands.length} commands)`,
  medianUs: perCommand.median,
  minUs: perCommand.min,
  maxUs: perCommand.max,
  samples: commands.length,
  opsPerSample: 20,
});

// The largest input the analysis accepts: 64 KiB of ordinary commands.
const line = 'cd packages/app && npm run build -- --mode production && echo "built" >> build.log\n';
const largeCommand = line.repeat(Math.floor(65_000 / line.length));

await runSuite(SUITE, [
  {
    name: "64 KB command through the flows' analysis (with a deny list)",
    setup: () => () => {
      flowWork(largeCommand);
    },
  },
  {
    name: "1 MB command (refused by the budget at once)",
    budgetUs: 100_000,
    setup: () => {
      const huge = "{ ".repeat(500_000);
      return () => {
        flowWork(huge);
      };
    },
  },
]);

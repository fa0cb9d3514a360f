import { reportResult, runSuite } from "@hermes-agent/bench";
import { corpusCommands, perCommandMedian } from "./corpus-timing.js";
import { detectDangerousCommand, initializeDetector } from "../src/detection/index.js";

const SUITE = "approval-detection";
const commands = corpusCommands();

// ~100 KB of ordinary shell: many short commands joined by `&&` and newlines.
const line =
  'cd packages/app && npm run build -- --mode production && echo "built $(date)" >> build.log\n';
const largeCommand = line.repeat(Math.ceil(102_400 / line.length));

// Alias bombs: each alias calls the one below it 12 times (the audit's 238-byte line), one with
// chained `&&` lists, and a function-based variant; each must be decided within 100 ms.
function aliasBomb(levels: number, fanOut: number, join: string): string {
  const lines = ["alias a0=:"];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `alias a${i}='${Array<string>(fanOut)
        .fill(`a${i - 1}`)
        .join(join)}'`,
    );
  return `${lines.join("\n")}\na${levels}`;
}
const bombs = [
  { name: "alias bomb (5 levels x 12, the audit's 238 bytes)", text: aliasBomb(5, 12, ";") },
  { name: "alias bomb (7 levels x 20, && lists)", text: aliasBomb(7, 20, " && ") },
  {
    name: "function bomb (5 levels x 12)",
    text: aliasBomb(5, 12, ";").replace(/alias (a\d+)='([^']*)'/g, "$1() { $2; }"),
  },
];

// Variable doubling and many copies of a long value (static expansion under the size budget):
// each must be decided within 100 ms, refused as too large rather than built out.
const longValue = "a".repeat(30_000);
const expansionBombs = [
  { name: "variable doubling x60", text: `x=ab; ${"x=$x$x; ".repeat(60)}echo $x` },
  { name: "quoted doubling x30", text: `a=x; ${'a="$a;$a"; '.repeat(30)}echo $a` },
  {
    name: "array doubling x40",
    text: `a=(ab ab); ${'a=("${a[@]}" "${a[@]}"); '.repeat(40)}echo x`,
  },
  { name: "15 000 copies of a 30 KB value", text: `x=${longValue}; y=${"$x".repeat(15_000)}` },
  {
    name: "eval of 10 000 copies of a 30 KB value",
    text: `x=${longValue}; eval ${"$x ".repeat(10_000)}`,
  },
  { name: "1 MB of variable doubling", text: `x=ab; ${"x=$x$x; ".repeat(131_072)}` },
];

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
  ...[...bombs, ...expansionBombs].map((bomb) => ({
    name: bomb.name,
    budgetUs: 100_000,
    setup: () => () => {
      detectDangerousCommand(bomb.text);
    },
  })),
  {
    name: "100 KB command",
    budgetUs: 50_000,
    setup: () => () => {
      detectDangerousCommand(largeCommand);
    },
  },
]);

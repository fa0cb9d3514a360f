import { readFileSync } from "node:fs";
import { detectDangerousCommand, initializeDetector } from "./src/detection/index.js";
await initializeDetector();
for (const line of readFileSync("corpus/commands.jsonl", "utf8").split("\n").filter(Boolean)) {
  const e = JSON.parse(line);
  const m = detectDangerousCommand(e.command);
  const v = m === null ? "safe" : m.hardline ? "hardline" : "dangerous";
  if (v !== e.expected) console.log(`${e.expected.padEnd(9)} got ${v.padEnd(9)} ${m?.patternKey ?? ""} :: ${JSON.stringify(e.command)}`);
}

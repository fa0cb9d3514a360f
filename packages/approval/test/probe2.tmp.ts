import { readFileSync } from "node:fs";
import { detectDangerousCommand, initializeDetector } from "../src/detection/index.js";
await initializeDetector();
const lines = readFileSync(process.argv[2]!, "utf8").split("\n").filter((l) => l.trim());
const out: string[] = [];
let bad = 0;
for (const l of lines) {
  const [exp, cat, ...rest] = l.split("|");
  const cmd = rest.join("|");
  const m = detectDangerousCommand(cmd);
  const got = m ? (m.hardline ? "H" : "D") : "S";
  if (got !== exp) { bad++; console.log(`XX ${exp}->${got} ${m?.patternKey ?? ""}\t${cmd}`); }
  const expected = exp === "H" ? "hardline" : exp === "D" ? "dangerous" : "safe";
  out.push(JSON.stringify({ command: cmd, expected, category: cat }).replace(/","/g, '", "').replace(/":"/g, '": "'));
}
console.log("bad", bad, "of", lines.length);
if (process.argv[3]) (await import("node:fs")).writeFileSync(process.argv[3], out.join("\n") + "\n");

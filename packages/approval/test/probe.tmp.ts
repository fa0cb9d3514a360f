import { readFileSync } from "node:fs";
import { detectDangerousCommand, initializeDetector } from "../src/detection/index.js";
await initializeDetector();
const lines = readFileSync(process.argv[2]!, "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"));
for (const l of lines) {
  const [exp, cmd] = [l.slice(0, 1), l.slice(2)];
  const m = detectDangerousCommand(cmd);
  const got = m ? (m.hardline ? "H" : "D") : "S";
  const ok = exp === "?" || (exp === "S" ? got === "S" : got !== "S");
  console.log(`${ok ? "  " : "XX"} ${exp}->${got} ${m?.patternKey ?? ""}\t${cmd}`);
}

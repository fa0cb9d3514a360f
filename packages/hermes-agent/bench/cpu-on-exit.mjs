// Preloaded with `--import` by cli-tools.bench.ts: when the process exits, write the CPU time it
// used (user + system, milliseconds) to the file named by HERMES_BENCH_CPU_FILE.
import { writeFileSync } from "node:fs";

const file = process.env["HERMES_BENCH_CPU_FILE"];
if (file !== undefined && file !== "") {
  process.on("exit", () => {
    const cpu = process.cpuUsage();
    writeFileSync(file, String((cpu.user + cpu.system) / 1000));
  });
}

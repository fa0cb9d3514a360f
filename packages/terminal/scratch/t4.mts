import { launchPiped } from "../src/raw-process.ts";
import { SHELL_WRAPPER } from "../src/shell-wrapper.ts";
import { mkdtempSync } from "node:fs";
const d = mkdtempSync("/tmp/x-");
for (const w of [SHELL_WRAPPER, 'eval "$4"', 'builtin trap "echo" EXIT; eval "$4"', 'exec 2>&1; eval "$4"']) {
const t = performance.now();
const p = await launchPiped({ file: "/usr/bin/bash", args: ["-c", w, "h", d, "r1", "/tmp", "cat", "1", ""], cwd: "/tmp", env: { PATH: process.env.PATH! } }, { stdin: true });
p.onData(() => {});
p.write("x\n"); p.closeStdin();
await p.exited; const a = performance.now() - t; await p.outputClosed;
console.log(JSON.stringify(w.slice(0, 30)), a.toFixed(1), (performance.now() - t).toFixed(1));
}

import { launchPiped } from "../src/raw-process.ts";
for (const [cmd, stdin] of [["cat", true], ["cat", false], ["true", true], ["read x; echo $x", true], ["cat", true]] as const) {
const t = performance.now();
const p = await launchPiped({ file: "/usr/bin/bash", args: ["-c", cmd], cwd: "/tmp", env: { PATH: process.env.PATH!, SHLVL: "1" } }, { stdin });
let got = "";
p.onData((c) => { got += c; });
if (stdin) { p.write("x\n"); p.closeStdin(); }
await p.exited; 
console.log(cmd, stdin, (performance.now() - t).toFixed(1), JSON.stringify(got));
}

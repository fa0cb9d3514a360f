import { spawn } from "node:child_process";
for (let i = 0; i < 3; i++) {
const t = performance.now();
const c = spawn("bash", ["-c", "cat"], { detached: true, stdio: ["pipe", "pipe", "pipe"] });
c.stdout.on("data", () => {});
c.on("exit", () => console.log("exit", (performance.now() - t).toFixed(1)));
c.stdout.on("close", () => console.log("stdout close", (performance.now() - t).toFixed(1)));
c.stdin.write("x\n"); c.stdin.end();
await new Promise(r => c.on("close", r));
}

import { createLocalEnvironment } from "../src/index.ts";
const env = await createLocalEnvironment({});
for (const [c, o] of [["true", {}], ["cat", { stdin: "x\n" }], ["cat", {}], ["cat", {}], ["true", {}]] as const) {
  const t = performance.now(); await env.execute(c, o); console.log(c, JSON.stringify(o), (performance.now() - t).toFixed(2));
}
const t = performance.now(); for (let i = 0; i < 100; i++) await env.execute("true"); console.log("avg true", ((performance.now() - t) / 100).toFixed(2));
await env.cleanup();

import { performance } from "node:perf_hooks";
const defs = Array.from({ length: 52 }, (_, i) => Object.freeze({ type: "function" as const, function: Object.freeze({ name: `t${i}`, description: "d", parameters: Object.freeze({ type: "object" }) }) }));
function bench(label: string, fn: () => unknown) {
  for (let i = 0; i < 1e5; i++) fn();
  const n = 1e6; const t = performance.now();
  for (let i = 0; i < n; i++) fn();
  console.log(label, ((performance.now() - t) * 1000 / n).toFixed(3), "µs");
}
bench("spread", () => { const c = new Array(defs.length); for (let i = 0; i < defs.length; i++) c[i] = { type: "function", function: { ...defs[i]!.function } }; return c; });
bench("explicit", () => { const c = new Array(defs.length); for (let i = 0; i < defs.length; i++) { const f = defs[i]!.function; c[i] = { type: "function", function: { name: f.name, description: f.description, parameters: f.parameters } }; } return c; });
bench("map explicit", () => defs.map((d) => { const f = d.function; return { type: "function", function: { name: f.name, description: f.description, parameters: f.parameters } }; }));
bench("assign", () => { const c = new Array(defs.length); for (let i = 0; i < defs.length; i++) c[i] = { type: "function", function: Object.assign({}, defs[i]!.function) }; return c; });
bench("now", () => performance.now());
const a = ["hermes-cli"];
bench("key", () => [1, 0, 0, "1700000000:2048", a.join("\u0000"), ""].join("\u0001"));
bench("key tmpl", () => `1\u00010\u00010\u0001${"1700000000:2048"}\u0001${a.join("\u0000")}\u0001`);

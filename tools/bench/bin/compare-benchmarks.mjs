#!/usr/bin/env node
// Compare two bench-results files: node tools/bench/bin/compare-benchmarks.mjs <before.json> <after.json>
import { readFileSync } from "node:fs";

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error("usage: compare-benchmarks.mjs <before.json> <after.json>");
  process.exit(2);
}
const load = (file) => {
  const report = JSON.parse(readFileSync(file, "utf8"));
  return new Map(report.results.map((r) => [`${r.suite} › ${r.name}`, r]));
};
const before = load(beforeFile);
const after = load(afterFile);
const rows = [];
for (const [key, next] of after) {
  const prev = before.get(key);
  rows.push({
    case: key,
    beforeUs: prev?.medianUs ?? null,
    afterUs: next.medianUs,
    change: prev
      ? `${(((next.medianUs - prev.medianUs) / prev.medianUs) * 100).toFixed(1)}%`
      : "new",
  });
}
console.log(JSON.stringify(rows, null, 2));

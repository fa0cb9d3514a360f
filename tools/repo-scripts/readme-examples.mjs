// The TypeScript and JavaScript examples of a README, with how each one is checked.

const FENCE = /^```(ts|typescript|js|javascript|mjs)\s*$/;
const TYPE_ONLY = /^>\s*\*\*Type-checked, not run:\*\*\s*(.+)$/;
const NOT_CHECKED = /^>\s*\*\*Not checked:\*\*\s*(.+)$/;

/**
 * Code blocks fenced as ts/typescript/js/javascript/mjs. Each has `mode`: `run` (type-check and
 * run), `typecheck` or `skip`, from a marker on the last non-blank line before the fence, and
 * the marker's `reason`.
 */
export function extractExamples(markdown, readme) {
  const lines = markdown.split("\n");
  const examples = [];
  const slug = readme.replace(/\/?README\.md$/, "").replace(/[^A-Za-z0-9]+/g, "-") || "root";
  for (let i = 0; i < lines.length; i++) {
    const fence = FENCE.exec(lines[i] ?? "");
    if (fence === null) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end] ?? "")) end++;
    let before = i - 1;
    while (before >= 0 && (lines[before] ?? "").trim() === "") before--;
    const marker = lines[before] ?? "";
    const typeOnly = TYPE_ONLY.exec(marker);
    const notChecked = NOT_CHECKED.exec(marker);
    const javascript = fence[1] !== "ts" && fence[1] !== "typescript";
    examples.push({
      where: `${readme}:${i + 1}`,
      file: `${slug}-${examples.length + 1}.${javascript ? "mjs" : "ts"}`,
      code: lines.slice(start, end).join("\n"),
      mode: notChecked ? "skip" : typeOnly ? "typecheck" : "run",
      reason: (notChecked ?? typeOnly)?.[1]?.trim(),
    });
    i = end;
  }
  return examples;
}

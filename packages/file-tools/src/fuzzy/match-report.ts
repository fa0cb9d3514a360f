import { similarityRatio } from "./similarity.js";
import type { Span } from "./text-lines.js";

/** "  L<line>: <snippet>" rows for the first `cap` matches, then "... and N more". */
export function formatMatchLocations(content: string, spans: readonly Span[], cap = 5): string {
  const rows: string[] = [];
  for (const { start } of spans.slice(0, cap)) {
    let line = 1;
    for (let i = content.indexOf("\n"); i !== -1 && i < start; i = content.indexOf("\n", i + 1)) {
      line++;
    }
    const lineStart = content.lastIndexOf("\n", start - 1) + 1;
    const newline = content.indexOf("\n", lineStart);
    let snippet = content.slice(lineStart, newline === -1 ? content.length : newline).trim();
    if (snippet.length > 80) snippet = `${snippet.slice(0, 77)}...`;
    rows.push(`  L${line}: ${snippet}`);
  }
  if (spans.length > cap) rows.push(`  ... and ${spans.length - cap} more`);
  return rows.join("\n");
}

function showLeadingWhitespace(line: string): string {
  let i = 0;
  let prefix = "";
  while (i < line.length && (line[i] === " " || line[i] === "\t")) {
    prefix += line[i] === "\t" ? "→" : "·";
    i++;
  }
  return prefix + line.slice(i);
}

/**
 * The file sections most like old_string's first non-blank line, numbered "   N| text",
 * for a "did you mean" hint; "" when nothing is similar.
 */
export function closestSections(oldString: string, content: string, contextLines = 2): string {
  if (oldString === "" || content === "") return "";
  const oldLines = oldString.split(/\r?\n/);
  const lines = content.split(/\r?\n/);
  const anchor = oldLines.map((line) => line.trim()).find((line) => line !== "");
  if (anchor === undefined) return "";
  const scored: { ratio: number; index: number }[] = [];
  lines.forEach((line, index) => {
    const stripped = line.trim();
    if (stripped === "") return;
    const ratio = similarityRatio(anchor, stripped);
    if (ratio > 0.3) scored.push({ ratio, index });
  });
  if (scored.length === 0) return "";
  scored.sort((a, b) => b.ratio - a.ratio);
  const top = scored.slice(0, 3);
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const { index } of top) {
    const start = Math.max(0, index - contextLines);
    const end = Math.min(lines.length, index + oldLines.length + contextLines);
    const key = `${start}:${end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const rows: string[] = [];
    for (let i = start; i < end; i++) rows.push(`${String(i + 1).padStart(4)}| ${lines[i] ?? ""}`);
    parts.push(rows.join("\n"));
  }
  let result = parts.join("\n---\n");
  const best = lines[top[0]?.index ?? 0] ?? "";
  const sentFirst = oldLines[0] ?? "";
  if (best.trim() === anchor && best !== sentFirst) {
    result +=
      "\n\nWhitespace difference detected (→ = tab, · = space):\n" +
      `  file has: ${showLeadingWhitespace(best)}\n` +
      `  you sent: ${showLeadingWhitespace(sentFirst)}\n` +
      "Use the exact whitespace shown in 'file has'.";
  }
  return result;
}

/** The "did you mean" suffix for a plain no-match error; "" for any other error. */
export function noMatchHint(error: string, oldString: string, content: string): string {
  if (!error.startsWith("Could not find")) return "";
  const sections = closestSections(oldString, content);
  return sections === "" ? "" : `\n\nDid you mean one of these sections?\n${sections}`;
}

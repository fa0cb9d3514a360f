/** Lines of a text; a final newline does not start another line, "\r" of CRLF is dropped. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (line.endsWith("\r")) lines[i] = line.slice(0, -1);
  }
  return lines;
}

/** Lines [offset, offset + limit) as `N|text`, each cut at `maxLineLength` characters. */
export function numberedPage(
  lines: readonly string[],
  offset: number,
  limit: number,
  maxLineLength: number,
): string {
  const end = Math.min(lines.length, offset - 1 + limit);
  const out: string[] = [];
  for (let i = offset - 1; i < end; i++) {
    const line = lines[i] ?? "";
    out.push(
      `${i + 1}|${line.length <= maxLineLength ? line : `${line.slice(0, maxLineLength)}... [truncated]`}`,
    );
  }
  return out.join("\n");
}

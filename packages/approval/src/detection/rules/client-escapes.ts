/**
 * Shell command lines that SQL clients run from their own input: psql/mysql `\! CMD` (and
 * mysql `system CMD`), psql `\o |CMD` / `\g |CMD` / `\w |CMD`, `COPY ... PROGRAM 'CMD'`, and
 * sqlite3/duckdb `.shell CMD`, `.system CMD`, `.output |CMD`, `.once |CMD`.
 */
export function clientShellEscapes(client: string, texts: readonly string[]): string[] {
  const out: string[] = [];
  const sqlite = client === "sqlite3" || client === "duckdb";
  for (const text of texts) {
    for (const raw of text.split(/\n|(?<=^|\s)\\\\(?=\s)/)) {
      const line = raw.trim();
      if (sqlite) {
        const dot = /^\.(?:shell|system)\s+([\s\S]*)$/.exec(line);
        const pipe = /^\.(?:output|once)\s+['"]?\|([^'"]*)/.exec(line);
        if (dot || pipe)
          out.push((dot?.[1] ?? pipe?.[1] ?? "").trim().replace(/^(["'])([\s\S]*)\1$/, "$2"));
        continue;
      }
      const bang = /(?:^|;)\s*\\!\s*([\s\S]*)$/.exec(line);
      if (bang) out.push(bang[1] ?? "");
      const system = /^system\s+([\s\S]*)$/i.exec(line);
      if (system && client !== "psql") out.push(system[1] ?? "");
      const piped = /(?:^|;)\s*\\[ogw]\s*\|([\s\S]*)$/.exec(line);
      if (piped) out.push(piped[1] ?? "");
    }
    for (const match of text.matchAll(
      /\bprogram\s+(?:'((?:[^']|'')*)'|\$(\w*)\$([\s\S]*?)\$\2\$)/gi,
    ))
      out.push((match[1] ?? match[3] ?? "").replace(/''/g, "'"));
  }
  return out;
}

// A session or line that sets IFS to other characters (`export IFS=%`, `IFS=_;`) splits every
// unquoted expansion at them: `x=rm%-rf%/etc; $x` runs `rm -rf /etc`. The analyser splits with
// the default IFS, so such expansions are first judged as unknown (asked about); to see the
// hard-line commands they may hide, the line is also read with each such character spelled as
// a blank kept in its word, which the analyser splits where bash would split at the character
// (`x=rm" "-rf" "/etc; $x`).
import type { CommandContext } from "./command-context.js";

const DEFAULT_SEPARATORS = new Set([" ", "\t", "\n"]);
// Characters bash gives their own meaning before field splitting: not replaced.
const SHELL_SYNTAX = new Set(["'", '"', "\\", "$", "`", "=", ";", "&", "|", "(", ")", "<", ">"]);
const LINE_SETTING =
  /(?:^|[\s;&|(])(?:export\s+|declare\s+-x\s+|local\s+)?IFS=("[^"]*"|'[^']*'|[^\s;&|)]*)/g;

/** The field separators other than blanks the session or the line may set. */
export function customSeparators(text: string, context: CommandContext | undefined): string[] {
  const values: string[] = [];
  const session = context?.environment?.IFS;
  if (typeof session === "string") values.push(session);
  if (text.includes("IFS="))
    for (const match of text.matchAll(LINE_SETTING)) {
      const raw = match[1] ?? "";
      values.push(/^["']/.test(raw) ? raw.slice(1, -1) : raw);
    }
  const found = new Set<string>();
  for (const value of values)
    for (const ch of value) if (!DEFAULT_SEPARATORS.has(ch) && !SHELL_SYNTAX.has(ch)) found.add(ch);
  return [...found];
}

/**
 * The line with every separator character spelled as a blank the analyser keeps in the word
 * (a quoted `" "` outside quotes, a plain blank inside them).
 */
export function spelledWithSeparators(text: string, separators: readonly string[]): string {
  // The line's own IFS settings are dropped, so that its expansions are known again.
  const source = text.replace(/\bIFS=/g, "__hermes_ifs=");
  const replace = new Set(separators);
  let out = "";
  let quote = "";
  for (let i = 0; i < source.length; i++) {
    const ch = source.charAt(i);
    if (ch === "\\" && quote !== "'") {
      out += ch + source.charAt(i + 1);
      i++;
      continue;
    }
    if (quote === "" && (ch === "'" || ch === '"')) quote = ch;
    else if (ch === quote) quote = "";
    if (replace.has(ch)) out += quote === "" ? '" "' : " ";
    else out += ch;
  }
  return out;
}

/** The context without the session's IFS (expansions known again, split at blanks). */
export function withoutSessionSeparators(
  context: CommandContext | undefined,
): CommandContext | undefined {
  const environment = context?.environment;
  if (context === undefined || environment === undefined || !("IFS" in environment)) return context;
  const rest = Object.fromEntries(Object.entries(environment).filter(([name]) => name !== "IFS"));
  return { ...context, environment: rest };
}

/** Quote `text` for bash as one word (Python's `shlex.quote`). */
export function shellQuote(text: string): string {
  if (text === "") return "''";
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", `'"'"'`)}'`;
}

/** One word for a POSIX shell: single-quoted, with embedded quotes spelled '\''. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_./=:,@%+-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

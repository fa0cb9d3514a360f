// CSI sequences, OSC strings (ended by BEL or ST), two-character escapes, and stray C1 CSI.
const ANSI_PATTERN =
  // eslint-disable-next-line no-control-regex
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[PX^_][^\u001b]*\u001b\\|\u001b[@-Z\\-_]|\u009b[0-?]*[ -/]*[@-~]/g;

/** Remove terminal escape sequences (colours, cursor moves, titles) from `text`. */
export function stripAnsi(text: string): string {
  return text.includes("\u001b") || text.includes("\u009b") ? text.replace(ANSI_PATTERN, "") : text;
}

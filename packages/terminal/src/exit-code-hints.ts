/** What a non-zero exit code means for common commands when it is not an error. */
const MEANINGS: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  grep: { 1: "No matches found (not an error)" },
  egrep: { 1: "No matches found (not an error)" },
  fgrep: { 1: "No matches found (not an error)" },
  rg: { 1: "No matches found (not an error)" },
  ag: { 1: "No matches found (not an error)" },
  ack: { 1: "No matches found (not an error)" },
  diff: { 1: "Files differ (expected, not an error)" },
  colordiff: { 1: "Files differ (expected, not an error)" },
  cmp: { 1: "Files differ (expected, not an error)" },
  find: { 1: "Some directories could not be read; results may be partial" },
  test: { 1: "Condition is false (expected, not an error)" },
  "[": { 1: "Condition is false (expected, not an error)" },
  "[[": { 1: "Condition is false (expected, not an error)" },
  curl: {
    6: "Could not resolve host",
    7: "Failed to connect to host",
    22: "HTTP error status returned (4xx/5xx)",
    28: "Operation timed out",
  },
  git: {
    1: "Non-zero status that is often normal (e.g. git diff with changes, nothing to commit)",
  },
};

const WRAPPERS = new Set(["sudo", "env", "time", "command", "nice", "timeout", "exec"]);

/** The program of the last simple command in `command` (what decides its exit code). */
function lastProgram(command: string): string | undefined {
  const segments = command.split(/&&|\|\||[;|\n]/);
  const words = (segments.at(-1) ?? "")
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "");
  for (const word of words) {
    if (
      /^[A-Za-z_][A-Za-z0-9_]*=/.test(word) ||
      WRAPPERS.has(word) ||
      word.startsWith("-") ||
      /^\d+$/.test(word)
    )
      continue;
    return word.slice(word.lastIndexOf("/") + 1);
  }
  return undefined;
}

/** Explain an exit code that is expected for the command (grep 1 = no matches, ...), else undefined. */
export function exitCodeMeaning(command: string, exitCode: number): string | undefined {
  if (exitCode === 0) return undefined;
  const program = lastProgram(command);
  return program === undefined ? undefined : MEANINGS[program]?.[exitCode];
}

import { lastCommand } from "@hermes-agent/shell";

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

/** Explain an exit code that is expected for the command (grep 1 = no matches, ...), else undefined. */
export function exitCodeMeaning(command: string, exitCode: number): string | undefined {
  if (exitCode === 0) return undefined;
  const runs = lastCommand(command)?.layers.at(-1)?.[0];
  const program = runs === undefined ? undefined : runs.slice(runs.lastIndexOf("/") + 1);
  return program === undefined ? undefined : MEANINGS[program]?.[exitCode];
}

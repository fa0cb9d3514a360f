import type { ApprovalChoice } from "./types.js";

const ALIASES: Readonly<Record<string, ApprovalChoice>> = {
  o: "once",
  once: "once",
  approve: "once",
  yes: "once",
  y: "once",
  s: "session",
  session: "session",
  a: "always",
  always: "always",
  d: "deny",
  deny: "deny",
  no: "deny",
  n: "deny",
};

/**
 * Read an approval answer from outside; unknown values are `deny`. Answers arrive from chat
 * messages and other processes: anything not clearly an approval denies. (Plain code rather than
 * a schema: every input is accepted, so a validator would only cost its load at start-up.)
 */
export function parseChoice(value: unknown): ApprovalChoice {
  if (typeof value !== "string") return "deny";
  const answer = value.trim().toLowerCase();
  // Own keys only: "constructor" or "toString" is no answer.
  return (Object.hasOwn(ALIASES, answer) ? ALIASES[answer] : undefined) ?? "deny";
}

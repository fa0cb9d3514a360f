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
 * messages and other processes: anything not clearly an approval denies.
 */
export function parseChoice(value: unknown): ApprovalChoice {
  if (typeof value !== "string") return "deny";
  const key = value.trim().toLowerCase();
  return Object.hasOwn(ALIASES, key) ? (ALIASES[key] as ApprovalChoice) : "deny";
}

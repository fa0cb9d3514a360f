import { z } from "zod";
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

// Answers arrive from chat messages and other processes: anything not clearly an approval denies.
const choiceSchema = z
  .unknown()
  .transform((value): ApprovalChoice =>
    typeof value === "string" ? (ALIASES[value.trim().toLowerCase()] ?? "deny") : "deny",
  );

/** Read an approval answer from outside; unknown values are `deny`. */
export function parseChoice(value: unknown): ApprovalChoice {
  return choiceSchema.parse(value);
}

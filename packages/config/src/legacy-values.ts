import { parse as parseYaml } from "./yaml-lib.js";
import type { ApprovalMode } from "./config-types.js";

/**
 * Reads a list the way Hermes does: null → [], a scalar → [scalar], a string holding a YAML/JSON
 * list (`"[a, b]"`) → that list. Items that are null are dropped; numbers become strings.
 */
export function toStringList(value: unknown): unknown {
  if (value === null || value === undefined) return [];
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (trimmed === "") return [];
    if (trimmed.startsWith("[")) {
      try {
        const parsed: unknown = parseYaml(trimmed);
        if (Array.isArray(parsed)) return toStringList(parsed);
      } catch {
        // Not a list after all: keep the string as one item.
      }
    }
    return [value];
  }
  if (typeof value === "number" || typeof value === "boolean") return [String(value)];
  if (Array.isArray(value)) {
    return value
      .filter((item) => item !== null && item !== undefined)
      .map((item) => (typeof item === "number" || typeof item === "boolean" ? String(item) : item));
  }
  return value;
}

/** Accepts integers written as strings ("180"), as Hermes' env bridge does. */
export function toNumber(value: unknown): unknown {
  if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return value;
}

const TRUE_WORDS = new Set(["true", "yes", "on", "1"]);
const FALSE_WORDS = new Set(["false", "no", "off", "0"]);

/** Accepts booleans written as words ("yes", "off") or 0/1. */
export function toBoolean(value: unknown): unknown {
  if (typeof value === "string") {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  if (value === 0) return false;
  if (value === 1) return true;
  return value;
}

/** Result of reading `approvals.mode`: the mode and, for an unusual spelling, a warning. */
export interface ApprovalModeReading {
  readonly mode: ApprovalMode;
  readonly warning?: string;
}

/**
 * Hermes' reading of `approvals.mode`: YAML `false` → off; case and spaces ignored; `true`, "",
 * "auto" or anything unknown → manual with a warning.
 */
export function readApprovalMode(value: unknown): ApprovalModeReading {
  if (value === undefined || value === null) return { mode: "manual" };
  if (value === false) return { mode: "off" };
  if (typeof value === "string") {
    const word = value.trim().toLowerCase();
    if (word === "manual" || word === "smart" || word === "off") return { mode: word };
  }
  return {
    mode: "manual",
    warning: `approvals.mode ${JSON.stringify(value)} is not one of manual, smart, off; using manual.`,
  };
}

/** Hermes' reading of `deny|approve` policies: also accepts off/allow/yes as approve. */
export function readUnattendedPolicy(value: unknown): unknown {
  if (value === undefined || value === null) return "deny";
  if (value === true) return "approve";
  if (value === false) return "deny";
  if (typeof value === "string") {
    const word = value.trim().toLowerCase();
    if (["approve", "allow", "yes", "off"].includes(word)) return "approve";
    if (["deny", "no", "block", ""].includes(word)) return "deny";
  }
  return value;
}

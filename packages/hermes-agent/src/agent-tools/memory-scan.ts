import { redactSecrets } from "@hermes-agent/core";

/** Why an entry was refused. */
export interface MemoryScanFinding {
  readonly kind: "prompt_injection" | "exfiltration" | "secret" | "invisible_text";
  readonly reason: string;
}

/**
 * Memory is put into the system prompt of every later session, so an entry that tries to give
 * the model orders, smuggles hidden text, or carries a credential would persist the attack (or
 * the leak). These patterns describe such text; they are matched case-insensitively.
 */
const INJECTION_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /\b(ignore|disregard|forget|override)\b[^.\n]{0,40}\b(previous|prior|above|earlier|all|system|your)\b[^.\n]{0,20}\b(instructions?|prompts?|rules|guidelines|directives)\b/i,
    "tells the model to drop its instructions",
  ],
  [/\byou are now\b|\bfrom now on,? you (are|will|must)\b/i, "tries to redefine the assistant"],
  [/\bnew (system )?(instructions?|rules|persona)\s*:/i, "declares new instructions"],
  [
    /<\/?\s*(system|assistant|user|tool_call|function_call|im_start|im_end)\b[^>]*>/i,
    "contains conversation protocol tags",
  ],
  [
    /\[\/?(INST|SYS)\]|<<\/?SYS>>|<\|(im_start|im_end|system|endoftext)\|>/i,
    "contains chat-template markers",
  ],
  [
    /\b(do not|don't|never) (tell|inform|reveal to|mention to) the user\b/i,
    "asks to hide things from the user",
  ],
  [
    /\bsystem prompt\b[^.\n]{0,30}\b(override|replace|ignore|reveal|print|dump)\b/i,
    "targets the system prompt",
  ],
];

const EXFILTRATION_PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /\b(curl|wget|fetch|nc|netcat)\b[^\n]{0,120}\$\{?[A-Z_]*(KEY|TOKEN|SECRET|PASSWORD|PASS)\b/i,
    "sends a credential variable over the network",
  ],
  [
    /\b(cat|less|more|head|tail)\b[^\n]{0,40}(\.env\b|id_rsa|id_ed25519|\.netrc|credentials)/i,
    "reads credential files",
  ],
  [
    /\b(send|post|upload|forward)\b[^.\n]{0,40}\b(api[_ ]?keys?|tokens?|passwords?|secrets?|credentials)\b/i,
    "asks to send credentials",
  ],
];

/** Zero-width and direction-control characters that hide text from a human reader. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;

/**
 * Scan a memory entry before it is saved. Returns the first problem found, or undefined when the
 * entry is safe to keep.
 */
export function scanMemoryEntry(content: string): MemoryScanFinding | undefined {
  if (INVISIBLE.test(content)) {
    return { kind: "invisible_text", reason: "contains invisible or direction-control characters" };
  }
  for (const [pattern, reason] of INJECTION_PATTERNS) {
    if (pattern.test(content)) return { kind: "prompt_injection", reason };
  }
  for (const [pattern, reason] of EXFILTRATION_PATTERNS) {
    if (pattern.test(content)) return { kind: "exfiltration", reason };
  }
  if (redactSecrets(content) !== content) {
    return {
      kind: "secret",
      reason: "looks like it contains a secret (API key, token or password)",
    };
  }
  return undefined;
}

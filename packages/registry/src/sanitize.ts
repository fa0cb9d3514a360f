import { cutText } from "./text-cut.js";

/** Longest error text returned to the model. */
export const MAX_ERROR_CHARS = 2000;

const PROTOCOL_TAG =
  /<\/?\s*(?:tool_call|tool_response|function_call|function_response|result|response|output|input|system|assistant|user)\b[^>]*>/gi;
const CDATA = /<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/g;
const CODE_FENCE = /```[a-zA-Z0-9_-]*/g;

const SECRET_PATTERNS: readonly RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\b(?:sk|rk|pk)-(?:[a-z]+-)?[A-Za-z0-9_-]{16,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{30,}/g,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
];
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
const ASSIGNED_SECRET =
  /\b([A-Za-z0-9_]*(?:api[_-]?key|token|secret|password|passwd|credential)[A-Za-z0-9_]*)(["']?\s*[:=]\s*["']?)([^\s"',;]{4,})/gi;
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/:@]+:[^\s/@]+@/gi;

/** Replace obvious credentials (API keys, tokens, passwords, URL userinfo) with `[REDACTED]`. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, "[REDACTED]");
  out = out.replace(BEARER, "$1 [REDACTED]");
  out = out.replace(ASSIGNED_SECRET, "$1$2[REDACTED]");
  out = out.replace(URL_CREDENTIALS, "$1[REDACTED]@");
  return out;
}

/**
 * Make error text safe to hand to the model: strip anything that looks like a protocol tag
 * (`<tool_call>`, `<system>`, ...), CDATA blocks and code fences, so a failing tool cannot inject
 * fake turns; redact obvious secrets; cap the length at {@link MAX_ERROR_CHARS}.
 */
export function sanitizeToolError(text: string): string {
  // Removing one piece can join its neighbours into a new one (`<sys<system>tem>`), so strip
  // until nothing changes; each round shortens the text, so this ends.
  let out = text;
  for (let previous = ""; out !== previous;) {
    previous = out;
    out = out.replace(CDATA, "").replace(PROTOCOL_TAG, "").replace(CODE_FENCE, "");
  }
  out = redactSecrets(out).trim();
  if (out.length > MAX_ERROR_CHARS) out = `${cutText(out, MAX_ERROR_CHARS - 3)}...`;
  return out;
}

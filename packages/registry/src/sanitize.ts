import { redactSecrets } from "@hermes-agent/core";
import { cutText } from "./text-cut.js";

/** Longest error text returned to the model. */
export const MAX_ERROR_CHARS = 2000;

const PROTOCOL_TAG =
  /<\/?\s*(?:tool_call|tool_response|function_call|function_response|result|response|output|input|system|assistant|user)\b[^>]*>/gi;
const CDATA = /<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/g;
const CODE_FENCE = /```[a-zA-Z0-9_-]*/g;

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
  out = redactSecrets(out, { mask: "[REDACTED]" }).trim();
  if (out.length > MAX_ERROR_CHARS) out = `${cutText(out, MAX_ERROR_CHARS - 3)}...`;
  return out;
}

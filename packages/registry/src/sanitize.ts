import { redactSecrets } from "@hermes-agent/core";
import { cutText } from "./text-cut.js";

/** Longest error text returned to the model. */
export const MAX_ERROR_CHARS = 2000;

/**
 * How much of an error is cleaned at all. Markup removal only shortens text, so cleaning a few
 * times the final cap is enough to fill it, and the cost stays bounded whatever arrives.
 */
const CLEAN_INPUT_CHARS = MAX_ERROR_CHARS * 4;

const PROTOCOL_TAG =
  /^<\/?\s*(?:tool_call|tool_response|function_call|function_response|result|response|output|input|system|assistant|user)\b[^<>]*>$/i;
/** `<user>`: no protocol tag is shorter. */
const SHORTEST_TAG = 6;
/** What can follow the `<` of a protocol tag. */
const PROTOCOL_TAG_START = /^[/\sa-z]$/i;
const CDATA_OPEN = "<![CDATA[";
const CDATA_CLOSE = "]]>";
const FENCE_LANGUAGE = /[a-zA-Z0-9_-]/;

/**
 * Remove protocol tags, CDATA blocks and code fences in one left-to-right pass. The output is a
 * stack: when a `>` lands, only the text since the last `<` still in the output can form a tag,
 * so pieces that join once an inner piece is gone (`<sys<system>tem>`) are caught without
 * rescanning. Each `<` is tested against a tag at most once unless the text above it was
 * removed, which keeps the pass linear on inputs built to defeat it (thousands of unclosed `<`).
 */
export function stripMarkup(text: string): string {
  const out: string[] = [];
  /** Output positions of the `<` characters still present, and whether a `>` followed each. */
  const opens: { at: number; closed: boolean }[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    out.push(char);
    i++;
    if (char === "`" && endsWithFence(out)) {
      out.length -= 3;
      while (i < text.length && FENCE_LANGUAGE.test(text[i] as string)) i++;
      continue;
    }
    if (char === "<") {
      opens.push({ at: out.length - 1, closed: false });
      continue;
    }
    const top = opens[opens.length - 1];
    if (top === undefined) continue;
    if (char === "[" && out.length - top.at === CDATA_OPEN.length) {
      if (out.slice(top.at).join("") === CDATA_OPEN) {
        out.length = top.at;
        opens.pop();
        const close = text.indexOf(CDATA_CLOSE, i);
        i = close === -1 ? text.length : close + CDATA_CLOSE.length;
      }
      continue;
    }
    if (char !== ">" || top.closed) continue;
    if (out.length - top.at < SHORTEST_TAG || !PROTOCOL_TAG_START.test(out[top.at + 1] ?? "")) {
      top.closed = true;
      continue;
    }
    if (PROTOCOL_TAG.test(out.slice(top.at).join(""))) {
      out.length = top.at;
      opens.pop();
    } else {
      top.closed = true;
    }
  }
  return out.join("");
}

function endsWithFence(out: readonly string[]): boolean {
  const n = out.length;
  return n >= 3 && out[n - 2] === "`" && out[n - 3] === "`";
}

/**
 * Make error text safe to hand to the model: strip anything that looks like a protocol tag
 * (`<tool_call>`, `<system>`, ...), CDATA blocks and code fences, so a failing tool cannot inject
 * fake turns; redact secrets (core's `redactSecrets`); cap the length at {@link MAX_ERROR_CHARS}.
 * The input is capped before it is cleaned, and cleaning is linear, so any text returns quickly.
 */
export function sanitizeToolError(text: string): string {
  let out = stripMarkup(cutText(text, CLEAN_INPUT_CHARS));
  out = redactSecrets(out, { mask: "[REDACTED]" }).trim();
  if (out.length > MAX_ERROR_CHARS) out = `${cutText(out, MAX_ERROR_CHARS - 3)}...`;
  return out;
}

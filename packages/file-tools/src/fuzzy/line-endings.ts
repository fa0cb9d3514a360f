import type { Span } from "./text-lines.js";

/** The line break a replacement must use: the matched region's, else the file's first. */
export function lineBreakFor(content: string, span: Span): "\n" | "\r\n" | undefined {
  const region = content.slice(span.start, span.end);
  const inRegion = firstLineBreak(region);
  if (inRegion !== undefined) return inRegion;
  // A one-line region: judge by the line it sits on, then by the file.
  const after = content.indexOf("\n", span.end);
  if (after !== -1) return after > 0 && content[after - 1] === "\r" ? "\r\n" : "\n";
  return firstLineBreak(content);
}

function firstLineBreak(text: string): "\n" | "\r\n" | undefined {
  const at = text.indexOf("\n");
  if (at === -1) return undefined;
  return at > 0 && text[at - 1] === "\r" ? "\r\n" : "\n";
}

/** `text` with every line break (LF or CRLF) written as `lineBreak`. */
export function withLineBreaks(text: string, lineBreak: "\n" | "\r\n" | undefined): string {
  if (lineBreak === undefined) return text;
  return text.replace(/\r?\n/g, lineBreak);
}

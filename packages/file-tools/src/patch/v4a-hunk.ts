import { applyMatch, isAlreadyApplied } from "../fuzzy/fuzzy-replace.js";
import { formatMatchLocations, noMatchHint } from "../fuzzy/match-report.js";
import {
  findMatches,
  SIMILARITY_STRATEGIES,
  type MatchStrategy,
} from "../fuzzy/match-strategies.js";
import { similarityRatio } from "../fuzzy/similarity.js";
import type { Span } from "../fuzzy/text-lines.js";
import { unicodeToAscii } from "../fuzzy/unicode-normalize.js";
import { hunkTexts, type Hunk } from "./v4a-parser.js";

/** Outcome of one hunk against a file's current text. */
export type HunkOutcome =
  | {
      readonly ok: true;
      readonly content: string;
      readonly changed: boolean;
      readonly strategy?: string;
    }
  | { readonly ok: false; readonly error: string };

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) found.push(at);
  return found;
}

function comparable(line: string): string {
  return unicodeToAscii(line).replace(/\s+/g, " ").trim();
}

function label(hunk: Hunk, index: number): string {
  return `hunk ${index} ${hunk.hint === undefined ? "(no hint)" : `'${hunk.hint}'`}`;
}

function insertAfterHint(content: string, hunk: Hunk, text: string, index: number): HunkOutcome {
  if (hunk.hint === undefined) {
    return { ok: true, content: `${content.replace(/\n+$/, "")}\n${text}\n`, changed: true };
  }
  const found = occurrences(content, hunk.hint);
  if (found.length === 0) {
    return { ok: false, error: `addition-only hunk context hint '${hunk.hint}' not found` };
  }
  if (found.length > 1) {
    return {
      ok: false,
      error: `addition-only ${label(hunk, index)}: context hint '${hunk.hint}' is ambiguous (${found.length} occurrences) — provide a more unique hint`,
    };
  }
  const eol = content.indexOf("\n", found[0] ?? 0);
  if (eol === -1) return { ok: true, content: `${content}\n${text}`, changed: true };
  return {
    ok: true,
    content: `${content.slice(0, eol + 1)}${text}\n${content.slice(eol + 1)}`,
    changed: true,
  };
}

/** Pick the span a hint points at: the first after each hint occurrence, when they agree. */
function spanAfterHint(
  content: string,
  spans: readonly Span[],
  hint: string | undefined,
): Span | undefined {
  if (hint === undefined) return undefined;
  const picks = new Set<Span>();
  for (const at of occurrences(content, hint)) {
    const next = spans.find((span) => span.start >= at);
    if (next !== undefined) picks.add(next);
  }
  return picks.size === 1 ? [...picks][0] : undefined;
}

/**
 * Why a non-exact match of this hunk binds to the wrong place, or undefined: every context
 * line must be there (whitespace and typography aside), in order, and a hint that the file
 * contains must come before the matched text.
 */
function bindingError(
  content: string,
  span: Span,
  hunk: Hunk,
  strategy: string,
): string | undefined {
  const region = content.slice(span.start, span.end).split("\n");
  const expected = hunk.lines.filter((line) => line.prefix !== "+");
  const firstLine = content.slice(0, span.start).split("\n").length;
  if (region.length !== expected.length) {
    return `the '${strategy}' match spans ${region.length} lines where the hunk has ${expected.length}; refused`;
  }
  const similar = SIMILARITY_STRATEGIES.has(strategy as MatchStrategy);
  for (let i = 0; i < expected.length; i++) {
    const line = expected[i];
    if (line === undefined) continue;
    const have = comparable(region[i] ?? "");
    const want = comparable(line.text);
    // A removed line may differ a little under a similarity match; a context line may not.
    const fits =
      line.prefix === " " ? have === want : !similar || similarityRatio(have, want) >= 0.8;
    if (!fits) {
      return (
        `the closest '${strategy}' match (line ${firstLine}) differs from the hunk at line ` +
        `${firstLine + i}: file has ${JSON.stringify((region[i] ?? "").trim())}, hunk expects ` +
        `${JSON.stringify(line.text.trim())}; refused rather than edit the wrong place`
      );
    }
  }
  if (hunk.hint !== undefined) {
    const found = occurrences(content, hunk.hint);
    if (found.length > 0 && found.every((at) => at > span.start)) {
      return `context hint '${hunk.hint}' appears only after the '${strategy}' match (line ${firstLine}); refused`;
    }
  }
  return undefined;
}

/** Apply one hunk (1-based `index` for messages) to `content`. */
export function applyHunk(content: string, hunk: Hunk, index: number): HunkOutcome {
  const { search, replace } = hunkTexts(hunk);
  if (search.length > 0 && search.join("\n") === replace.join("\n")) {
    return { ok: true, content, changed: false };
  }
  if (search.length === 0) return insertAfterHint(content, hunk, replace.join("\n"), index);
  const pattern = search.join("\n");
  const replacement = replace.join("\n");
  const notFound = (error: string): HunkOutcome =>
    isAlreadyApplied(content, pattern, replacement)
      ? { ok: true, content, changed: false }
      : {
          ok: false,
          error: `${label(hunk, index)} not found — ${error}${noMatchHint(error, pattern, content)}`,
        };
  const match = findMatches(content, pattern);
  if (match === undefined) return notFound("Could not find a match for old_string in the file");
  let span = match.spans[0];
  if (match.spans.length > 1) {
    span = SIMILARITY_STRATEGIES.has(match.strategy)
      ? undefined
      : spanAfterHint(content, match.spans, hunk.hint);
    if (span === undefined) {
      return {
        ok: false,
        error:
          `${label(hunk, index)} is ambiguous — Found ${match.spans.length} matches for the hunk's ` +
          `context. Add context lines or a unique @@ hint @@. Matches:\n${formatMatchLocations(content, match.spans)}`,
      };
    }
  }
  if (span === undefined) return notFound("Could not find a match for old_string in the file");
  if (match.strategy !== "exact") {
    const wrongPlace = bindingError(content, span, hunk, match.strategy);
    if (wrongPlace !== undefined)
      return { ok: false, error: `${label(hunk, index)}: ${wrongPlace}` };
  }
  const applied = applyMatch(
    content,
    { strategy: match.strategy, spans: [span] },
    pattern,
    replacement,
  );
  if (applied.error !== null) return notFound(applied.error);
  return { ok: true, content: applied.content, changed: true, strategy: match.strategy };
}

import {
  escapeDriftError,
  rogueIndentError,
  unescapeControlCharacters,
  unescapeLineBreaks,
} from "./edit-guards.js";
import { formatMatchLocations } from "./match-report.js";
import {
  findMatches,
  SIMILARITY_STRATEGIES,
  type MatchStrategy,
  type StrategyMatch,
} from "./match-strategies.js";
import { lineBreakFor, withLineBreaks } from "./line-endings.js";
import { replacementText } from "./replacement-text.js";
import type { Span } from "./text-lines.js";

/** Outcome of {@link fuzzyReplace}. On failure `content` is the input, unchanged. */
export interface FuzzyReplaceResult {
  readonly content: string;
  /** Replacements made; 0 on failure. */
  readonly count: number;
  /** The strategy that matched, or null on failure. */
  readonly strategy: MatchStrategy | null;
  /** Why nothing was replaced, or null. */
  readonly error: string | null;
  /** Where the replaced text was in the input. */
  readonly spans: readonly Span[];
}

function failure(content: string, error: string): FuzzyReplaceResult {
  return { content, count: 0, strategy: null, error, spans: [] };
}

/**
 * Replace old_string with new_string in `content`, trying the strategies from exact to
 * similarity-based. Refuses empty or whitespace-only old_string, identical strings, an
 * ambiguous match without `replaceAll`, a similarity match with `replaceAll` or more than
 * one candidate, and edits the guards judge corrupt (escape drift, indentation typos).
 */
export function fuzzyReplace(
  content: string,
  oldString: string,
  newString: string,
  replaceAll = false,
): FuzzyReplaceResult {
  if (oldString === "") return failure(content, "old_string cannot be empty");
  if (oldString.trim() === "") {
    return failure(content, "old_string is only whitespace — provide non-blank text to match");
  }
  if (oldString === newString) return failure(content, "old_string and new_string are identical");
  const match = findMatches(content, oldString);
  if (match === undefined) {
    return failure(content, "Could not find a match for old_string in the file");
  }
  const { strategy, spans } = match;
  // The text the model wants is already there and what it wants replaced is not: a resemblance
  // found by similarity is the edit itself, not a place to apply it again.
  if (SIMILARITY_STRATEGIES.has(strategy) && isAlreadyApplied(content, oldString, newString)) {
    return failure(content, "Could not find a match for old_string in the file");
  }
  if (spans.length > 1 && !replaceAll) {
    return failure(
      content,
      `Found ${spans.length} matches for old_string. Provide more context to make it unique, ` +
        `or use replace_all=True. Matches:\n${formatMatchLocations(content, spans)}`,
    );
  }
  if (replaceAll && SIMILARITY_STRATEGIES.has(strategy)) {
    return failure(
      content,
      `Found ${spans.length} approximate matches via the '${strategy}' strategy; replace_all only ` +
        "applies to exact matches. Provide the precise text (whitespace included) so an " +
        "exact/line-trimmed match can be made.",
    );
  }
  return applyMatch(content, match, oldString, newString);
}

/**
 * Replace the spans of `match` with new_string, after the guards a non-exact match must pass
 * (escape drift, indentation typos): control-character escapes turned real where the file
 * has them, typography kept for a unicode_normalized match, new_string re-indented to the file.
 */
export function applyMatch(
  content: string,
  match: StrategyMatch,
  oldString: string,
  newString: string,
): FuzzyReplaceResult {
  const { strategy, spans } = match;
  if (strategy !== "exact") {
    const guard =
      escapeDriftError(content, spans, oldString, newString) ??
      rogueIndentError(oldString, newString);
    if (guard !== undefined) return failure(content, guard);
  }
  let replacement = unescapeControlCharacters(newString, content, spans);
  if (strategy === "escape_normalized") replacement = unescapeLineBreaks(replacement);
  let out = content;
  for (const span of [...spans].sort((a, b) => b.start - a.start)) {
    // A line-based match ends before the "\n" of a CRLF line: its "\r" stays the file's.
    const end =
      strategy !== "exact" && span.end > span.start && content[span.end - 1] === "\r"
        ? span.end - 1
        : span.end;
    const region = content.slice(span.start, end);
    const lineStart = span.start === 0 || content[span.start - 1] === "\n";
    const text = replacementText(strategy, region, oldString, replacement, lineStart);
    const lineBreak = lineBreakFor(content, { start: span.start, end });
    out = out.slice(0, span.start) + withLineBreaks(text, lineBreak) + out.slice(end);
  }
  return { content: out, count: spans.length, strategy, error: null, spans };
}

/**
 * True when the edit is already in the file: new_string (at least 8 non-blank characters)
 * is present exactly and old_string is gone (or equals new_string).
 */
export function isAlreadyApplied(content: string, oldString: string, newString: string): boolean {
  if (newString.trim().length < 8) return false;
  if (!content.includes(newString)) return false;
  if (oldString === newString) return true;
  return !content.includes(oldString);
}

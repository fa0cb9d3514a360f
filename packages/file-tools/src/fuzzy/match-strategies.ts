import { similarityRatio } from "./similarity.js";
import {
  exactSpans,
  indexLines,
  lineSpan,
  lineWindowSpans,
  strip,
  type LineIndex,
  type Span,
} from "./text-lines.js";
import { unescapeLineBreaks } from "./edit-guards.js";
import { blankLineFlexibleSpans, literalEscapeSpans } from "./flexible-strategies.js";
import { asciiOffsets, unicodeToAscii } from "./unicode-normalize.js";

/** The matching strategies, in the order they are tried (Hermes' names). */
export const MATCH_STRATEGIES: readonly [
  "exact",
  "line_trimmed",
  "whitespace_normalized",
  "indentation_flexible",
  "escape_normalized",
  "escape_literal",
  "trimmed_boundary",
  "unicode_normalized",
  "blank_line_flexible",
  "block_anchor",
  "context_aware",
] = [
  "exact",
  "line_trimmed",
  "whitespace_normalized",
  "indentation_flexible",
  "escape_normalized",
  "escape_literal",
  "trimmed_boundary",
  "unicode_normalized",
  "blank_line_flexible",
  "block_anchor",
  "context_aware",
] as const;

/** One of {@link MATCH_STRATEGIES}. */
export type MatchStrategy = (typeof MATCH_STRATEGIES)[number];

/** Strategies that accept a region that only resembles old_string. */
export const SIMILARITY_STRATEGIES: ReadonlySet<MatchStrategy> = new Set<MatchStrategy>([
  "block_anchor",
  "context_aware",
]);

/** What the strategies share for one (content, pattern) pair, computed lazily once. */
class MatchInput {
  readonly content: string;
  readonly pattern: string;
  #index: LineIndex | undefined;
  #patternLines: string[] | undefined;

  constructor(content: string, pattern: string) {
    this.content = content;
    this.pattern = pattern;
  }

  get index(): LineIndex {
    this.#index ??= indexLines(this.content);
    return this.#index;
  }

  get patternLines(): string[] {
    this.#patternLines ??= this.pattern.split("\n");
    return this.#patternLines;
  }
}

function lineTrimmed(input: MatchInput): Span[] {
  return lineWindowSpans(input.index, input.index.lines.map(strip), input.patternLines.map(strip));
}

/** Collapse runs of spaces and tabs to one space; `starts`/`ends` map each output char back. */
function collapseBlanks(text: string): { text: string; starts: number[]; ends: number[] } {
  let out = "";
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < text.length;) {
    const ch = text.charAt(i);
    if (ch === " " || ch === "\t") {
      let j = i + 1;
      while (j < text.length && (text[j] === " " || text[j] === "\t")) j++;
      out += " ";
      starts.push(i);
      ends.push(j);
      i = j;
    } else {
      out += ch;
      starts.push(i);
      ends.push(i + 1);
      i += 1;
    }
  }
  return { text: out, starts, ends };
}

function whitespaceNormalized(input: MatchInput): Span[] {
  const pattern = input.pattern.replace(/[ \t]+/g, " ");
  const content = collapseBlanks(input.content);
  return exactSpans(content.text, pattern).map(({ start, end }) => ({
    start: content.starts[start] ?? 0,
    end: content.ends[end - 1] ?? input.content.length,
  }));
}

function indentationFlexible(input: MatchInput): Span[] {
  const trimStart = (line: string): string => line.trimStart();
  return lineWindowSpans(
    input.index,
    input.index.lines.map(trimStart),
    input.patternLines.map(trimStart),
  );
}

function escapeNormalized(input: MatchInput): Span[] {
  const unescaped = unescapeLineBreaks(input.pattern);
  if (unescaped === input.pattern) return [];
  return exactSpans(input.content, unescaped);
}

function trimBoundary(lines: readonly string[]): string[] {
  const out = [...lines];
  out[0] = strip(out[0] ?? "");
  if (out.length > 1) out[out.length - 1] = strip(out[out.length - 1] ?? "");
  return out;
}

function trimmedBoundary(input: MatchInput): Span[] {
  const pattern = trimBoundary(input.patternLines);
  const { lines } = input.index;
  const spans: Span[] = [];
  for (let i = 0; i + pattern.length <= lines.length; i++) {
    const window = trimBoundary(lines.slice(i, i + pattern.length));
    if (window.every((line, k) => line === pattern[k])) {
      spans.push(lineSpan(input.index, i, pattern.length));
      i += pattern.length - 1;
    }
  }
  return spans;
}

function unicodeNormalized(input: MatchInput): Span[] {
  const content = unicodeToAscii(input.content);
  const pattern = unicodeToAscii(input.pattern);
  if (content === input.content && pattern === input.pattern) return [];
  let spans = exactSpans(content, pattern);
  if (spans.length === 0) spans = lineTrimmed(new MatchInput(content, pattern));
  if (spans.length === 0) return [];
  const offsets = asciiOffsets(input.content);
  const firstOriginal = new Map<number, number>();
  for (let i = offsets.length - 2; i >= 0; i--) firstOriginal.set(offsets[i] ?? 0, i);
  const mapped: Span[] = [];
  for (const span of spans) {
    const start = firstOriginal.get(span.start);
    if (start === undefined) continue;
    let end = start;
    while (end < input.content.length && (offsets[end] ?? 0) < span.end) end++;
    mapped.push({ start, end });
  }
  return mapped;
}

function blockAnchor(input: MatchInput): Span[] {
  const pattern = unicodeToAscii(input.pattern).split("\n");
  if (pattern.length < 2) return [];
  const first = strip(pattern[0] ?? "");
  const last = strip(pattern[pattern.length - 1] ?? "");
  const lines = unicodeToAscii(input.content).split("\n");
  // The ASCII spelling may change line lengths, so spans come from the original lines.
  const candidates: number[] = [];
  for (let i = 0; i + pattern.length <= lines.length; i++) {
    if (strip(lines[i] ?? "") === first && strip(lines[i + pattern.length - 1] ?? "") === last) {
      candidates.push(i);
    }
  }
  const threshold = candidates.length === 1 ? 0.5 : 0.7;
  const middle = pattern.slice(1, -1);
  const spans: Span[] = [];
  for (const i of candidates) {
    const similarity =
      pattern.length <= 2
        ? 1
        : middleSimilarity(lines.slice(i + 1, i + pattern.length - 1), middle);
    if (similarity >= threshold) spans.push(lineSpan(input.index, i, pattern.length));
  }
  return spans;
}

/**
 * How alike two runs of lines are: the lower of the whole-text ratio and the mean per-line
 * ratio of the stripped lines. Shared indentation and punctuation ("  ", "();") inflate the
 * whole-text ratio of unrelated statements; the per-line mean does not.
 */
function middleSimilarity(file: readonly string[], pattern: readonly string[]): number {
  const whole = similarityRatio(file.join("\n"), pattern.join("\n"));
  let sum = 0;
  for (let k = 0; k < pattern.length; k++) {
    sum += similarityRatio(strip(file[k] ?? ""), strip(pattern[k] ?? ""));
  }
  return Math.min(whole, pattern.length === 0 ? 1 : sum / pattern.length);
}

const LINE_SIMILARITY = 0.8;

function closeEnough(a: string, b: string): boolean {
  if (a === b) return true;
  // The ratio can never exceed 2·min/(sum): skip the full comparison when that bound fails.
  const shorter = Math.min(a.length, b.length);
  if ((2 * shorter) / (a.length + b.length) < LINE_SIMILARITY) return false;
  return similarityRatio(a, b) >= LINE_SIMILARITY;
}

/**
 * Last resort: every non-blank line close (≥ 0.8) to its counterpart, first and last lines
 * included. Unlike Hermes, a single line is never matched this way (one similar line is
 * usually another identifier: stop_server vs start_server), and at least half of the
 * non-blank lines must be present exactly, so the block is anchored in real text.
 */
function contextAware(input: MatchInput): Span[] {
  const pattern = input.patternLines.map(strip);
  const { lines } = input.index;
  const meaningful = pattern.filter((line) => line !== "").length;
  if (meaningful < 2 || pattern.length > lines.length) return [];
  const first = pattern[0] ?? "";
  const last = pattern[pattern.length - 1] ?? "";
  const spans: Span[] = [];
  for (let i = 0; i + pattern.length <= lines.length; i++) {
    if (!closeEnough(first, strip(lines[i] ?? ""))) continue;
    if (!closeEnough(last, strip(lines[i + pattern.length - 1] ?? ""))) continue;
    let exact = 0;
    const all = pattern.every((line, k) => {
      if (line === "") return true;
      const have = strip(lines[i + k] ?? "");
      if (have === line) exact++;
      return closeEnough(line, have);
    });
    if (all && exact * 2 >= meaningful) spans.push(lineSpan(input.index, i, pattern.length));
  }
  return spans;
}

const STRATEGY_FUNCTIONS: Readonly<Record<MatchStrategy, (input: MatchInput) => Span[]>> = {
  exact: (input) => exactSpans(input.content, input.pattern),
  line_trimmed: lineTrimmed,
  whitespace_normalized: whitespaceNormalized,
  indentation_flexible: indentationFlexible,
  escape_normalized: escapeNormalized,
  escape_literal: (input) => literalEscapeSpans(input.content, input.pattern),
  trimmed_boundary: trimmedBoundary,
  unicode_normalized: unicodeNormalized,
  blank_line_flexible: (input) => blankLineFlexibleSpans(input.index, input.patternLines),
  block_anchor: blockAnchor,
  context_aware: contextAware,
};

/** The first strategy that finds `pattern` in `content`, with every span it found. */
export interface StrategyMatch {
  readonly strategy: MatchStrategy;
  readonly spans: readonly Span[];
}

/** Try the strategies in order; undefined when none finds the pattern. */
export function findMatches(content: string, pattern: string): StrategyMatch | undefined {
  const input = new MatchInput(content, pattern);
  for (const strategy of MATCH_STRATEGIES) {
    const spans = STRATEGY_FUNCTIONS[strategy](input);
    if (spans.length > 0) return { strategy, spans };
  }
  return undefined;
}

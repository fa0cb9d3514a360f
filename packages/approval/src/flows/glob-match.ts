// fnmatch-style globs as Hermes uses them for `approvals.deny` and `command_allowlist`:
// `*` matches any run of characters (slashes included), `?` one character, `[abc]`, `[a-z]`
// and `[!abc]` a class. Matching is iterative with one backtrack point, so it is O(n·m) at
// worst and never exponential, whatever the user writes.

type Token =
  | { readonly kind: "star" }
  | { readonly kind: "any" }
  | { readonly kind: "char"; readonly char: string }
  | {
      readonly kind: "class";
      readonly negated: boolean;
      readonly ranges: readonly (readonly [string, string])[];
    };

function tokenize(pattern: string): Token[] {
  const chars = Array.from(pattern);
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c === "*") {
      if (tokens.at(-1)?.kind !== "star") tokens.push({ kind: "star" });
    } else if (c === "?") {
      tokens.push({ kind: "any" });
    } else if (c === "[") {
      const parsed = parseClass(chars, i);
      if (parsed === null) tokens.push({ kind: "char", char: c });
      else {
        tokens.push(parsed.token);
        i = parsed.end;
      }
    } else {
      tokens.push({ kind: "char", char: c });
    }
  }
  return tokens;
}

function parseClass(chars: readonly string[], start: number): { token: Token; end: number } | null {
  let i = start + 1;
  let negated = false;
  if (chars[i] === "!" || chars[i] === "^") {
    negated = true;
    i++;
  }
  const ranges: [string, string][] = [];
  let first = true;
  while (i < chars.length) {
    const c = chars[i] as string;
    if (c === "]" && !first) return { token: { kind: "class", negated, ranges }, end: i };
    first = false;
    const next = chars[i + 1];
    const after = chars[i + 2];
    if (next === "-" && after !== undefined && after !== "]") {
      ranges.push([c, after]);
      i += 3;
    } else {
      ranges.push([c, c]);
      i++;
    }
  }
  return null;
}

function matchOne(token: Token, c: string): boolean {
  switch (token.kind) {
    case "any":
      return true;
    case "char":
      return token.char === c;
    case "class": {
      const inside = token.ranges.some(([lo, hi]) => c >= lo && c <= hi);
      return inside !== token.negated;
    }
    case "star":
      return false;
  }
}

/** A compiled glob. */
export interface GlobMatcher {
  readonly pattern: string;
  /** True when the whole of `text` matches. */
  matches(text: string): boolean;
}

/** Compile an fnmatch-style glob; with `caseInsensitive` both sides are lower-cased. */
export function compileGlob(
  pattern: string,
  options: { caseInsensitive?: boolean } = {},
): GlobMatcher {
  const fold =
    options.caseInsensitive === true
      ? (s: string): string => s.toLowerCase()
      : (s: string): string => s;
  const tokens = tokenize(fold(pattern));
  return {
    pattern,
    matches(text: string): boolean {
      const chars = Array.from(fold(text));
      let t = 0;
      let c = 0;
      let starToken = -1;
      let starChar = 0;
      while (c < chars.length) {
        const token = tokens[t];
        if (token !== undefined && token.kind === "star") {
          starToken = t++;
          starChar = c;
        } else if (token !== undefined && matchOne(token, chars[c] as string)) {
          t++;
          c++;
        } else if (starToken >= 0) {
          t = starToken + 1;
          c = ++starChar;
        } else {
          return false;
        }
      }
      while (tokens[t]?.kind === "star") t++;
      return t === tokens.length;
    },
  };
}

/** True when `text` contains a glob metacharacter. */
export function hasGlobSyntax(text: string): boolean {
  return /[*?[]/.test(text);
}

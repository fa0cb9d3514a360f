/**
 * What the lexer produced last. `error` means the text cannot be tokenized with certainty here
 * (an unterminated literal or comment, a character it does not handle, a `/` it was told it
 * cannot decide): the caller must give up on the file.
 */
export type TokenKind =
  | "ident"
  | "private"
  | "punct"
  | "string"
  | "number"
  | "regex"
  /** A whole template literal, or the tail after its last substitution. */
  | "template"
  /** The part of a template literal up to and including a `${`. */
  | "template-head"
  | "eof"
  | "error";

/**
 * How a `/` at the current position reads: the start of a regular expression literal, a
 * division, or not decidable from what came before (the lexer then reports `error`).
 */
export type SlashMode = "regex" | "divide" | "unknown";

const LF = 10;
const CR = 13;

/** Punctuators, longest first within each leading character. */
const PUNCTUATORS: Readonly<Record<string, readonly string[]>> = {
  "{": ["{"],
  "}": ["}"],
  "(": ["("],
  ")": [")"],
  "[": ["["],
  "]": ["]"],
  ";": [";"],
  ",": [","],
  "~": ["~"],
  ":": [":"],
  ".": ["...", "."],
  "?": ["??=", "??", "?.", "?"],
  "<": ["<<=", "<<", "<=", "<"],
  ">": [">>>=", ">>>", ">>=", ">>", ">=", ">"],
  "=": ["===", "==", "=>", "="],
  "!": ["!==", "!=", "!"],
  "+": ["++", "+=", "+"],
  "-": ["--", "-=", "-"],
  "*": ["**=", "**", "*=", "*"],
  "%": ["%=", "%"],
  "&": ["&&=", "&&", "&=", "&"],
  "|": ["||=", "||", "|=", "|"],
  "^": ["^=", "^"],
};

function isIdentStart(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 36 || code === 95 // $ _
  );
}

function isIdentPart(code: number): boolean {
  return isIdentStart(code) || (code >= 48 && code <= 57);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isLineBreak(code: number): boolean {
  return code === LF || code === CR;
}

/**
 * A small tokenizer for JavaScript and TypeScript source, for classifying files without the
 * compiler. It skips whitespace and comments and tokenizes strings, template literals (the
 * caller tracks `${ ... }` nesting and calls {@link JsLexer.resumeTemplate}), regular
 * expressions (the caller says whether a `/` may start one), numbers, identifiers and
 * punctuators. Anything it is not sure of is reported as an `error` token, never guessed.
 * Only ASCII code is handled: any other character outside literals and comments is an error.
 */
export class JsLexer {
  kind: TokenKind = "eof";
  /** The identifier name or punctuator; empty for literals. */
  value = "";
  /** A line break (possibly inside a comment) came between the previous token and this one. */
  newlineBefore = false;
  private readonly text: string;
  private pos = 0;

  constructor(text: string) {
    this.text = text;
    if (text.startsWith("#!")) {
      // A hashbang line, which the compiler skips as trivia.
      while (this.pos < text.length && !isLineBreak(text.charCodeAt(this.pos))) this.pos++;
    }
  }

  /** Advance to the next token. */
  next(slash: SlashMode): void {
    this.value = "";
    this.newlineBefore = false;
    if (!this.skipTrivia()) return this.fail();
    const { text } = this;
    if (this.pos >= text.length) {
      this.kind = "eof";
      return;
    }
    const code = text.charCodeAt(this.pos);
    if (isIdentStart(code)) return this.identifier("ident", this.pos);
    if (isDigit(code) || (code === 46 && isDigit(text.charCodeAt(this.pos + 1))))
      return this.number();
    switch (code) {
      case 34: // "
      case 39: // '
        return this.string(code);
      case 96: // `
        this.pos++;
        return this.resumeTemplate();
      case 35: // #
        return isIdentStart(text.charCodeAt(this.pos + 1))
          ? this.identifier("private", this.pos + 1)
          : this.fail();
      case 47: // /
        if (slash === "regex") return this.regex();
        if (slash === "unknown") return this.fail();
        this.kind = "punct";
        this.value = text.charCodeAt(this.pos + 1) === 61 ? "/=" : "/";
        this.pos += this.value.length;
        return;
      default:
        return this.punctuator();
    }
  }

  /** Scan template text after a backtick or after the `}` that closes a substitution. */
  resumeTemplate(): void {
    const { text } = this;
    this.value = "";
    for (;;) {
      if (this.pos >= text.length) return this.fail();
      const code = text.charCodeAt(this.pos);
      if (code === 96) {
        this.pos++;
        this.kind = "template";
        return;
      }
      if (code === 92) {
        this.pos += 2;
        continue;
      }
      if (code === 36 && text.charCodeAt(this.pos + 1) === 123) {
        this.pos += 2;
        this.kind = "template-head";
        return;
      }
      this.pos++;
    }
  }

  private fail(): void {
    this.kind = "error";
    this.value = "";
  }

  /** Skip whitespace and comments; false for an unterminated block comment or a merge conflict marker. */
  private skipTrivia(): boolean {
    const { text } = this;
    while (this.pos < text.length) {
      const code = text.charCodeAt(this.pos);
      if (isLineBreak(code)) {
        this.newlineBefore = true;
        this.pos++;
        if (this.atConflictMarker()) return false;
      } else if (code === 32 || code === 9 || code === 11 || code === 12 || code === 0xa0) {
        this.pos++;
      } else if (code === 0xfeff) {
        this.pos++;
      } else if (code === 47 && text.charCodeAt(this.pos + 1) === 47) {
        this.pos += 2;
        while (this.pos < text.length && !isLineBreak(text.charCodeAt(this.pos))) this.pos++;
      } else if (code === 47 && text.charCodeAt(this.pos + 1) === 42) {
        const end = text.indexOf("*/", this.pos + 2);
        if (end < 0) return false;
        for (let i = this.pos + 2; i < end; i++) {
          if (isLineBreak(text.charCodeAt(i))) {
            this.newlineBefore = true;
            break;
          }
        }
        this.pos = end + 2;
      } else {
        return this.pos !== 0 || !this.atConflictMarker();
      }
    }
    return true;
  }

  /** Seven `<`, `=`, `>` or `|` at the start of a line: the compiler treats these specially. */
  private atConflictMarker(): boolean {
    const { text, pos } = this;
    const code = text.charCodeAt(pos);
    if (code !== 60 && code !== 61 && code !== 62 && code !== 124) return false;
    for (let i = 1; i < 7; i++) if (text.charCodeAt(pos + i) !== code) return false;
    return true;
  }

  private identifier(kind: "ident" | "private", start: number): void {
    const { text } = this;
    let end = start + 1;
    while (end < text.length && isIdentPart(text.charCodeAt(end))) end++;
    const after = text.charCodeAt(end);
    // A unicode escape or a non-ASCII letter: the name is not what the text shows.
    if (after === 92 || after > 127) return this.fail();
    this.kind = kind;
    this.value = text.slice(start, end);
    this.pos = end;
  }

  private number(): void {
    const { text } = this;
    let end = this.pos;
    const second = text.charCodeAt(end + 1) | 0x20;
    if (text.charCodeAt(end) === 48 && (second === 120 || second === 111 || second === 98)) {
      end += 2;
      while (end < text.length && isIdentPart(text.charCodeAt(end))) end++;
    } else {
      while (isDigit(text.charCodeAt(end)) || text.charCodeAt(end) === 95) end++;
      if (text.charCodeAt(end) === 46) {
        end++;
        while (isDigit(text.charCodeAt(end)) || text.charCodeAt(end) === 95) end++;
      }
      if ((text.charCodeAt(end) | 0x20) === 101) {
        end++;
        const sign = text.charCodeAt(end);
        if (sign === 43 || sign === 45) end++;
        while (isDigit(text.charCodeAt(end)) || text.charCodeAt(end) === 95) end++;
      }
      if (text.charCodeAt(end) === 110) end++; // BigInt suffix
    }
    const after = text.charCodeAt(end);
    if (isIdentPart(after) || after === 92 || after > 127) return this.fail();
    this.kind = "number";
    this.pos = end;
  }

  private string(quote: number): void {
    const { text } = this;
    let pos = this.pos + 1;
    for (;;) {
      if (pos >= text.length) return this.fail();
      const code = text.charCodeAt(pos);
      if (code === quote) break;
      if (isLineBreak(code)) return this.fail();
      if (code === 92) {
        // An escape; a backslash before CR LF continues the line over both characters.
        pos += text.charCodeAt(pos + 1) === CR && text.charCodeAt(pos + 2) === LF ? 3 : 2;
        continue;
      }
      pos++;
    }
    this.kind = "string";
    this.pos = pos + 1;
  }

  private regex(): void {
    const { text } = this;
    let pos = this.pos + 1;
    let inClass = false;
    for (;;) {
      if (pos >= text.length) return this.fail();
      const code = text.charCodeAt(pos);
      if (isLineBreak(code)) return this.fail();
      if (code === 92) {
        if (pos + 1 >= text.length || isLineBreak(text.charCodeAt(pos + 1))) return this.fail();
        pos += 2;
        continue;
      }
      if (inClass) {
        if (code === 93) inClass = false;
      } else if (code === 91) {
        inClass = true;
      } else if (code === 47) {
        break;
      }
      pos++;
    }
    pos++;
    while (pos < text.length && isIdentPart(text.charCodeAt(pos))) pos++;
    const after = text.charCodeAt(pos);
    if (after === 92 || after > 127) return this.fail();
    this.kind = "regex";
    this.pos = pos;
  }

  private punctuator(): void {
    const { text } = this;
    const candidates = PUNCTUATORS[text.charAt(this.pos)];
    if (candidates === undefined) return this.fail();
    for (const candidate of candidates) {
      if (!text.startsWith(candidate, this.pos)) continue;
      // `?.5` is `?` followed by the number `.5`.
      if (candidate === "?." && isDigit(text.charCodeAt(this.pos + 2))) continue;
      this.kind = "punct";
      this.value = candidate;
      this.pos += candidate.length;
      return;
    }
    this.fail();
  }
}

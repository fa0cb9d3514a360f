// The fast path of the parser: command lines made only of plain words, simple quotes,
// pipelines, `&&`/`||`/`;` lists and plain file redirections are read here directly, without the
// WASM grammar. Apart from lines of plain words only (split on blanks, as they always were), the
// result is exactly what the tree-sitter walker produces for the same text (a differential test
// holds the two together); anything else returns null and goes to the real parser. Reading a
// command differently from bash would be a bypass, so every doubt declines.
import { nameOperands, subscriptWithCode } from "./name-operands.js";
import { plainWordsOnly, plainWordsScript } from "./plain-words.js";
import type { Redirect, Script, SimpleCommand, Word } from "./shell-ir.js";

// Character classes of unquoted text.
const OTHER = 0;
/** Part of a plain word. */
const WORD = 1;
/** Part of a plain word and a glob character (`*`, `?`). */
const GLOB = 2;
/** Space or tab: ends a word. */
const BLANK = 3;
/** `|`, `&`, `;`, `<`, `>`: ends a word and starts an operator. */
const OPERATOR = 4;
const SINGLE_QUOTE = 5;
const DOUBLE_QUOTE = 6;

const CLASSES: Uint8Array = buildClasses();

function buildClasses(): Uint8Array {
  const classes = new Uint8Array(128);
  const mark = (chars: string, kind: number): void => {
    for (let i = 0; i < chars.length; i++) classes[chars.charCodeAt(i)] = kind;
  };
  mark("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", WORD);
  mark("-_./=:@%+,~^", WORD);
  // `[` and `]` are left out: the grammar joins and splits words around them unlike bash.
  mark("*?", GLOB);
  mark(" \t", BLANK);
  mark("|&;<>", OPERATOR);
  classes[39] = SINGLE_QUOTE;
  classes[34] = DOUBLE_QUOTE;
  return classes;
}

// Inside double quotes everything but these reads literally; these (expansions, escapes,
// history expansion) send the line to the real parser.
const DOUBLE_QUOTED_SPECIAL = new Set([36 /* $ */, 96 /* ` */, 92 /* \ */, 33 /* ! */]);

// Command words the grammar reads as syntax, not as a command name: reserved words,
// declaration and unset commands (the walker records those differently), tests and groups.
const SYNTAX_COMMAND_WORDS: ReadonlySet<string> = new Set([
  ...["if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac"],
  ...["in", "function", "select", "coproc", "time", "!", "{", "}", "let", "unset", "unsetenv"],
  ...["declare", "typeset", "export", "readonly", "local"],
]);

/** A word being read: its value and whether an unquoted glob character appeared. */
interface ScannedWord {
  text: string;
  glob: boolean;
  /** True when the word is unquoted digits only (a descriptor when an operator follows). */
  digits: boolean;
  /** True when quoted and unquoted pieces are joined (`a'b'`, `"a"b`). */
  joined: boolean;
}

class PlainScanner {
  private readonly text: string;
  private pos = 0;

  constructor(text: string) {
    this.text = text;
  }

  private skipBlanks(): void {
    const text = this.text;
    while (this.pos < text.length) {
      const code = text.charCodeAt(this.pos);
      if (code !== 32 && code !== 9) return;
      this.pos++;
    }
  }

  /** The next word, or null (declined) when it holds anything but plain text and quotes. */
  private word(): ScannedWord | null {
    const text = this.text;
    let value = "";
    let glob = false;
    let digits = true;
    let pieces = 0;
    const wordStart = this.pos;
    let start = wordStart;
    while (this.pos < text.length) {
      const code = text.charCodeAt(this.pos);
      const kind = code < 128 ? (CLASSES[code] ?? OTHER) : OTHER;
      if (kind === WORD || kind === GLOB) {
        if (kind === GLOB) glob = true;
        if (code < 48 || code > 57) digits = false;
        this.pos++;
        continue;
      }
      if (kind === BLANK || kind === OPERATOR) break;
      if (kind !== SINGLE_QUOTE && kind !== DOUBLE_QUOTE) return null;
      if (this.pos > start) pieces++;
      pieces++;
      value += text.slice(start, this.pos);
      const close = text.indexOf(kind === SINGLE_QUOTE ? "'" : '"', this.pos + 1);
      if (close < 0) return null;
      for (let i = this.pos + 1; i < close; i++) {
        const inner = text.charCodeAt(i);
        if (inner >= 127 || (inner < 32 && inner !== 9 && inner !== 10)) return null;
        // The walker drops a newline inside double quotes; bash keeps it.
        if (kind === DOUBLE_QUOTE && (inner === 10 || DOUBLE_QUOTED_SPECIAL.has(inner)))
          return null;
      }
      value += text.slice(this.pos + 1, close);
      digits = false;
      this.pos = close + 1;
      start = this.pos;
    }
    if (this.pos > start) pieces++;
    value += text.slice(start, this.pos);
    // The grammar reads a word starting `==` or `=~` as a test operator.
    const first = text.charCodeAt(wordStart);
    const second = text.charCodeAt(wordStart + 1);
    if (first === 61 && (second === 61 || second === 126)) return null;
    return { text: value, glob, digits: digits && value !== "", joined: pieces > 1 };
  }

  /**
   * A redirection starting at the operator under the cursor (`fd` already read), added to
   * `redirects`; false when it is not a plain file redirection or descriptor copy.
   */
  private redirect(fd: string | null, redirects: Redirect[]): boolean {
    const text = this.text;
    const first = text.charCodeAt(this.pos);
    const second = text.charCodeAt(this.pos + 1);
    let op: string;
    if (first === 38 /* & */) {
      if (second !== 62 /* > */ || fd !== null) return false;
      op = text.charCodeAt(this.pos + 2) === 62 ? "&>>" : "&>";
    } else if (first === 62 /* > */) {
      if (second === 62) op = ">>";
      else if (second === 124 /* | */) op = ">|";
      else if (second === 38) op = ">&";
      else op = ">";
    } else {
      if (second === 38 || second === 60 /* < */ || second === 62 || second === 40 /* ( */)
        return false;
      op = "<";
    }
    this.pos += op.length;
    const copy = op === ">&";
    if (!copy) this.skipBlanks();
    if (this.pos >= text.length) return false;
    const next = text.charCodeAt(this.pos);
    if (next < 128 && (CLASSES[next] === BLANK || CLASSES[next] === OPERATOR)) return false;
    const target = this.word();
    // A descriptor copy takes a descriptor number; a file target must name something.
    if (target === null || target.text === "" || (copy && !target.digits)) return false;
    redirects.push({ op, fd, target: wordOf(target), heredoc: null });
    return true;
  }

  /** True when the cursor is on `<`, `>` or `&>`. */
  private atRedirection(): boolean {
    const code = this.text.charCodeAt(this.pos);
    return code === 60 || code === 62 || (code === 38 && this.text.charCodeAt(this.pos + 1) === 62);
  }

  /**
   * One simple command up to the next operator: its words and redirections, or null when
   * declined. Leaves the cursor on the operator (or at the end).
   */
  private command(): { words: Word[]; redirects: Redirect[] } | null {
    const text = this.text;
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      this.skipBlanks();
      if (this.pos >= text.length) break;
      const code = text.charCodeAt(this.pos);
      if (code === 124 /* | */ || code === 59 /* ; */) break;
      if (code === 38 /* & */ && text.charCodeAt(this.pos + 1) !== 62) break;
      if (this.atRedirection()) {
        if (words.length === 0 || !this.redirect(null, redirects)) return null;
        continue;
      }
      const word = this.word();
      if (word === null) return null;
      if (this.atRedirection()) {
        if (word.digits) {
          // The grammar reads `- 2>` as one descriptor, `02>` as an error and `0>` as a word.
          if (words.length === 0 || words[words.length - 1]?.text === "-") return null;
          if (word.text.charCodeAt(0) === 48) return null;
          if (!this.redirect(word.text, redirects)) return null;
          continue;
        }
        // The grammar reads `-v1>` as descriptor `-v1`; bash reads a word, then `>`.
        const last = text.charCodeAt(this.pos - 1);
        if (last >= 48 && last <= 57) return null;
      }
      if (words.length === 0 && !plainCommandWord(word)) return null;
      words.push(wordOf(word));
    }
    return words.length === 0 ? null : { words, redirects };
  }

  /** The whole line, or null when any part of it is declined. */
  script(): Script | null {
    const text = this.text;
    const commands: SimpleCommand[] = [];
    this.skipBlanks();
    if (this.pos >= text.length) return { commands, functions: [], incomplete: false };
    // Position of the pipeline in its `&&`/`||` list, and the stages read so far.
    let listIndex = 0;
    let stages: SimpleCommand[] = [];
    // A quoted `$(...)` in the subscript of a name operand (`printf -v 'a[$(cmd)]'`) runs.
    const mayRunSubscripts = text.includes("$(") || text.includes("`");
    for (;;) {
      const read = this.command();
      if (read === null || (mayRunSubscripts && runsSubscriptCode(read.words))) return null;
      const cmd: SimpleCommand = {
        assignments: [],
        words: read.words,
        redirects: read.redirects,
        upstream: stages.length > 0 ? stages.slice() : [],
      };
      commands.push(cmd);
      stages.push(cmd);
      const code = text.charCodeAt(this.pos);
      const next = text.charCodeAt(this.pos + 1);
      if (code === 124 /* | */ && next !== 124) {
        if (next === 38 /* & */) return null;
        this.pos++;
        continue;
      }
      if (!redirectsWhereTheGrammarKeepsThem(stages, listIndex)) return null;
      const pipelineLength = stages.length;
      stages = [];
      if (this.pos >= text.length) return { commands, functions: [], incomplete: false };
      if (code === 59 /* ; */) {
        if (next === 59 || next === 38) return null;
        this.pos++;
        this.skipBlanks();
        listIndex = 0;
        if (this.pos >= text.length) return { commands, functions: [], incomplete: false };
        continue;
      }
      if ((code === 38 /* & */ && next === 38) || (code === 124 && next === 124)) {
        // The grammar nests `a | b | c && d` as `a | (b | c && d)`.
        if (listIndex === 0 && pipelineLength > 2) return null;
        this.pos += 2;
        listIndex++;
        continue;
      }
      return null;
    }
  }
}

/**
 * The grammar attaches a redirection written after `&&`/`||` to the whole list before it, and
 * one in the middle of a pipeline to all the stages before it; the walker then reads those
 * differently from bash. Such lines go to the real parser: redirections are taken here only
 * on the first and last stage of the first pipeline of a list.
 */
function redirectsWhereTheGrammarKeepsThem(
  stages: readonly SimpleCommand[],
  listIndex: number,
): boolean {
  for (let i = 0; i < stages.length; i++) {
    if ((stages[i] as SimpleCommand).redirects.length === 0) continue;
    if (listIndex > 0 || (i > 0 && i < stages.length - 1)) return false;
  }
  return true;
}

function runsSubscriptCode(words: readonly Word[]): boolean {
  return nameOperands(words.map((word) => word.text)).some(
    (name) => subscriptWithCode(name) !== null,
  );
}

/** A command word bash and the grammar both read as a plain command name. */
function plainCommandWord(word: ScannedWord): boolean {
  const text = word.text;
  // `unset"x"` is the unset builtin to the grammar: a command word is one piece.
  if (word.joined || word.glob) return false;
  if (text === "" || text === "-" || SYNTAX_COMMAND_WORDS.has(text)) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // `=` (assignments), `[`/`]` (tests) and `{`/`}` (groups) in a command word are syntax;
    // the grammar reads `name%`, `name@` and `name?` there as the start of a variable.
    if (code === 61 || code === 91 || code === 93 || code === 37 || code === 64) return false;
    if (code === 123 || code === 125) return false;
  }
  return true;
}

function wordOf(word: ScannedWord): Word {
  return {
    text: word.text,
    dynamic: false,
    glob: word.glob,
    substitutions: [],
    processSubstitution: false,
  };
}

/**
 * The parse of a plain command line (see the file comment), or null when the line needs the
 * real parser. Whitespace-only text is an empty script.
 */
export function plainScript(text: string): Script | null {
  if (plainWordsOnly(text)) return plainWordsScript(text);
  return new PlainScanner(text).script();
}

// A small quote-aware shell tokenizer. It is used before the WASM parser has loaded, and for
// regions tree-sitter could not parse (ERROR nodes). It errs towards seeing more commands
// (e.g. here-doc lines become commands when the body cannot be delimited), never fewer.
import { decodeBackslashEscapes } from "./escapes.js";
import type { FunctionDef, Redirect, Script, SimpleCommand, Stage, Word } from "./shell-ir.js";
import { staticOutput } from "./static-eval.js";
import { lookupVariable, type VariableScope } from "./variables.js";
import { finishWord, type WordPart } from "./word-parts.js";

const RESERVED = new Set([
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "do",
  "done",
  "while",
  "until",
  "for",
  "in",
  "case",
  "esac",
  "select",
  "function",
  "{",
  "}",
  "!",
  "[[",
  "]]",
  "time",
  "coproc",
]);
const FUNCTION_DEF = /([A-Za-z_:.-][\w:.-]*)\s*\(\s*\)\s*\{([^}]*)\}/g;
const MAX_DEPTH = 16;

class Tokenizer {
  pos = 0;
  readonly commands: SimpleCommand[] = [];
  /** A single `&` ended a command (a background job). */
  background = false;
  /** A quote or substitution ran to the end of the text without being closed. */
  unterminated = false;
  private words: Word[] = [];
  private redirects: Redirect[] = [];
  private assignments: { name: string; value: Word }[] = [];
  private stages: Stage[] = [];
  private readonly groups: number[] = [];
  private lastGroup: SimpleCommand[] = [];
  private pendingHeredocs: {
    delimiter: string;
    redirect: { op: string; fd: string | null; target: Word | null; heredoc: string | null };
    strip: boolean;
  }[] = [];

  private readonly text: string;
  private readonly scope: VariableScope;
  private readonly depth: number;

  constructor(text: string, scope: VariableScope, depth: number) {
    this.text = text;
    this.scope = scope;
    this.depth = depth;
  }

  private nested(inner: string): Script {
    if (this.depth >= MAX_DEPTH) return { commands: [], functions: [], incomplete: true };
    const script = tokenizeScript(inner, this.scope, this.depth + 1);
    this.commands.push(...script.commands);
    return script;
  }

  /** Index just past the `)` matching the `(` before `start`, honouring quotes. */
  private matchParen(start: number): number {
    let depth = 1;
    for (let i = start; i < this.text.length; i++) {
      const ch = this.text.charAt(i);
      if (ch === "\\") i++;
      else if (ch === "'")
        i = this.text.indexOf("'", i + 1) < 0 ? this.text.length : this.text.indexOf("'", i + 1);
      else if (ch === '"') {
        for (i++; i < this.text.length && this.text.charAt(i) !== '"'; i++)
          if (this.text.charAt(i) === "\\") i++;
      } else if (ch === "(") depth++;
      else if (ch === ")" && --depth === 0) return i + 1;
    }
    return this.text.length;
  }

  private dollar(parts: WordPart[], subs: Script[], quoted: boolean): void {
    const rest = this.text.slice(this.pos + 1, this.pos + 2);
    if (rest === "(") {
      const end = this.matchParen(this.pos + 2);
      const arithmetic = this.text.charAt(this.pos + 2) === "(";
      const script = this.nested(this.text.slice(this.pos + 2, end - 1));
      subs.push(script);
      const output = arithmetic ? null : staticOutput(script);
      parts.push(
        output === null
          ? { text: "", quoted, dynamic: true }
          : { text: output.replace(/\n+$/, ""), quoted, splittable: !quoted },
      );
      this.pos = end;
      return;
    }
    if (rest === "{") {
      const end = this.text.indexOf("}", this.pos);
      const inner = this.text.slice(this.pos + 2, end < 0 ? this.text.length : end);
      this.pos = end < 0 ? this.text.length : end + 1;
      const name = /^[A-Za-z_]\w*/.exec(inner)?.[0] ?? "";
      const op = inner.slice(name.length);
      this.variable(name, op, quoted, parts);
      return;
    }
    const name = /^(?:[A-Za-z_]\w*|[0-9@*#?$!-])/.exec(
      this.text.slice(this.pos + 1, this.pos + 256),
    )?.[0];
    if (name === undefined) {
      parts.push({ text: "$", quoted });
      this.pos++;
      return;
    }
    this.pos += 1 + name.length;
    this.variable(name, "", quoted, parts);
  }

  private variable(name: string, op: string, quoted: boolean, parts: WordPart[]): void {
    const value = name === "" ? null : lookupVariable(this.scope, name);
    if (value === "separator")
      parts.push(quoted ? { text: " ", quoted } : { text: "", quoted, separator: true });
    else if (value !== null && (op === "" || /^:?[-=?]/.test(op))) {
      parts.push(
        value.dynamic
          ? { text: "", quoted, dynamic: true }
          : { text: value.text, quoted, splittable: !quoted },
      );
    } else if (value === null && /^:?[-=]/.test(op) && !/[$`]/.test(op)) {
      parts.push({
        text: op.replace(/^:?[-=]/, "").replace(/^["']|["']$/g, ""),
        quoted,
        splittable: !quoted,
      });
    } else parts.push({ text: "", quoted, dynamic: true });
  }

  private readWord(): Word[] {
    const parts: WordPart[] = [];
    const subs: Script[] = [];
    const text = this.text;
    while (this.pos < text.length) {
      const ch = text.charAt(this.pos);
      if (" \t\n;&|<>()".includes(ch)) {
        if ((ch === "<" || ch === ">") && text.charAt(this.pos + 1) === "(" && parts.length === 0) {
          const end = this.matchParen(this.pos + 2);
          subs.push(this.nested(text.slice(this.pos + 2, end - 1)));
          this.pos = end;
          return finishWord([{ text: "", quoted: false, dynamic: true }], subs, true);
        }
        break;
      }
      if (ch === "\\") {
        const next = text.charAt(this.pos + 1);
        if (next !== "\n") parts.push({ text: next, quoted: true });
        this.pos += 2;
      } else if (ch === "'") {
        const end = text.indexOf("'", this.pos + 1);
        if (end < 0) this.unterminated = true;
        parts.push({ text: text.slice(this.pos + 1, end < 0 ? text.length : end), quoted: true });
        this.pos = end < 0 ? text.length : end + 1;
      } else if (ch === "$" && text.charAt(this.pos + 1) === "'") {
        let end = this.pos + 2;
        while (end < text.length && text.charAt(end) !== "'")
          end += text.charAt(end) === "\\" ? 2 : 1;
        parts.push({ text: decodeBackslashEscapes(text.slice(this.pos + 2, end)), quoted: true });
        this.pos = end + 1;
      } else if (ch === '"') {
        this.pos++;
        let literal = "";
        while (this.pos < text.length && text.charAt(this.pos) !== '"') {
          const c = text.charAt(this.pos);
          if (c === "\\" && '\\"$`\n'.includes(text.charAt(this.pos + 1))) {
            if (text.charAt(this.pos + 1) !== "\n") literal += text.charAt(this.pos + 1);
            this.pos += 2;
          } else if (c === "$" || c === "`") {
            parts.push({ text: literal, quoted: true });
            literal = "";
            if (c === "$") this.dollar(parts, subs, true);
            else this.backtick(parts, subs, true);
          } else {
            literal += c;
            this.pos++;
          }
        }
        parts.push({ text: literal, quoted: true });
        if (this.pos >= text.length) this.unterminated = true;
        this.pos++;
      } else if (ch === "$") this.dollar(parts, subs, false);
      else if (ch === "`") this.backtick(parts, subs, false);
      else {
        let end = this.pos + 1;
        while (end < text.length && !" \t\n;&|<>()\\'\"$`".includes(text.charAt(end))) end++;
        parts.push({ text: text.slice(this.pos, end), quoted: false });
        this.pos = end;
      }
    }
    return finishWord(parts, subs);
  }

  private backtick(parts: WordPart[], subs: Script[], quoted: boolean): void {
    const end = this.text.indexOf("`", this.pos + 1);
    const script = this.nested(
      this.text.slice(this.pos + 1, end < 0 ? this.text.length : end).replace(/\\([`\\$])/g, "$1"),
    );
    subs.push(script);
    const output = staticOutput(script);
    parts.push(
      output === null
        ? { text: "", quoted, dynamic: true }
        : { text: output.replace(/\n+$/, ""), quoted, splittable: !quoted },
    );
    this.pos = end < 0 ? this.text.length : end + 1;
  }

  private endCommand(pipe: boolean): void {
    if (this.words[0]?.text === "case" && !this.words[0].dynamic) this.words = [];
    while (
      this.words.length > 0 &&
      RESERVED.has(this.words[0]?.text ?? "") &&
      !this.words[0]?.dynamic
    )
      this.words.shift();
    if (this.words.length > 0 || this.redirects.length > 0) {
      const cmd: SimpleCommand = {
        assignments: this.assignments,
        words: this.words,
        redirects: this.redirects,
        upstream: [...this.stages],
      };
      this.commands.push(cmd);
      if (pipe) this.stages.push(cmd);
    } else if (pipe && this.lastGroup.length > 0) {
      this.stages.push({ compound: true, commands: this.lastGroup });
    } else {
      for (const { name, value } of this.assignments)
        this.scope.set(name, { text: value.text, dynamic: value.dynamic });
    }
    if (!pipe) this.stages = [];
    this.lastGroup = [];
    this.words = [];
    this.redirects = [];
    this.assignments = [];
  }

  private readHeredocs(): void {
    for (const pending of this.pendingHeredocs) {
      const lines: string[] = [];
      while (this.pos < this.text.length) {
        const newline = this.text.indexOf("\n", this.pos);
        const line = this.text.slice(this.pos, newline < 0 ? this.text.length : newline);
        this.pos = newline < 0 ? this.text.length : newline + 1;
        if ((pending.strip ? line.replace(/^\t+/, "") : line) === pending.delimiter) break;
        lines.push(line);
      }
      pending.redirect.heredoc = lines.join("\n") + "\n";
    }
    this.pendingHeredocs = [];
  }

  run(): void {
    const text = this.text;
    while (this.pos < text.length) {
      const ch = text.charAt(this.pos);
      const next = text.charAt(this.pos + 1);
      if (ch === " " || ch === "\t") this.pos++;
      else if (ch === "\\" && text.charAt(this.pos + 1) === "\n") this.pos += 2;
      else if (ch === "#") {
        const newline = text.indexOf("\n", this.pos);
        this.pos = newline < 0 ? text.length : newline;
      } else if (ch === "\n") {
        this.pos++;
        const pending = this.pendingHeredocs.length > 0;
        this.endCommand(false);
        if (pending) this.readHeredocs();
      } else if ((ch === "|" || ch === "&" || ch === ";") && next === ch) {
        this.endCommand(false);
        this.pos += 2;
      } else if (ch === "|") {
        this.endCommand(true);
        this.pos += text.charAt(this.pos + 1) === "&" ? 2 : 1;
      } else if (
        ch === ";" ||
        (ch === "&" && text.charAt(this.pos + 1) !== ">") ||
        ch === "(" ||
        ch === ")"
      ) {
        this.endCommand(false);
        if (ch === "&") this.background = true;
        if (ch === "(") this.groups.push(this.commands.length);
        else if (ch === ")") {
          this.lastGroup = this.commands.slice(this.groups.pop() ?? this.commands.length);
        }
        this.pos++;
      } else if ((ch === "<" || ch === ">") && text.charAt(this.pos + 1) === "(") {
        this.words.push(...this.readWord());
      } else if (
        ch === "<" ||
        ch === ">" ||
        (ch === "&" && text.charAt(this.pos + 1) === ">") ||
        (/[0-9]/.test(ch) &&
          /^[0-9]+[<>]/.test(text.slice(this.pos, this.pos + 4)) &&
          this.atWordStart())
      ) {
        this.readRedirect();
      } else {
        const words = this.readWord();
        if (
          this.words.length === 0 &&
          words.length === 1 &&
          /^[A-Za-z_]\w*\+?=/.test(words[0]?.text ?? "")
        ) {
          const word = words[0] as Word;
          const eq = word.text.indexOf("=");
          this.assignments.push({
            name: word.text.slice(0, eq).replace(/\+$/, ""),
            value: { ...word, text: word.text.slice(eq + 1) },
          });
        } else this.words.push(...words);
      }
    }
    this.endCommand(false);
  }

  private atWordStart(): boolean {
    const prev = this.text.charAt(this.pos - 1);
    return this.pos === 0 || " \t\n;&|(".includes(prev);
  }

  private readRedirect(): void {
    const op =
      /^(?:[0-9]*)(?:<<<|<<-|<<|<>|<&|>>|>&|>\||&>>|&>|<|>)/.exec(
        this.text.slice(this.pos, this.pos + 8),
      )?.[0] ?? ">";
    this.pos += op.length;
    const fd = /^[0-9]+/.exec(op)?.[0] ?? null;
    const bare = op.slice(fd?.length ?? 0);
    while (this.text.charAt(this.pos) === " " || this.text.charAt(this.pos) === "\t") this.pos++;
    const start = this.pos;
    const target = this.readWord()[0] ?? null;
    if (bare === "<<" || bare === "<<-") {
      const delimiter = this.text.slice(start, this.pos).replace(/['"\\]/g, "");
      const redirect = { op: "<<", fd, target: null, heredoc: "" };
      this.pendingHeredocs.push({ delimiter, redirect, strip: bare === "<<-" });
      this.redirects.push(redirect);
      return;
    }
    this.redirects.push({ op: bare, fd, target, heredoc: null });
  }
}

function functionDefinitions(text: string, scope: VariableScope, depth: number): FunctionDef[] {
  if (depth >= MAX_DEPTH || !/\(\s*\)/.test(text)) return [];
  const defs: FunctionDef[] = [];
  for (const match of text.matchAll(FUNCTION_DEF)) {
    defs.push({ name: match[1] ?? "", body: tokenizeScript(match[2] ?? "", scope, depth + 1) });
  }
  return defs;
}

/** Tokenize shell text without the WASM parser (conservative fallback). */
export function tokenizeScript(text: string, scope: VariableScope, depth = 0): Script {
  const tokenizer = new Tokenizer(text, scope, depth);
  tokenizer.run();
  return {
    commands: tokenizer.commands,
    functions: functionDefinitions(text, scope, depth),
    incomplete: tokenizer.unterminated,
    ...(tokenizer.background ? { background: true } : {}),
  };
}

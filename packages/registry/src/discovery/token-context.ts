import type { PreviousToken } from "./construct-header.js";
import type { SlashMode, TokenKind } from "./js-lexer.js";

/**
 * Word lists and the questions the classifier asks about the token before the current one:
 * does it end an expression, may a `/` after it start a regular expression.
 */

/** Keywords that are values: an expression ends with them. */
const VALUE_WORDS: ReadonlySet<string> = new Set(["this", "super", "null", "true", "false"]);

/** Keywords after which an expression starts (so a `/` starts a regular expression). */
const OPERAND_WORDS: ReadonlySet<string> = new Set([
  "return",
  "typeof",
  "instanceof",
  "in",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
]);

/**
 * Reserved and contextual words whose role depends on grammar the classifier does not follow
 * (`of`, `yield` and `await` are operators or plain names; `let`, `get`, `async`... the same).
 * After one of them nothing is assumed.
 */
const AMBIGUOUS_WORDS: ReadonlySet<string> = new Set([
  "of",
  "yield",
  "await",
  "let",
  "static",
  "get",
  "set",
  "async",
  "as",
  "satisfies",
  "type",
  "declare",
  "abstract",
  "readonly",
  "keyof",
  "infer",
  "is",
  "asserts",
  "unique",
  "out",
  "using",
  "namespace",
  "module",
  "global",
  "accessor",
  "override",
  "public",
  "private",
  "protected",
  "implements",
  "interface",
  "package",
  "enum",
  "extends",
  "import",
  "export",
  "default",
  "if",
  "for",
  "while",
  "with",
  "switch",
  "catch",
  "try",
  "finally",
  "function",
  "class",
  "const",
  "var",
  "break",
  "continue",
  "debugger",
]);

/** Keywords that put a parenthesized head before a statement: `if (...)`, `for (...)`... */
export const CONTROL_WORDS: ReadonlySet<string> = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "with",
]);

/** Words after which a `{` opens a block of statements. */
export const BLOCK_WORDS: ReadonlySet<string> = new Set(["else", "try", "finally", "do", "catch"]);

/** Words after which a `{` is an object literal or a binding pattern (code that runs). */
export const OBJECT_WORDS: ReadonlySet<string> = new Set([
  ...OPERAND_WORDS,
  "const",
  "let",
  "var",
  "yield",
  "await",
  "of",
  "default",
  "export",
  "import",
  "as",
  "satisfies",
]);

/** Binary operator words that continue an expression across a line break. */
export const CONTINUATION_WORDS: ReadonlySet<string> = new Set([
  "in",
  "instanceof",
  "as",
  "satisfies",
]);

/**
 * Words that may follow a complete expression (or a name) on the same line: binary operators,
 * `of` in `for...of`, `from` and `with` in imports, TypeScript's `is`, `extends`, `implements`.
 */
const FOLLOWING_WORDS: ReadonlySet<string> = new Set([
  ...CONTINUATION_WORDS,
  "of",
  "from",
  "with",
  "assert",
  "is",
  "extends",
  "implements",
]);

/** The previous token with what the classifier knows about it. */
export interface TokenContext extends PreviousToken {
  /** An identifier after `.` or `?.`: a property name, never a keyword. */
  readonly afterDot: boolean;
  /** For `)`: it closed the head of `if`, `for`, `while`, `switch`, `catch` or `with`. */
  readonly closedControl: boolean;
  /** For `!`: it followed an expression (TypeScript's non-null assertion). */
  readonly postfix: boolean;
}

/** True when an expression certainly ends with this token (so an identifier after it cannot continue it). */
export function endsExpression(prev: TokenContext): boolean {
  switch (prev.kind) {
    case "ident":
      return (
        prev.afterDot ||
        VALUE_WORDS.has(prev.value) ||
        (!OPERAND_WORDS.has(prev.value) && !AMBIGUOUS_WORDS.has(prev.value))
      );
    case "string":
    case "number":
    case "regex":
    case "template":
    case "private":
      return true;
    case "punct":
      return (
        (prev.value === ")" && !prev.closedControl) || prev.value === "]" || prev.value === "}"
      );
    default:
      return false;
  }
}

/** How a `/` (and, the same way, a `<`) after this token reads. */
export function slashAfter(prev: TokenContext): SlashMode {
  switch (prev.kind) {
    case "none":
    case "template-head":
      return "regex";
    case "ident":
      if (prev.afterDot || VALUE_WORDS.has(prev.value)) return "divide";
      if (OPERAND_WORDS.has(prev.value)) return "regex";
      return AMBIGUOUS_WORDS.has(prev.value) ? "unknown" : "divide";
    case "string":
    case "number":
    case "regex":
    case "template":
    case "private":
      return "divide";
    case "punct":
      switch (prev.value) {
        case ")":
          return prev.closedControl ? "regex" : "divide";
        case "]":
          return "divide";
        case "}":
        case "++":
        case "--":
        case ">":
        case ">>":
        case ">>>":
          return "unknown";
        case "!":
          return prev.postfix ? "unknown" : "regex";
        default:
          return "regex";
      }
    default:
      return "unknown";
  }
}

/**
 * Tokens before a name that a `{` may follow on the same line: `class A {`, `interface I {`,
 * `namespace A.B {`, `implements A, B {`, and TypeScript return types (`(): T {`, `(): A | B {`).
 */
const BEFORE_NAME_AND_BRACE: ReadonlySet<string> = new Set([
  ":",
  "|",
  "&",
  ".",
  ",",
  "?",
  "=>",
  "class",
  "interface",
  "enum",
  "namespace",
  "module",
  "extends",
  "implements",
  "is",
  "asserts",
  "typeof",
  "keyof",
  "readonly",
  "unique",
  "infer",
]);

/**
 * True when the current token cannot follow the previous one on the same line in valid code
 * (`a b`, `f() x`, `x "s"`, `a {`, `.;`): the compiler then recovers in ways a lexical pass
 * cannot follow (a missing comma turns the next name into a declaration, a stray name in a class
 * body ends the class), so the file is left to it.
 */
export function isAdjacencyError(
  prev: TokenContext,
  prevPrevValue: string,
  kind: TokenKind,
  value: string,
  newlineBefore: boolean,
): boolean {
  if (prev.kind === "punct" && prev.value === ".") return kind !== "ident" && kind !== "private";
  if (newlineBefore) return false;
  if (kind === "punct" && value === "{")
    return (
      prev.kind === "ident" && endsExpression(prev) && !BEFORE_NAME_AND_BRACE.has(prevPrevValue)
    );
  if (kind !== "ident" && kind !== "string" && kind !== "number") return false;
  if (kind === "ident" && FOLLOWING_WORDS.has(value)) return false;
  switch (prev.kind) {
    case "ident":
      if (kind === "string" && prev.value === "from" && !prev.afterDot) return false;
      return endsExpression(prev);
    case "string":
    case "number":
    case "regex":
    case "template":
      return true;
    case "punct":
      return prev.value === ")" && !prev.closedControl;
    default:
      return false;
  }
}

import type { TokenKind } from "./js-lexer.js";

/**
 * What the classifier does with a token of a `function` or `class` header:
 * - `consume`: part of the header, nothing to open;
 * - `open`: the token opens a bracket (parameters, a type literal, call arguments in `extends`)
 *   whose contents belong to the construct;
 * - `body`: the token is the `{` of the body, and the construct ends when it closes;
 * - `end`: the construct ended without a body (a TypeScript overload `function f(): T;`);
 * - `abort`: not a header this recognizes: the file is undecidable without the compiler.
 */
export type HeaderAction = "consume" | "open" | "body" | "end" | "abort";

/** The token just before the current one, as the header machine sees it. */
export interface PreviousToken {
  readonly kind: TokenKind | "none";
  readonly value: string;
}

type Stage =
  | "function"
  | "function-named"
  | "function-after-parameters"
  | "return-type"
  | "class"
  | "class-named"
  | "extends"
  | "implements"
  | "type-parameters";

/** Words after which a type is expected (so a `{` there starts a type literal, not a body). */
const TYPE_PREFIX_WORDS: ReadonlySet<string> = new Set([
  "is",
  "keyof",
  "readonly",
  "extends",
  "implements",
  "unique",
  "infer",
  "typeof",
  "asserts",
  "new",
  "abstract",
  "in",
  "out",
  "const",
  "import",
  "as",
  "satisfies",
]);

/** Words that may follow a complete type inside a return type (`x is T`, `T extends U ? A : B`). */
const TYPE_INFIX_WORDS: ReadonlySet<string> = new Set(["is", "extends"]);

/** Punctuators that may appear between type parts at the header's own level. */
const TYPE_PUNCTUATORS: ReadonlySet<string> = new Set([
  "|",
  "&",
  ",",
  ".",
  "?",
  ":",
  "=>",
  "-",
  "=",
]);

const CLOSING_ANGLES: Readonly<Record<string, number>> = { ">": 1, ">>": 2, ">>>": 3 };

/** True when the previous token completes a type (a `{` after it cannot start a type literal). */
function endsType(prev: PreviousToken): boolean {
  switch (prev.kind) {
    case "ident":
      return !TYPE_PREFIX_WORDS.has(prev.value);
    case "string":
    case "number":
    case "template":
      return true;
    case "punct":
      return (
        prev.value === ")" ||
        prev.value === "]" ||
        prev.value === "}" ||
        prev.value in CLOSING_ANGLES
      );
    default:
      return false;
  }
}

function isOpener(kind: TokenKind, value: string): boolean {
  return kind === "template-head" || (kind === "punct" && (value === "(" || value === "["));
}

/**
 * Follows the header of a `function` or `class` (name, type parameters, parameters, return type,
 * heritage clauses) to find the `{` of its body. Everything from the keyword to the end of the
 * body is one function-like or class-like node, so nothing in it runs when the module is
 * evaluated. Brackets are tracked by the classifier; this only sees the tokens at the header's
 * own level. It accepts the common shapes and aborts on anything else.
 */
export class ConstructHeader {
  private stage: Stage;
  /** Open `<` of type parameters or type arguments at the header's level. */
  private angles = 0;
  private afterTypeParameters: Stage = "function-named";
  /** A function (its body holds statements), not a class (its body holds members). */
  readonly isFunction: boolean;

  constructor(keyword: "function" | "class") {
    this.stage = keyword;
    this.isFunction = keyword === "function";
  }

  step(kind: TokenKind, value: string, prev: PreviousToken): HeaderAction {
    const punct = kind === "punct" ? value : "";
    switch (this.stage) {
      case "function":
        if (punct === "*") return "consume";
        if (kind === "ident") {
          this.stage = "function-named";
          return "consume";
        }
        return this.functionNamed(punct);
      case "function-named":
        return this.functionNamed(punct);
      case "function-after-parameters":
        if (punct === "{") return "body";
        if (punct === ";") return "end";
        if (punct !== ":") return "abort";
        this.stage = "return-type";
        return "consume";
      case "return-type":
        return this.returnType(kind, value, prev);
      case "class":
      case "class-named":
        if (kind === "ident" && value === "extends") this.stage = "extends";
        else if (kind === "ident" && value === "implements") this.stage = "implements";
        else if (kind === "ident" && this.stage === "class") this.stage = "class-named";
        else if (punct === "{") return "body";
        else if (punct === "<") return this.startTypeParameters("class-named");
        else return "abort";
        return "consume";
      case "extends":
      case "implements":
        return this.heritage(kind, value, prev);
      case "type-parameters":
        return this.typeParameters(kind, value);
    }
  }

  private functionNamed(punct: string): HeaderAction {
    if (punct === "(") {
      this.stage = "function-after-parameters";
      return "open";
    }
    if (punct === "<") return this.startTypeParameters("function-named");
    return "abort";
  }

  private startTypeParameters(then: Stage): HeaderAction {
    this.stage = "type-parameters";
    this.afterTypeParameters = then;
    this.angles = 1;
    return "consume";
  }

  /** Track `<` and `>`; false when they no longer balance. */
  private angle(punct: string): boolean {
    if (punct === "<") this.angles++;
    else this.angles -= CLOSING_ANGLES[punct] ?? 0;
    return this.angles >= 0;
  }

  private typeParameters(kind: TokenKind, value: string): HeaderAction {
    if (kind !== "punct") return kind === "ident" || kind === "string" ? "consume" : "abort";
    if (value === "<" || value in CLOSING_ANGLES) {
      if (!this.angle(value)) return "abort";
      if (this.angles === 0) this.stage = this.afterTypeParameters;
      return "consume";
    }
    if (value === "(" || value === "[" || value === "{") return "open";
    return TYPE_PUNCTUATORS.has(value) ? "consume" : "abort";
  }

  private returnType(kind: TokenKind, value: string, prev: PreviousToken): HeaderAction {
    const complete = endsType(prev);
    if (kind === "punct") {
      if (value === "{") {
        if (this.angles > 0) return "open";
        if (complete) return "body";
        return prev.kind === "ident" ? "abort" : "open";
      }
      if (value === "(") return complete && this.angles === 0 ? "abort" : "open";
      if (value === "[") return "open";
      if (value === "<" || value in CLOSING_ANGLES) return this.angle(value) ? "consume" : "abort";
      if (value === ";") return this.angles === 0 ? "end" : "abort";
      return TYPE_PUNCTUATORS.has(value) && value !== "=" ? "consume" : "abort";
    }
    if (kind === "template-head") return "open";
    if (kind === "ident") return complete && !TYPE_INFIX_WORDS.has(value) ? "abort" : "consume";
    if (kind === "string" || kind === "number" || kind === "template")
      return complete ? "abort" : "consume";
    return "abort";
  }

  /** `extends` and `implements` clauses of a class, up to the `{` of its body. */
  private heritage(kind: TokenKind, value: string, prev: PreviousToken): HeaderAction {
    const complete = endsType(prev);
    if (kind === "ident") {
      if (value === "implements" && this.angles === 0) {
        this.stage = "implements";
        return "consume";
      }
      return complete && this.angles === 0 ? "abort" : "consume";
    }
    if (this.angles > 0) {
      if (kind === "punct" && (value === "<" || value in CLOSING_ANGLES))
        return this.angle(value) ? "consume" : "abort";
      if (kind === "punct" && value === "{") return "open";
      if (isOpener(kind, value)) return "open";
      if (kind === "punct") return TYPE_PUNCTUATORS.has(value) ? "consume" : "abort";
      return kind === "string" || kind === "number" ? "consume" : "abort";
    }
    if (kind !== "punct") return "abort";
    if (value === "{") return complete ? "body" : "abort";
    if (value === "<") return this.angle(value) ? "consume" : "abort";
    if (value === "." || value === "?.") return complete ? "consume" : "abort";
    if (this.stage === "implements") return value === "," && complete ? "consume" : "abort";
    // `extends` takes an expression: calls and element access are allowed.
    return value === "(" || value === "[" ? "open" : "abort";
  }
}

import { ConstructHeader } from "./construct-header.js";
import { JsLexer, type SlashMode } from "./js-lexer.js";
import { mayRegister, REGISTER_METHOD, REGISTER_RECEIVER } from "./register-call-pattern.js";
import {
  AFTER_COMPUTED_NAME,
  AFTER_PARAMETERS,
  braceFrame,
  frame,
  type Frame,
  type Role,
} from "./bracket-frame.js";
import {
  CONTINUATION_WORDS,
  CONTROL_WORDS,
  endsExpression,
  isAdjacencyError,
  slashAfter,
  type TokenContext,
} from "./token-context.js";

/**
 * The lexical classifier's answer for one file: it certainly has a top-level
 * `registry.register(...)` call, it certainly has none, or it cannot tell (the compiler decides).
 */
export type LexicalVerdict = "register" | "no-register" | "unsure";

const NO_TOKEN: TokenContext = {
  kind: "none",
  value: "",
  afterDot: false,
  closedControl: false,
  postfix: false,
};

/**
 * One pass over a file's tokens. `registry.register(` followed by the call's `(` is a candidate;
 * it counts when every enclosing bracket runs at module evaluation, no arrow function may still
 * be open around it, and every enclosing bracket that could turn out to be parameters or a
 * method name has closed with a token that rules that out. Calls inside function, class and
 * arrow bodies are ignored; anything undecidable makes the answer `unsure`, unless a call that
 * certainly counts is found first.
 */
class Classification {
  private readonly lexer: JsLexer;
  private readonly stack: Frame[] = [frame("root", "run", { statements: true })];
  private prev: TokenContext = NO_TOKEN;
  private prevPrevValue = "";
  /** The frame closed by the previous token, when that token was a bracket. */
  private closed: Frame | undefined;
  /** A frame holding a candidate just closed: judge it by the current token. */
  private check: Frame | undefined;
  /** Progress through `registry` `.` `register` (`?.`) `(`. */
  private callState = 0;
  private slash: SlashMode = "regex";
  private unsure = false;
  /** The frame the last closing bracket popped. */
  private popped: Frame | undefined;

  constructor(text: string) {
    this.lexer = new JsLexer(text);
  }

  run(): LexicalVerdict {
    const { lexer } = this;
    lexer.next("regex");
    for (;;) {
      if (lexer.kind === "error") return "unsure";
      if (this.check !== undefined && this.judgeClosed(this.check)) return "register";
      if (lexer.kind === "eof")
        return this.stack.length === 1 && !this.unsure && this.top.construct === undefined
          ? "no-register"
          : "unsure";
      const verdict = this.step();
      if (verdict !== undefined) return verdict;
      this.slash = this.top.construct === undefined ? slashAfter(this.prev) : "unknown";
      lexer.next(this.slash);
    }
  }

  private get top(): Frame {
    return this.stack[this.stack.length - 1] as Frame;
  }

  private inherited(parent: Frame): Role {
    if (parent.role === "deferred" || parent.construct !== undefined) return "deferred";
    return parent.role === "maybe" || parent.arrowOpen ? "maybe" : "run";
  }

  /** A pending frame holding a candidate closed; true when the candidate now certainly counts. */
  private judgeClosed(closed: Frame): boolean {
    this.check = undefined;
    const { kind, value } = this.lexer;
    const bad = closed.open === "(" ? AFTER_PARAMETERS : AFTER_COMPUTED_NAME;
    if (kind === "punct" && bad.has(value)) {
      this.unsure = true;
      return false;
    }
    return this.awaitEnclosing();
  }

  /** Hand a candidate to the nearest enclosing pending frame; true when there is none. */
  private awaitEnclosing(): boolean {
    for (let i = this.stack.length - 1; i > 0; i--) {
      const outer = this.stack[i] as Frame;
      if (outer.pending) {
        outer.hasCandidate = true;
        return false;
      }
    }
    return true;
  }

  /** Process the current token; a verdict ends the classification. */
  private step(): LexicalVerdict | undefined {
    const { kind, value, newlineBefore } = this.lexer;
    const top = this.top;
    const afterDot =
      kind === "ident" &&
      this.prev.kind === "punct" &&
      (this.prev.value === "." || this.prev.value === "?.");

    if (
      newlineBefore &&
      top.arrowOpen &&
      top.statements &&
      kind === "ident" &&
      !CONTINUATION_WORDS.has(value) &&
      endsExpression(this.prev)
    ) {
      // A line break where the expression cannot continue ends the statement (ASI), and with it
      // any arrow function's expression body.
      top.arrowOpen = false;
      top.angleAfterArrow = false;
    }

    if (isAdjacencyError(this.prev, this.prevPrevValue, kind, value, newlineBefore))
      return "unsure";

    const verdict = this.followCall(kind, value, afterDot);
    if (verdict !== undefined) return verdict;

    if (top.construct !== undefined) {
      const action = top.construct.step(kind, value, this.prev);
      if (action === "abort") return "unsure";
      if (action === "end") top.construct = undefined;
      else if (action === "open") this.push(this.opened(kind, value, "deferred"));
      else if (action === "body")
        this.push(
          frame("{", "deferred", { endsConstruct: true, statements: top.construct.isFunction }),
        );
      this.advance(kind, value, afterDot);
      return undefined;
    }

    if (kind === "template-head") {
      this.push(frame("${", this.inherited(top)));
    } else if (kind === "ident") {
      if (!afterDot && (value === "function" || value === "class") && top.role !== "deferred")
        top.construct = new ConstructHeader(value);
    } else if (kind === "punct") {
      const result = this.punctuator(top, value);
      if (result === "resumed") return undefined;
      if (result !== undefined) return result;
    }
    this.advance(kind, value, afterDot);
    return undefined;
  }

  /** Track `registry.register(`; a verdict when a candidate certainly counts. */
  private followCall(kind: string, value: string, afterDot: boolean): LexicalVerdict | undefined {
    const state = this.callState;
    this.callState = 0;
    const isPunct = kind === "punct";
    if (state === 1 && isPunct && (value === "." || value === "?.")) this.callState = 2;
    else if (state === 2 && kind === "ident" && value === REGISTER_METHOD) this.callState = 3;
    else if (state === 3 && isPunct && value === "?.") this.callState = 4;
    else if ((state === 3 || state === 4) && isPunct && value === "(") return this.candidate();
    else if (state === 3 && isPunct && value === "<" && !this.isDeferred()) this.unsure = true;
    if (
      this.callState === 0 &&
      kind === "ident" &&
      value === REGISTER_RECEIVER &&
      !afterDot &&
      !(this.prev.kind === "ident" && this.prev.value === "new" && !this.prev.afterDot)
    )
      this.callState = 1;
    return undefined;
  }

  private isDeferred(): boolean {
    return this.top.role === "deferred" || this.top.construct !== undefined;
  }

  /** A `registry.register(` call at the current level (the `(` is the current token). */
  private candidate(): LexicalVerdict | undefined {
    if (this.isDeferred()) return undefined;
    const top = this.top;
    if (top.role === "maybe" || top.arrowOpen) {
      this.unsure = true;
      return undefined;
    }
    return this.awaitEnclosing() ? "register" : undefined;
  }

  /** Handle a punctuator; `resumed` when it closed a template substitution (already advanced). */
  private punctuator(top: Frame, value: string): LexicalVerdict | "resumed" | undefined {
    switch (value) {
      case "(": {
        const control =
          top.statements &&
          this.prev.kind === "ident" &&
          !this.prev.afterDot &&
          (CONTROL_WORDS.has(this.prev.value) ||
            (this.prev.value === "await" && this.prevPrevValue === "for"));
        this.push(frame("(", this.inherited(top), { control, pending: !control }));
        return undefined;
      }
      case "[":
        this.push(frame("[", this.inherited(top), { pending: true }));
        return undefined;
      case "{":
        this.push(this.brace(top));
        return undefined;
      case ")":
      case "]":
      case "}":
        return this.close(top, value);
      case ";":
        top.arrowOpen = false;
        top.angleAfterArrow = false;
        return undefined;
      case ",":
        if (!top.angleAfterArrow) top.arrowOpen = false;
        return undefined;
      case "=>":
        if (top.role !== "deferred") top.arrowOpen = true;
        return undefined;
      case "<":
        // In operand position `<` starts JSX, a type assertion or a generic arrow function.
        if (this.slash !== "divide") return "unsure";
        if (top.arrowOpen) top.angleAfterArrow = true;
        return undefined;
      default:
        return undefined;
    }
  }

  /** The frame a `{` opens, outside function and class headers. */
  private brace(top: Frame): Frame {
    return braceFrame(this.inherited(top), top, {
      prev: this.prev,
      prevPrevValue: this.prevPrevValue,
      closed: this.closed,
      newlineBefore: this.lexer.newlineBefore,
    });
  }

  private close(top: Frame, value: string): LexicalVerdict | "resumed" | undefined {
    if (top.open === "root" || top.construct !== undefined) return "unsure";
    if (top.open === "${" && value === "}") {
      this.stack.pop();
      this.lexer.resumeTemplate();
      if (this.lexer.kind === "error") return "unsure";
      if (this.lexer.kind === "template-head") this.push(frame("${", this.inherited(this.top)));
      this.popped = undefined;
      this.advance(this.lexer.kind, "", false);
      return "resumed";
    }
    const expected = value === ")" ? "(" : value === "]" ? "[" : "{";
    if (top.open !== expected) return "unsure";
    this.stack.pop();
    this.popped = top;
    if (top.endsConstruct) this.top.construct = undefined;
    if (top.hasCandidate) this.check = top;
    return undefined;
  }

  private opened(kind: string, value: string, role: Role): Frame {
    if (kind === "template-head") return frame("${", role);
    return frame(value === "(" ? "(" : value === "[" ? "[" : "{", role);
  }

  private push(next: Frame): void {
    this.stack.push(next);
  }

  /** Remember the current token as the previous one. */
  private advance(kind: string, value: string, afterDot: boolean): void {
    const closing = kind === "punct" && (value === ")" || value === "]" || value === "}");
    const closed = closing ? this.popped : undefined;
    this.prevPrevValue = this.prev.value;
    this.prev = {
      kind: kind as TokenContext["kind"],
      value,
      afterDot,
      closedControl: closed?.control === true,
      postfix: value === "!" && kind === "punct" && endsExpression(this.prev),
    };
    this.closed = closed;
  }
}

/**
 * Decide from the text alone whether a module has a top-level `registry.register(...)` call
 * (same rules as the compiler scanner: not inside a function, method, arrow function or class,
 * nor in a comment or a string). Conservative: `register` and `no-register` are certain,
 * everything else is `unsure` and must go to the compiler.
 */
export function classifyRegisterCalls(text: string): LexicalVerdict {
  if (!mayRegister(text)) return "no-register";
  // U+2028 and U+2029 end lines for the compiler, even inside comments and strings.
  if (text.includes("\u2028") || text.includes("\u2029")) return "unsure";
  try {
    return new Classification(text).run();
  } catch {
    // Never expected; the compiler stays the authority whatever happens here.
    return "unsure";
  }
}

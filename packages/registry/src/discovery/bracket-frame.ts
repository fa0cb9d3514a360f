import type { ConstructHeader } from "./construct-header.js";
import { BLOCK_WORDS, OBJECT_WORDS, type TokenContext } from "./token-context.js";

/**
 * The lexical classifier's model of brackets: what each open bracket holds, and what a `{` opens
 * judged from the tokens before it.
 */

/**
 * Whether code in a bracket runs when the module is evaluated: `run` (module body, blocks,
 * expressions, object literals), `deferred` (inside a function, arrow function, method or class:
 * certainly not), `maybe` (cannot tell: an object-literal method body, a namespace body, code
 * after an arrow whose end is not certain...).
 */
export type Role = "run" | "maybe" | "deferred";

/** An open bracket (or the module body, `root`) and what the classifier knows about it. */
export interface Frame {
  readonly open: "root" | "{" | "(" | "[" | "${";
  readonly role: Role;
  /**
   * Holds statements (module body, block, function or method body), where a line break can end
   * a statement and `if (` is a statement head rather than a method name.
   */
  readonly statements: boolean;
  /** A `(` holding the head of `if`, `for`, `while`, `switch`, `catch` or `with`. */
  readonly control: boolean;
  /**
   * Whether the code inside runs depends on what follows the closing bracket: a `(` followed by
   * `=>`, `:` or `{` held parameters; a `[` followed by `(` was a computed method name.
   */
  readonly pending: boolean;
  /** The body of the construct (function or class) whose header was followed on the parent. */
  readonly endsConstruct: boolean;
  /** A `registry.register(` call waits, inside, for this bracket to close and be judged. */
  hasCandidate: boolean;
  /** An arrow function with an expression body started at this level and may not have ended. */
  arrowOpen: boolean;
  /** A `<` came after that arrow: a `,` may be inside type arguments, so it does not end it. */
  angleAfterArrow: boolean;
  /** The header of a `function` or `class` is being read at this level. */
  construct: ConstructHeader | undefined;
}

/**
 * Tokens before a name that make the name a type (`m(): void {` is a method with a return type,
 * whatever the name is), so a `{` after it is not an object literal.
 */
const TYPE_CONTEXT: ReadonlySet<string> = new Set([":", "|", "&", "=>", "?", "is", "extends"]);

/** Tokens that, right after a pending `(` closes, show it held parameters (or may have). */
export const AFTER_PARAMETERS: ReadonlySet<string> = new Set(["=>", ":", "{"]);
/** Tokens that, right after a pending `[` closes, show it was a method name (or may have been). */
export const AFTER_COMPUTED_NAME: ReadonlySet<string> = new Set(["(", "<", "?", "=>", "{"]);

/** A new frame; unspecified properties are false or undefined. */
export function frame(open: Frame["open"], role: Role, options: Partial<Frame> = {}): Frame {
  return {
    open,
    role,
    statements: false,
    control: false,
    pending: false,
    endsConstruct: false,
    hasCandidate: false,
    arrowOpen: false,
    angleAfterArrow: false,
    construct: undefined,
    ...options,
  };
}

/** What the classifier knows around a `{`. */
export interface BraceContext {
  readonly prev: TokenContext;
  readonly prevPrevValue: string;
  /** The frame closed by the previous token, when it was a closing bracket. */
  readonly closed: Frame | undefined;
  readonly newlineBefore: boolean;
}

/** What a `{` starts, judged from the tokens before it: a block, an object literal, or unclear. */
function braceKind(top: Frame, context: BraceContext): "block" | "object" | "maybe" {
  const { prev, closed } = context;
  switch (prev.kind) {
    case "none":
      return "block";
    case "ident":
      if (prev.afterDot || TYPE_CONTEXT.has(context.prevPrevValue)) return "maybe";
      if (BLOCK_WORDS.has(prev.value)) return "block";
      return OBJECT_WORDS.has(prev.value) ? "object" : "maybe";
    case "punct":
      switch (prev.value) {
        case ")":
          return closed?.control === true ? "block" : "maybe";
        case ";":
        case "{":
          return top.statements ? "block" : "maybe";
        case "}":
          return top.statements && (context.newlineBefore || closed?.statements === true)
            ? "block"
            : "maybe";
        case "]":
        case ">":
        case ">>":
        case ">>>":
        case "++":
        case "--":
          return "maybe";
        default:
          return "object";
      }
    case "template-head":
      return "object";
    default:
      return "maybe";
  }
}

/**
 * The frame a `{` opens (outside function and class headers, which the header machine handles),
 * given the role it inherits. Everything but an object literal is taken to hold statements
 * (blocks, function and method bodies, namespaces), so that `if` and friends are recognized
 * inside them too; inside an object literal they are method names.
 */
export function braceFrame(inherited: Role, top: Frame, context: BraceContext): Frame {
  const arrowBody = context.prev.kind === "punct" && context.prev.value === "=>";
  const kind = arrowBody ? "block" : braceKind(top, context);
  const statements = kind !== "object";
  if (inherited === "deferred" || arrowBody) return frame("{", "deferred", { statements });
  return frame("{", kind === "maybe" ? "maybe" : inherited, { statements });
}

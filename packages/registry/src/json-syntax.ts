/** Where and why a JSON text is malformed. */
export interface JsonSyntaxProblem {
  /** Offset (UTF-16 units) of the first character that cannot be right. */
  readonly position: number;
  readonly line: number;
  readonly column: number;
  readonly reason: string;
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// JSON strings may not hold raw control characters (below U+0020).
const STRING_BODY = new RegExp(
  String.raw`(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*`,
  "y",
);

/**
 * Find the first syntax error of a JSON text, with its position, line and column, for error
 * messages a model can act on (V8's own messages do not always say where). Iterative, so deeply
 * nested input cannot overflow the stack. Returns undefined for valid JSON.
 */
export function findJsonSyntaxProblem(text: string): JsonSyntaxProblem | undefined {
  let i = 0;
  const stack: ("{" | "[")[] = [];
  const fail = (reason: string): JsonSyntaxProblem => problemAt(text, i, reason);
  const skipSpace = (): void => {
    while (i < text.length && WHITESPACE.has(text[i] as string)) i++;
  };
  const scanString = (): boolean => {
    i++;
    STRING_BODY.lastIndex = i;
    STRING_BODY.exec(text);
    i = STRING_BODY.lastIndex;
    if (text[i] !== '"') return false;
    i++;
    return true;
  };
  for (;;) {
    skipSpace();
    // A value is expected here.
    const char = text[i];
    if (char === undefined) return fail("the text ends where a value was expected");
    if (char === "{" || char === "[") {
      stack.push(char);
      i++;
      skipSpace();
      const close = char === "{" ? "}" : "]";
      if (text[i] === close) {
        stack.pop();
        i++;
      } else if (char === "{") {
        if (text[i] !== '"') return fail(`expected a property name in double quotes`);
        if (!scanString()) return fail("unterminated or malformed string");
        skipSpace();
        if (text[i] !== ":") return fail("expected ':' after the property name");
        i++;
        continue;
      } else {
        continue;
      }
    } else if (char === '"') {
      if (!scanString()) return fail("unterminated or malformed string");
    } else if (text.startsWith("true", i) || text.startsWith("null", i)) {
      i += 4;
    } else if (text.startsWith("false", i)) {
      i += 5;
    } else {
      NUMBER.lastIndex = i;
      if (NUMBER.exec(text) === null) return fail(`unexpected ${describe(char)}`);
      i = NUMBER.lastIndex;
    }
    // After a value: a separator, a closer, or the end.
    for (;;) {
      skipSpace();
      const top = stack[stack.length - 1];
      if (top === undefined) {
        return i === text.length
          ? undefined
          : fail(`unexpected ${describe(text[i] as string)} after the value`);
      }
      const next = text[i];
      if (next === undefined)
        return fail(`the text ends inside ${top === "{" ? "an object" : "a list"}`);
      if (next === (top === "{" ? "}" : "]")) {
        stack.pop();
        i++;
        continue;
      }
      if (next !== ",") return fail(`expected ',' or '${top === "{" ? "}" : "]"}'`);
      i++;
      if (top === "{") {
        skipSpace();
        if (text[i] !== '"') return fail("expected a property name in double quotes");
        if (!scanString()) return fail("unterminated or malformed string");
        skipSpace();
        if (text[i] !== ":") return fail("expected ':' after the property name");
        i++;
      }
      break;
    }
  }
}

function describe(char: string): string {
  return `character ${JSON.stringify(char)}`;
}

function problemAt(text: string, position: number, reason: string): JsonSyntaxProblem {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < position && k < text.length; k++) {
    if (text[k] === "\n") {
      line++;
      lineStart = k + 1;
    }
  }
  return { position, line, column: position - lineStart + 1, reason };
}

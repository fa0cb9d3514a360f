import { lookupVariable, type VariableScope } from "./variables.js";

const MAX_DEPTH = 8;
const SUBSTITUTION = /\$\(|`/;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/g;

/**
 * The shell code that evaluating `text` as bash arithmetic would run. Bash evaluates a
 * variable's value as an arithmetic expression in turn, and expands array subscripts inside
 * it, so `x='a[$(cmd)]'; echo $((x))` runs `cmd`: every text reached that way which holds a
 * command substitution is returned, to be analysed as shell code.
 */
export function arithmeticCode(text: string, scope: VariableScope): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const visit = (expression: string, depth: number): void => {
    if (depth > MAX_DEPTH || found.length > 16) return;
    if (SUBSTITUTION.test(expression)) {
      found.push(expression);
      return;
    }
    for (const match of expression.matchAll(NAME)) {
      const name = match[0];
      if (seen.has(name)) continue;
      seen.add(name);
      const value = lookupVariable(scope, name);
      if (value === null || value === "separator" || value.dynamic) continue;
      visit(value.text, depth + 1);
    }
  };
  visit(text, 0);
  return found;
}

/** Operators of `[[ ]]` whose operands bash evaluates as arithmetic. */
export const ARITHMETIC_TEST_OPERATORS: ReadonlySet<string> = new Set([
  "-eq",
  "-ne",
  "-lt",
  "-le",
  "-gt",
  "-ge",
]);

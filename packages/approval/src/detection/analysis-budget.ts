/**
 * A linear pre-scan that bounds the work detection may do. The parser and the rules are fast on
 * ordinary commands but degrade on pathological shapes (thousands of nested groups, pipelines of
 * thousands of stages), so input over any budget is refused up front (held for approval, never
 * passed) before it reaches the parser.
 */

/** Longest command text analysed, in UTF-16 code units. */
export const MAX_ANALYSED_COMMAND_LENGTH = 65_536;
/** Deepest nesting of `(`, `{`, `[` and backquotes (outside quotes) analysed. */
export const MAX_ANALYSED_NESTING = 64;
/** Most pipe characters (outside quotes) analysed in one command. */
export const MAX_ANALYSED_OPERATORS = 512;

/** Why a command is over budget, or null when it is within every budget. */
export function overBudgetReason(text: string): string | null {
  if (text.length > MAX_ANALYSED_COMMAND_LENGTH)
    return `command is ${text.length} characters, over the ${MAX_ANALYSED_COMMAND_LENGTH}-character analysis budget; write long scripts to a file and run the file`;
  let depth = 0;
  let operators = 0;
  let quote = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 92 /* \ */ && quote !== "'") {
      i++;
      continue;
    }
    if (quote !== "") {
      if (String.fromCharCode(ch) === quote) quote = "";
      else if (quote === '"' && ch === 36 /* $ */ && text.charCodeAt(i + 1) === 40 /* ( */) {
        // A substitution inside double quotes nests like one outside them.
        if (++depth > MAX_ANALYSED_NESTING) return nestingReason();
      }
      continue;
    }
    switch (ch) {
      case 39: // '
      case 34: // "
        quote = String.fromCharCode(ch);
        break;
      case 40: // (
      case 123: // {
      case 91: // [
      case 96: // `
        if (++depth > MAX_ANALYSED_NESTING) return nestingReason();
        break;
      case 41: // )
      case 125: // }
      case 93: // ]
        if (depth > 0) depth--;
        break;
      case 124: // |
        if (++operators > MAX_ANALYSED_OPERATORS)
          return `command has more than ${MAX_ANALYSED_OPERATORS} pipe operators, over the analysis budget; write long scripts to a file and run the file`;
        break;
      default:
        break;
    }
  }
  return null;
}

function nestingReason(): string {
  return `command nests groups, brackets or substitutions more than ${MAX_ANALYSED_NESTING} deep, over the analysis budget`;
}

import { DYNAMIC } from "./shell-ir.js";

/** The statically known value of a shell variable. */
export interface VariableValue {
  readonly text: string;
  readonly dynamic: boolean;
  /** The elements of an indexed array assigned from static words (`a=(x y)`). */
  readonly elements?: readonly string[];
}

/** Variables assigned earlier in the script being analysed. */
export type VariableScope = Map<string, VariableValue>;

// Well-known variables whose meaning (not exact value) is what the rules need.
const WELL_KNOWN: ReadonlyMap<string, VariableValue> = new Map([
  ["HOME", { text: "~", dynamic: false }],
  ["PWD", { text: ".", dynamic: false }],
  ["HERMES_HOME", { text: "~/.hermes", dynamic: false }],
  ["XDG_CONFIG_HOME", { text: "~/.config", dynamic: false }],
]);

/** Result of looking a variable up: a value, a field separator (`$IFS`), or unknown. */
export type Lookup = VariableValue | "separator" | null;

/** Look a variable up in the script scope, then among the well-known ones. */
export function lookupVariable(scope: VariableScope, name: string): Lookup {
  if (name === "IFS") return "separator";
  // A script that changes IFS splits every unquoted expansion differently: treat them as unknown.
  if (scope.has("IFS")) return null;
  const own = scope.get(name);
  if (own !== undefined) return own;
  return WELL_KNOWN.get(name) ?? null;
}

/** The unknown value. */
export const UNKNOWN_VALUE: VariableValue = { text: DYNAMIC, dynamic: true };

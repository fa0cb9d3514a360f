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
  // What the shell-path variables name is always a shell that runs `-c` text.
  ["BASH", { text: "/bin/bash", dynamic: false }],
  ["SHELL", { text: "/bin/bash", dynamic: false }],
  ["CONFIG_SHELL", { text: "/bin/sh", dynamic: false }],
]);

/**
 * Scope key present when the scope was seeded from the session's complete exported
 * environment: a variable the scope does not hold is then unset (its `${x:-default}` is the
 * default), not unknown.
 */
export const COMPLETE_ENVIRONMENT = "\u0000environment";

// Variables whose meaning is kept over the session's value (rules read `~` for HOME), and
// IFS, whose presence makes every expansion unknown: seeded only when the session changed it
// (an exported `IFS=%` splits `$x` at `%`).
const DEFAULT_IFS = " \t\n";
const NOT_SEEDED: ReadonlySet<string> = new Set(["HOME", "PWD", "OLDPWD", "HERMES_HOME", "IFS"]);

/** A scope holding the session's exported variables. */
export function environmentScope(
  environment: ReadonlyMap<string, string> | undefined,
): VariableScope {
  const scope: VariableScope = new Map();
  if (environment === undefined) return scope;
  for (const [name, text] of environment)
    if (!NOT_SEEDED.has(name) || (name === "IFS" && text !== DEFAULT_IFS))
      scope.set(name, { text, dynamic: false });
  scope.set(COMPLETE_ENVIRONMENT, { text: "", dynamic: false });
  return scope;
}

/** Result of looking a variable up: a value, a field separator (`$IFS`), or unknown. */
export type Lookup = VariableValue | "separator" | null;

/** Look a variable up in the script scope, then among the well-known ones. */
export function lookupVariable(scope: VariableScope, name: string): Lookup {
  if (name === "IFS") return "separator";
  // A script that changes IFS splits every unquoted expansion differently: treat them as unknown.
  if (scope.has("IFS")) return null;
  const own = scope.get(name);
  // A value grown past the budget (`x=$x$x` doubling) is not built further: unknown from here.
  if (own !== undefined) return valueLength(own) > MAX_STATIC_VALUE ? null : own;
  return WELL_KNOWN.get(name) ?? null;
}

/**
 * Longest variable value, and longest word, expanded statically (UTF-16 code units): past it
 * the value is treated as known only at run time, so expansion work stays linear in the input.
 */
export const MAX_STATIC_VALUE = 65_536;

function valueLength(value: VariableValue): number {
  let length = value.text.length;
  for (const element of value.elements ?? []) length += element.length;
  return length;
}

/** The unknown value. */
export const UNKNOWN_VALUE: VariableValue = { text: DYNAMIC, dynamic: true };

// What `mktemp` prints, statically: a variable assigned from `$(mktemp ...)` names a fresh file
// or directory that the script itself created, so a later `rm -rf "$tmp"` or a trap that cleans
// it up is judged by that path instead of as an unknown operand.
import type { Script, Word } from "./shell-ir.js";
import { lookupVariable, type VariableScope } from "./variables.js";

/** The placeholder part of a generated name: literal `X`s, as in mktemp's own templates. */
const DEFAULT_NAME = "tmp.XXXXXXXXXX";
const DEFAULT_DIR = "/tmp";
// Only values made of these characters are substituted into handler text.
const PLAIN_VALUE = /^[A-Za-z0-9_./~:@%+,=-]+$/;
const MKTEMP_OPTIONS_WITH_VALUE = new Set(["-p", "--tmpdir", "--suffix"]);

/**
 * The path a `mktemp` command line prints, with the random part left as `X`s, or null when
 * some argument is only known at run time.
 */
export function mktempPath(words: readonly Word[]): string | null {
  let dir: string | null = null;
  let underTmp = false;
  let template: string | null = null;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (word.dynamic) return null;
    const text = word.text;
    if (MKTEMP_OPTIONS_WITH_VALUE.has(text) && text !== "--tmpdir") {
      const value = words[i + 1];
      if (value === undefined || value.dynamic) return null;
      if (text === "-p") dir = value.text;
      i++;
    } else if (text.startsWith("--tmpdir=")) dir = text.slice(9);
    else if (text === "--tmpdir") underTmp = true;
    else if (text.startsWith("-p") && text.length > 2) dir = text.slice(2);
    else if (text.startsWith("--suffix=")) continue;
    else if (/^-[dqtu]+$/.test(text) || /^--(?:directory|quiet|dry-run)$/.test(text)) {
      if (text.startsWith("-") && !text.startsWith("--") && text.includes("t")) underTmp = true;
    } else if (text.startsWith("-")) return null;
    else template = text;
  }
  const name = template ?? DEFAULT_NAME;
  if (dir !== null) return `${dir.replace(/\/+$/, "")}/${name}`;
  if (underTmp || template === null) return `${DEFAULT_DIR}/${name}`;
  return name;
}

/** The mktemp path a value word holds when it is exactly `$(mktemp ...)`, or null. */
export function mktempValue(value: Word): string | null {
  if (!value.dynamic || value.substitutions.length !== 1 || value.text.length !== 1) return null;
  const script: Script | undefined = value.substitutions[0];
  const only = script?.commands.length === 1 ? script.commands[0] : undefined;
  if (only === undefined || only.words[0]?.text !== "mktemp") return null;
  return mktempPath(only.words);
}

const HANDLER_VARIABLE = /\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g;

/**
 * Shell text that runs later in the same shell (a trap handler, an eval string) with the
 * variables the script has already given a plain static value replaced by that value, so the
 * text is judged with what those variables hold. Unknown variables are left as they are.
 */
export function withKnownVariables(text: string, scope: VariableScope): string {
  if (!text.includes("$") || scope.size === 0) return text;
  return text.replace(HANDLER_VARIABLE, (whole, braced: string | undefined, bare: string) => {
    const name = braced ?? bare;
    if (!scope.has(name)) return whole;
    const value = lookupVariable(scope, name);
    if (value === null || value === "separator" || value.dynamic) return whole;
    return PLAIN_VALUE.test(value.text) ? value.text : whole;
  });
}

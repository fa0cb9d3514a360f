// Constant folding of string expressions in interpreter code, so that what a one-liner builds at
// run time from constants is judged as the text it becomes: concatenations (`"sys" . "tem"`,
// `'child' + '_process'`), decoders (`bytes.fromhex`, `atob`, `pack("H*", ...)`,
// `String.fromCharCode`), reversals, joins, path joins, home-directory expressions and variables
// assigned a constant once. The folded code keeps its shape; only the expressions are replaced
// by double-quoted literals that the capability checks read.
import type { Language } from "./code-capabilities.js";
import { COMMON_FOLDS, LANGUAGE_FOLDS, S, quoted, valueOf, type Fold } from "./code-fold-table.js";

const MAX_PASSES = 6;
const MAX_CODE = 16_384;

// Values written inside a string that name the home directory (`"$ENV{HOME}/x"`, `"#{Dir.home}"`).
const HOME_IN_STRING =
  /\$ENV\{\s*['"]?HOME['"]?\s*\}|#\{\s*(?:ENV\s*\[\s*['"]HOME['"]\s*\]|Dir\s*\.\s*home|Etc\s*\.\s*getpwuid\s*\.\s*dir)\s*\}|\$\{\s*(?:process\s*\.\s*env\s*\.\s*HOME|os\s*\.\s*homedir\s*\(\s*\)|(?:require\s*\(\s*['"](?:node:)?os['"]\s*\)\s*\.\s*)?homedir\s*\(\s*\)|Deno\s*\.\s*env\s*\.\s*get\s*\(\s*['"]HOME['"]\s*\)|Bun\s*\.\s*env\s*\.\s*HOME)\s*\}|\{\s*(?:os\s*\.\s*environ\s*\[\s*['"]HOME['"]\s*\]|os\s*\.\s*getenv\s*\(\s*['"]HOME['"]\s*\)|Path\s*\.\s*home\s*\(\s*\)|os\s*\.\s*path\s*\.\s*expanduser\s*\(\s*['"]~['"]\s*\))\s*\}|\{\$_(?:SERVER|ENV)\s*\[\s*['"]HOME['"]\s*\]\}|\$_(?:SERVER|ENV)\s*\[\s*['"]?HOME['"]?\s*\]|\$env\(HOME\)|\$::env\(HOME\)|\$HOME\b/g;
// Expressions that evaluate to the home directory, written as code.
const HOME_EXPRESSION =
  /\b(?:os\s*\.\s*path\s*\.\s*expanduser\s*\(\s*['"]~['"]\s*\)|(?:require\s*\(\s*['"](?:node:)?os['"]\s*\)\s*\.\s*|os\s*\.\s*)?homedir\s*\(\s*\)|(?:pathlib\s*\.\s*)?Path\s*\.\s*home\s*\(\s*\)|Dir\s*\.\s*home|Etc\s*\.\s*getpwuid\s*\.\s*dir|Bun\s*\.\s*env\s*\.\s*HOME|process\s*\.\s*env\s*(?:\.\s*(?:HOME|USERPROFILE)|\[\s*['"](?:HOME|USERPROFILE)['"]\s*\])|os\s*\.\s*environ\s*(?:\[\s*['"]HOME['"]\s*\]|\.get\s*\(\s*['"]HOME['"]\s*(?:,[^)]*)?\))|(?:os\s*\.\s*)?getenv\s*\(\s*['"]HOME['"]\s*\)|ENV\s*(?:\[\s*['"]HOME['"]\s*\]|\.\s*fetch\s*\(\s*['"]HOME['"]\s*\))|ENVIRON\s*\[\s*['"]HOME['"]\s*\]|Deno\s*\.\s*env\s*\.\s*get\s*\(\s*['"]HOME['"]\s*\)|Sys\s*\.\s*getenv\s*\(\s*['"]HOME['"]\s*\)|System\s*\.\s*(?:getenv\s*\(\s*['"]HOME['"]\s*\)|getProperty\s*\(\s*['"]user\.home['"]\s*\))|File\s*\.\s*expand_path\s*\(\s*['"]~['"]\s*\))|\$ENV\s*\{\s*['"]?HOME['"]?\s*\}|\$_(?:SERVER|ENV)\s*\[\s*['"]HOME['"]\s*\]|\$(?:::)?env\(HOME\)/g;

// Calls that turn a `~` path into the home directory: `glob("~")` (Perl, Ruby's Dir.glob),
// `expanduser("~/x")`, `File.expand_path("~/x")`, `Path("~/x").expanduser()`.
const TILDE_CALL =
  /\b(?:(?:os\s*\.\s*path|File|Dir)\s*\.\s*)?(?:(?:bsd_)?glob|expanduser|expand_path)\s*\(\s*(['"])(~[^'"]*)\1\s*\)|\bPath\s*\(\s*(['"])(~[^'"]*)\3\s*\)\s*\.\s*expanduser\s*\(\s*\)/g;

const LITERAL = new RegExp(S, "g");

/** Code with home-directory expressions replaced by `~`, inside strings and as literals. */
export function withHomeLiterals(code: string): string {
  if (!/HOME|home|USERPROFILE|expanduser|expand_path|glob/.test(code)) return code;
  return code
    .replace(TILDE_CALL, (_all, _q, path?: string, _q2?: string, other?: string) =>
      JSON.stringify(path ?? other ?? "~"),
    )
    .replace(LITERAL, (token: string) =>
      /^[rRbBuU]*'/.test(token) ? token : token.replace(HOME_IN_STRING, "~"),
    )
    .replace(HOME_EXPRESSION, '"~"');
}

// `NAME = "value"` assigned once: later uses of NAME read the value.
const ASSIGNMENT = new RegExp(
  String.raw`(?:^|[;\n{(]|\b(?:const|let|var|my|our|local)\s)\s*(\$?[A-Za-z_]\w*)\s*(?:=|<-|:=)(?!=)\s*${S}\s*(?=[;\n)}]|$)`,
  "g",
);

const MUTATION =
  /(?<![\w$])(\$?[A-Za-z_]\w*)\s*(?:\*\*|\|\||&&|\?\?|<<|>>|[-+*/.%|&^])=|(?<![\w$])(\$?[A-Za-z_]\w*)\s*(?:\+\+|--|=~)|(?:\+\+|--)(\$?[A-Za-z_]\w*)|(?:^|[;{]\s*)(?:tr|y|s)\s*[/|#{]/gm;

function propagateConstants(code: string): string {
  const values = new Map<string, string>();
  const counts = new Map<string, number>();
  for (const m of code.matchAll(/(?:^|[^=!<>])(\$?[A-Za-z_]\w*)\s*(?:=|<-|:=|\+=|\.=)(?!=)/g))
    counts.set(m[1] ?? "", (counts.get(m[1] ?? "") ?? 0) + 1);
  // A variable changed in place (`d += c`, `i++`, `$x =~ tr/a-z/n-za-m/`, a bare perl `tr///`
  // on `$_`) does not keep the value it was first given.
  for (const m of code.matchAll(MUTATION)) counts.set(m[1] ?? m[2] ?? m[3] ?? "$_", 2);
  for (const m of code.matchAll(ASSIGNMENT)) {
    const name = m[1] ?? "";
    if (counts.get(name) === 1) values.set(name, valueOf(m[2] ?? ""));
  }
  if (values.size === 0) return code;
  const names = [...values.keys()].map((name) => name.replace(/\$/g, "\\$")).join("|");
  const use = new RegExp(String.raw`${S}|(?<![\w$.])(${names})(?![\w])(\s*(?:\(|=(?!=)|<-)?)`, "g");
  return code.replace(use, (all: string, literal?: string, name?: string, after?: string) => {
    if (literal !== undefined || name === undefined) return all;
    const value = values.get(name) ?? "";
    if (after !== undefined && /[=<]/.test(after)) return all;
    // A variable called as a function (`$f("...")` in PHP) calls the function it names.
    if (after?.includes("(")) return /^[\w:.\\]+$/.test(value) ? `${value}${after}` : all;
    return quoted(value) + (after ?? "");
  });
}

const FOLDS_BY_LANGUAGE = new Map<Language, readonly Fold[]>();

/** The common folds and the language's own, listed once per language. */
function foldsOf(language: Language): readonly Fold[] {
  let folds = FOLDS_BY_LANGUAGE.get(language);
  if (folds === undefined) {
    folds = [...COMMON_FOLDS, ...(LANGUAGE_FOLDS[language] ?? [])];
    FOLDS_BY_LANGUAGE.set(language, folds);
  }
  return folds;
}

/**
 * Code with constant string expressions folded into literals, home-directory expressions
 * replaced by `"~"`, and constant variables propagated. Bounded: a few passes, and code over
 * 16 KiB is returned with home expressions replaced only.
 */
export function foldCode(code: string, language: Language): string {
  let current = withHomeLiterals(code);
  if (current.length > MAX_CODE) return current;
  const folds = foldsOf(language);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let next = propagateConstants(current);
    for (const [pattern, fold] of folds)
      next = next.replace(pattern, (all: string, ...groups: unknown[]) => {
        const captured = groups.slice(0, -2).map((group) => (group as string | undefined) ?? "");
        const folded = fold(...(captured.length === 0 ? [all] : captured));
        return folded ?? all;
      });
    if (next === current) break;
    current = next;
  }
  return current;
}

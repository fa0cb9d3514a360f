// make runs shell code from makefile text: recipe lines (after a tab, or after `;` on a rule
// line), `$(shell ...)` calls, and every recipe through `$(SHELL) $(.SHELLFLAGS)`. Text given on
// the command line (`--eval`, `-f -` with a here-doc, a makefile the same script wrote) is read
// here with make's own expansions turned into their shell meaning: `$$` is a `$` for the
// shell, a variable defined in the text or on the command line is its value, and anything else
// make substitutes is an unknown value.
import {
  DYNAMIC,
  optionValues,
  readOptions,
  type OptionTable,
  type ResolvedCommand,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, type RuleContext } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { OPTION_EXEC_RULES } from "./option-exec-rules.js";
import { stdinText } from "@hermes-agent/shell";
import { worstMatch } from "./worst-match.js";

type Match = DangerousCommandMatch | null;

/** GNU make's option table (which options take a value; long options abbreviate). */
export const MAKE_OPTIONS: OptionTable = {
  shortWithValue: "CfIjloWE",
  longWithValue: [
    "directory",
    "file",
    "makefile",
    "include-dir",
    "jobs",
    "load-average",
    "old-file",
    "assume-old",
    "what-if",
    "new-file",
    "assume-new",
    "eval",
    "output-sync",
    "debug",
    "jobserver-style",
    "shuffle",
  ],
  long: [
    "always-make",
    "environment-overrides",
    "ignore-errors",
    "keep-going",
    "just-print",
    "dry-run",
    "recon",
    "question",
    "silent",
    "quiet",
    "no-builtin-rules",
    "no-builtin-variables",
    "print-directory",
    "no-print-directory",
    "trace",
    "touch",
    "check-symlink-times",
    "warn-undefined-variables",
    "help",
    "version",
    "stop",
    "no-keep-going",
    "print-data-base",
  ],
};

// make's built-in program variables, as a recipe line spells them after expansion.
const BUILTIN_PROGRAMS: ReadonlyMap<string, string> = new Map([
  ["CC", "cc"],
  ["CXX", "g++"],
  ["CPP", "cc -E"],
  ["AR", "ar"],
  ["AS", "as"],
  ["LD", "ld"],
  ["RM", "rm -f"],
  ["MAKE", "make"],
  ["LEX", "lex"],
  ["YACC", "yacc"],
  ["FC", "f77"],
]);
/** A stand-in the shell analysis reads as a value only known when make runs. */
const UNKNOWN = '"${MAKE_VALUE}"';
const MAX_EXPANSION_DEPTH = 4;
const STANDARD_SHELL =
  /^(?:\/(?:usr\/)?bin\/)?(?:ba|da|z|k|mk)?sh$|^(?:\/usr\/bin\/)?env\s+(?:ba|z)?sh$/;
// Variables a recipe commonly runs as a program: a command line given for one is a command.
const PROGRAM_VARIABLE =
  /^(?:CC|CXX|CPP|AR|AS|LD|RM|MAKE|SHELL|INSTALL|MKDIR|CP|MV|LN|PYTHON|NODE|NPM|DOCKER|GO|CARGO|[A-Z_]*(?:CMD|COMMAND|EXEC|RUNNER|TOOL|BIN))$/;

/** The index after the parenthesis or brace that closes the one at `open`, or -1. */
function closing(text: string, open: number): number {
  const opener = text.charAt(open);
  const closer = opener === "(" ? ")" : "}";
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch === opener) depth++;
    else if (ch === closer && --depth === 0) return i + 1;
  }
  return -1;
}

/** Recipe text with make's expansions replaced by what the shell then sees. */
function expandForShell(text: string, defs: ReadonlyMap<string, string>, depth = 0): string {
  if (!text.includes("$")) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text.charAt(i);
    if (ch !== "$") {
      out += ch;
      continue;
    }
    const next = text.charAt(i + 1);
    if (next === "$") {
      out += "$";
      i++;
    } else if (next === "(" || next === "{") {
      const end = closing(text, i + 1);
      if (end < 0) {
        out += UNKNOWN;
        break;
      }
      const inner = text.slice(i + 2, end - 1);
      i = end - 1;
      const call = /^([a-z-]+)\s+([\s\S]*)$/.exec(inner);
      if (call?.[1] === "shell") out += `$(${expandForShell(call[2] ?? "", defs, depth + 1)})`;
      else if (call !== null) out += UNKNOWN;
      else out += variableText(inner, defs, depth);
    } else if (next !== "") {
      out += variableText(next, defs, depth);
      i++;
    }
  }
  return out;
}

function variableText(name: string, defs: ReadonlyMap<string, string>, depth: number): string {
  const value = defs.get(name) ?? BUILTIN_PROGRAMS.get(name);
  if (value === undefined || depth >= MAX_EXPANSION_DEPTH) return UNKNOWN;
  return expandForShell(value, defs, depth + 1);
}

/** Variables a makefile text defines (`NAME = value`, `:=`, `::=`, `?=`, `override NAME =`). */
function definitions(text: string, into: Map<string, string>): void {
  for (const raw of text.split("\n")) {
    if (raw.startsWith("\t")) continue;
    const m =
      /^\s*(?:override\s+|export\s+)?([A-Za-z_.][\w.-]*)\s*(?::{1,3}|\?|\+|!)?=\s*(.*)$/.exec(raw);
    if (m !== null) into.set(m[1] ?? "", m[2] ?? "");
  }
}

/** Shell lines a makefile text runs: recipe lines, `;` recipes and `$(shell ...)` calls. */
export function makefileCommands(
  text: string,
  given: ReadonlyMap<string, string> = new Map(),
): string[] {
  const defs = new Map<string, string>();
  definitions(text, defs);
  for (const [name, value] of given) defs.set(name, value);
  const raw: string[] = [];
  for (const lineText of text.split("\n")) {
    if (lineText.startsWith("\t")) raw.push(lineText.slice(1));
    // An indented line, or one starting with a written-out `\t` (a generator that meant a
    // tab), is read as the recipe it was meant to be.
    else if (/^(?: +|\\t)\S/.test(lineText)) raw.push(lineText.replace(/^(?: +|\\t)/, ""));
    else {
      // `target: prerequisites ; recipe` (a `:=` is an assignment, not a rule).
      const colon = /^[^#=\t][^#=]*?::?(?!=)/.exec(lineText);
      const semicolon = colon === null ? -1 : lineText.indexOf(";", colon[0].length);
      if (semicolon >= 0) raw.push(lineText.slice(semicolon + 1));
    }
  }
  const out = raw.map((recipe) => expandForShell(recipe.replace(/^[\s@+-]+/, ""), defs));
  for (const match of text.matchAll(/\$[({]shell\s+/g)) {
    const end = closing(text, match.index + 1);
    if (end > 0) out.push(expandForShell(text.slice(match.index + match[0].length, end - 1), defs));
  }
  return out;
}

/** `NAME=VALUE` operands of a make command line (they override the makefile's variables). */
function commandLineVariables(
  operands: readonly Word[],
): Map<string, { value: string; word: Word }> {
  const out = new Map<string, { value: string; word: Word }>();
  for (const word of operands) {
    const m = /^([A-Za-z_.][\w.-]*)\s*:{0,3}=([\s\S]*)$/.exec(word.text);
    if (m !== null) out.set(m[1] ?? "", { value: m[2] ?? "", word });
  }
  return out;
}

/** What running recipes through a replaced `SHELL`, or with a program variable set, can do. */
function overrideMatch(name: string, value: string, word: Word | null, ctx: RuleContext): Match {
  if (word !== null && word.dynamic && value.includes(DYNAMIC))
    return PROGRAM_VARIABLE.test(name) || name === ".SHELLFLAGS"
      ? matchOf(OPTION_EXEC_RULES.dynamic)
      : null;
  if (name === "SHELL") {
    const program = value.trim();
    if (STANDARD_SHELL.test(program)) return null;
    return ctx.analyseText(program) ?? matchOf(OPTION_EXEC_RULES.dataAsCode);
  }
  if (name === "MAKEFLAGS") return ctx.analyseText(`make ${value}`);
  if (name === ".SHELLFLAGS") {
    // Text after `-c` in the flags is the start of every recipe's script.
    const code = /(?:^|\s)-[a-zA-Z]*c\s+(\S[\s\S]*)$/.exec(value)?.[1];
    return code === undefined ? null : ctx.analyseText(code);
  }
  return PROGRAM_VARIABLE.test(name) || /\s/.test(value) ? ctx.analyseText(value) : null;
}

/** The shell text a makefile runs, as one script (for a makefile written earlier and run). */
export function makefileScript(text: string): string {
  return makefileCommands(text).join("\n");
}

/**
 * `make --eval=TEXT`, `make -f - <<EOF`, `make SHELL='sh -c CMD'`, `make CC='CMD'`: the recipe
 * text make is handed and the programs it is told to run recipes with.
 */
export function makeMatch(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, MAKE_OPTIONS);
  const given = commandLineVariables(read.operands);
  const texts = optionValues(read, "E", "eval").map((o) => o.value ?? "");
  const fromStdin = optionValues(read, "f", "file", "makefile").some((o) =>
    /^(?:-|\/dev\/stdin|\/proc\/self\/fd\/0|\/dev\/fd\/0)$/.test(o.value ?? ""),
  );
  if (fromStdin) {
    const input = stdinText(cmd.source);
    texts.push(input ?? '\tunknown-makefile-from-stdin "$MAKEFILE"');
  }
  const values = new Map([...given].map(([name, { value }]) => [name, value]));
  const found: Match[] = [];
  for (const [name, { value, word }] of given) found.push(overrideMatch(name, value, word, ctx));
  for (const { name, value } of cmd.via.length === 0 ? cmd.source.assignments : [])
    if (name === "SHELL" || name === "MAKEFLAGS")
      found.push(overrideMatch(name, value.text, value, ctx));
  for (const text of texts) {
    const defs = new Map<string, string>();
    definitions(text, defs);
    const shell = defs.get("SHELL");
    if (shell !== undefined && !given.has("SHELL"))
      found.push(overrideMatch("SHELL", shell, null, ctx));
    for (const command of makefileCommands(text, values)) found.push(ctx.analyseText(command));
  }
  return worstMatch(found);
}

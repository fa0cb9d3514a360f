// The synchronous helpers other packages use instead of parsing shell text themselves: the
// terminal's hang guard and exit-code hints, approval's deny globs and allowlist check, the
// execute_code guard and plugin shell hooks.
import { parseScript } from "./parse-shell.js";
import type { Script, SimpleCommand, Word } from "./shell-ir.js";
import { environmentScope } from "./variables.js";
import { resolveLayers } from "./wrappers.js";

/** One simple command of a command line, as plain strings. */
export interface ShellCommand {
  /** The words bash runs, quotes removed; a part known only at run time reads as `\u0000`. */
  readonly argv: readonly string[];
  /** Names assigned before the command (`FOO=1 make` → `["FOO"]`). */
  readonly assignments: readonly string[];
  /**
   * The command at each stage of wrapper unwrapping, outermost first
   * (`sudo nice -n 5 rm x` → `sudo nice -n 5 rm x`, `nice -n 5 rm x`, `rm x`); the last one is
   * what really runs.
   */
  readonly layers: readonly (readonly string[])[];
  /** The full parse of the command (redirects, pipeline neighbours, word details). */
  readonly node: SimpleCommand;
}

const texts = (words: readonly Word[]): string[] => words.map((word) => word.text);

function toShellCommand(node: SimpleCommand): ShellCommand {
  return {
    argv: texts(node.words),
    assignments: node.assignments.map((assignment) => assignment.name),
    layers: resolveLayers(node).map((layer) => [layer.nameWord.text, ...texts(layer.args)]),
    node,
  };
}

/**
 * Parse shell text the way bash reads it: with the real bash grammar once
 * `initializeParser()` has resolved, before that (and for scripts over 16 KiB) with a
 * conservative tokenizer that reads at least as many commands as bash would. `environment`,
 * when given, is the session's complete exported environment: `$x` and `${x:-default}` read it.
 */
export function parseShell(text: string, environment?: ReadonlyMap<string, string>): Script {
  return parseScript(text, environmentScope(environment));
}

/**
 * Every simple command the text runs, in the order bash starts them: the commands of lists,
 * pipelines, compound statements, function bodies and command substitutions (a substitution's
 * commands come before the command whose word holds it). Commands with no words (a bare
 * redirection) are left out. Pass a {@link parseShell} result to reuse a parse.
 */
export function simpleCommands(text: string | Script): ShellCommand[] {
  const script = typeof text === "string" ? parseShell(text) : text;
  return script.commands.filter((node) => node.words.length > 0).map(toShellCommand);
}

/** The command that decides the exit status of the line (the last one bash runs), if any. */
export function lastCommand(text: string): ShellCommand | undefined {
  return simpleCommands(text).at(-1);
}

function hasSubstitution(node: SimpleCommand): boolean {
  const words = [...node.words, ...node.assignments.map((assignment) => assignment.value)];
  return words.some((word) => word.substitutions.length > 0 || word.processSubstitution);
}

/**
 * True when the text is more than one plain simple command: a list, a pipeline, a background
 * job, a redirection, a command or process substitution, a function definition, or text the
 * parser could not read completely (an unterminated quote). A permanent allowlist entry for
 * `make deploy` must not approve `make deploy; rm -rf ~`.
 */
export function isCompound(text: string): boolean {
  const script = parseShell(text);
  if (script.incomplete || script.background === true || script.functions.length > 0) return true;
  if (script.commands.length > 1) return true;
  const only = script.commands[0];
  if (only === undefined) return false;
  return (
    only.redirects.length > 0 ||
    only.upstream.length > 0 ||
    only.argsFromInput === true ||
    hasSubstitution(only)
  );
}

// The shape every front end (the tree-sitter walker and the fallback tokenizer) produces, and
// the only thing the rules look at.

/** Marks a character position whose value is not known statically (a variable, a substitution). */
export const DYNAMIC = "\u0000";

/** One shell word after quote removal and static expansion. */
export interface Word {
  /** Value with quotes removed; unknown parts replaced by {@link DYNAMIC}. */
  readonly text: string;
  /** True when some part of the value comes from a runtime expansion. */
  readonly dynamic: boolean;
  /** True when the word contains an unquoted glob character (`*`, `?`, `[`). */
  readonly glob: boolean;
  /** Scripts of command/process substitutions inside the word (they run too). */
  readonly substitutions: readonly Script[];
  /** True when the whole word is a process substitution `<(...)` or `>(...)`. */
  readonly processSubstitution: boolean;
  /** Names of the variables whose unknown values the word contains (`$TOKEN` gives TOKEN). */
  readonly variables?: readonly string[];
  /**
   * Names of variables not known here whose `${name:-default}` default the word was built
   * from: the environment may give them any value instead.
   */
  readonly overridable?: readonly string[];
}

/** A redirection attached to a command. */
export interface Redirect {
  /** Operator text: `>`, `>>`, `<`, `&>`, `>|`, `<>`, `<<`, `<<<`, ... */
  readonly op: string;
  /** The file descriptor written before the operator, if any. */
  readonly fd: string | null;
  /** Target word (file, fd number, or here-string). */
  readonly target: Word | null;
  /** Here-document body text, when op is `<<`/`<<-`. */
  readonly heredoc: string | null;
}

/** One simple command: assignments, argv words and redirects. */
export interface SimpleCommand {
  readonly assignments: readonly { readonly name: string; readonly value: Word }[];
  readonly words: readonly Word[];
  readonly redirects: readonly Redirect[];
  /** Earlier stages of the pipeline feeding this command's stdin (nearest last). */
  readonly upstream: readonly Stage[];
  /** True when the argv comes partly from stdin (set for xargs payloads). */
  readonly argsFromInput?: boolean;
}

/** A pipeline stage: a simple command, or a compound one (subshell, group, loop). */
export type Stage = SimpleCommand | CompoundStage;

/** A compound pipeline stage; its inner commands are listed separately in the script. */
export interface CompoundStage {
  readonly compound: true;
  readonly commands: readonly SimpleCommand[];
}

/** A function definition, kept for the fork-bomb rule. */
export interface FunctionDef {
  readonly name: string;
  readonly body: Script;
}

/** A parsed piece of shell: every simple command it runs, in source order. */
export interface Script {
  readonly commands: readonly SimpleCommand[];
  readonly functions: readonly FunctionDef[];
  /** True when the front end could not fully understand the text (syntax error, limits). */
  readonly incomplete: boolean;
  /**
   * True when expanding the text's words statically went past the expansion budget (a value
   * doubled over and over, many copies of a long value): words past it read as unknown, and
   * a caller that must fail closed should refuse the text.
   */
  readonly overBudget?: boolean;
  /** True when some command of the text is sent to the background with `&`. */
  readonly background?: boolean;
  /**
   * Set when a loop starts background jobs on each pass (`while true; do cmd & done`):
   * `endless` when its condition never fails, `bounded` otherwise.
   */
  readonly spawningLoop?: "endless" | "bounded";
  /**
   * Set when the text has an endless loop that never waits and has no way out: `growing` when
   * each pass creates a file or directory (or writes a file), `busy` when it only burns CPU.
   */
  readonly endlessLoop?: "busy" | "growing";
}

/** True when a stage is a simple command. */
export function isSimple(stage: Stage): stage is SimpleCommand {
  return !("compound" in stage);
}

/** Make a word from a fully static string. */
export function staticWord(text: string): Word {
  return { text, dynamic: false, glob: false, substitutions: [], processSubstitution: false };
}

import {
  DYNAMIC,
  normalizeCommandText,
  parseShell,
  type Script,
  type SimpleCommand,
} from "@hermes-agent/shell";
import type { SessionState } from "./command-context.js";
import { MAX_ANALYSED_COMMAND_LENGTH } from "./analysis-budget.js";

/**
 * Alias expansion as bash does it, under the analysis's work budget: the alias text replaces
 * the command word (its last command takes the remaining words, assignments and redirects),
 * and when the text ends in a blank the next word is expanded too (`alias s='sudo '` makes
 * `s ll` run the alias `ll`). Each alias text is parsed once per analysis.
 */

/** The expanded script, `"dynamic"` for an alias whose text is unknown, or null: not an alias. */
export function aliasScript(
  cmd: SimpleCommand,
  state: SessionState,
  expanding: ReadonlySet<string>,
): Script | "dynamic" | null {
  const first = cmd.words[0];
  if (first === undefined || first.dynamic || expanding.has(first.text)) return null;
  const alias = state.aliases.get(first.text);
  if (alias === undefined) return null;
  if (alias === DYNAMIC) return "dynamic";
  spendWork(state);
  const script = parsedAlias(alias, state);
  const rest: SimpleCommand = { ...cmd, words: cmd.words.slice(1) };
  let following: Script | null = null;
  if (/[ \t]$/.test(alias)) {
    const next = aliasScript(rest, state, new Set(expanding).add(first.text));
    following = next === "dynamic" ? null : next;
  }
  const head = following?.commands[0];
  const lastIndex = script.commands.length - 1;
  const commands = script.commands.map((inner, index) =>
    index !== lastIndex
      ? inner
      : {
          assignments: [...cmd.assignments, ...inner.assignments],
          words: [...inner.words, ...(head === undefined ? rest.words : head.words)],
          redirects: [...inner.redirects, ...(head === undefined ? cmd.redirects : head.redirects)],
          upstream: inner.upstream.length > 0 ? inner.upstream : cmd.upstream,
        },
  );
  return {
    ...script,
    commands: [...commands, ...(following?.commands.slice(1) ?? [])],
  };
}

function parsedAlias(text: string, state: SessionState): Script {
  let script = state.work.parsed.get(text);
  if (script === undefined) {
    script = parseShell(normalizeCommandText(text), state.environment ?? undefined);
    state.work.parsed.set(text, script);
  }
  return script;
}

/** Raised when one analysis expands more aliases, functions and nested texts than allowed. */
export class AnalysisBudgetExceeded extends Error {
  /**
   * `limit` expansions spent, or (with `length`) nested text `length` characters long, or
   * (`length` infinite) variables expanded past the shell's expansion budget.
   */
  constructor(limit: number, length?: number) {
    super(
      length === undefined
        ? `command expands aliases, functions or nested shell text more than ${limit} times, over the analysis budget`
        : length === Infinity
          ? "command expands variables into more text than the analysis budget allows"
          : `command builds nested shell text over ${MAX_ANALYSED_COMMAND_LENGTH} characters long, over the analysis budget`,
    );
    this.name = "AnalysisBudgetExceeded";
  }
}

/** Most alias, function and nested-text expansions one analysis may do. */
export const MAX_EXPANSIONS = 2_000;

/** Count one expansion against the analysis's budget; throws once it is spent. */
export function spendWork(state: SessionState): void {
  if (--state.work.left < 0) throw new AnalysisBudgetExceeded(MAX_EXPANSIONS);
}

/**
 * Words joined into shell text to analyse (`eval`, a command a program runs), refused once the
 * text would pass the analysis budget (each word may be a long value expanded statically).
 */
export function joinedWithinBudget(texts: readonly string[]): string {
  let length = 0;
  for (const text of texts) {
    length += text.length + 1;
    if (length > MAX_ANALYSED_COMMAND_LENGTH)
      throw new AnalysisBudgetExceeded(MAX_EXPANSIONS, length);
  }
  return texts.join(" ");
}

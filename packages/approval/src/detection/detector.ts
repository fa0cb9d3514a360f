import { analyseShellText } from "./analyzer.js";
import {
  displayFormOfCommand,
  initializeParser,
  isParserReady,
  normalizeCommandText,
} from "@hermes-agent/shell";
import { overBudgetReason } from "./analysis-budget.js";
import { AnalysisBudgetExceeded } from "./alias-expansion.js";
import { matchOf, worse } from "./rule-context.js";
import { ANALYSIS_FAILED_RULE, NOT_A_STRING_RULE, TOO_LARGE_RULE } from "./rule-catalog.js";
import type { DangerousCommandMatch } from "./types.js";
import { CommandCollector, type AnalysedCommands } from "./analysed-commands.js";
import { sessionStateOf, type DetectOptions } from "./command-context.js";
import {
  customSeparators,
  spelledWithSeparators,
  withoutSessionSeparators,
} from "./field-separators.js";

export { MAX_ANALYSED_COMMAND_LENGTH } from "./analysis-budget.js";

/**
 * Load the WASM bash parser. Idempotent; call once at startup and await it before relying on
 * full-fidelity detection.
 */
export function initializeDetector(): Promise<void> {
  return initializeParser();
}

/** True once {@link initializeDetector} has finished and detection uses the real bash parser. */
export function isDetectorReady(): boolean {
  return isParserReady();
}

/**
 * Classify a shell command. Returns null when it is not dangerous, otherwise the first
 * hard-line match or, failing that, the first approval-tier match. Pure and synchronous.
 *
 * Before {@link initializeDetector} resolves, commands that are not plain words are analysed
 * with a conservative tokenizer (quotes, substitutions and operators understood; anything it
 * cannot delimit is read as more commands, never fewer), so an unloaded parser never makes a
 * command look safe. Scripts over 16 KiB use the same tokenizer so that time stays linear.
 * Input over the analysis budget (size, nesting depth, pipeline length) returns the
 * `command-too-large` match with the reason, anything that is not a string returns
 * `command-not-a-string`, and an internal failure returns `analysis-failed`: never null, never
 * a throw.
 */
export function detectDangerousCommand(
  command: unknown,
  options?: DetectOptions,
): DangerousCommandMatch | null {
  return detect(command, options, null);
}

function detect(
  command: unknown,
  options: DetectOptions | undefined,
  collector: CommandCollector | null,
): DangerousCommandMatch | null {
  if (typeof command !== "string") return matchOf(NOT_A_STRING_RULE);
  const overBudget = overBudgetReason(command);
  if (overBudget !== null) return { ...matchOf(TOO_LARGE_RULE), description: overBudget };
  try {
    const given: unknown = options;
    const context =
      given !== null && typeof given === "object" ? (given as DetectOptions).context : undefined;
    const parsed = normalizeCommandText(command);
    let found = analyseShellText(parsed, 0, sessionStateOf(context), collector);
    if (found?.hardline || collector !== null) return found;
    const separators = customSeparators(parsed, context);
    if (separators.length > 0) {
      // Expansions split at a changed IFS: the hard-line commands they may spell.
      const split = analyseShellText(
        spelledWithSeparators(parsed, separators),
        0,
        sessionStateOf(withoutSessionSeparators(context)),
      );
      if (split?.hardline) return split;
      found ??= split;
    }
    // What a person reading the command sees (escapes and invisibles removed, look-alikes
    // folded) is analysed too, so a command that looks dangerous on screen is held as well.
    const displayed = displayFormOfCommand(command);
    if (displayed === parsed || displayed === command) return found;
    return worse(found, analyseShellText(displayed, 0, sessionStateOf(context)));
  } catch (error) {
    if (error instanceof AnalysisBudgetExceeded)
      return { ...matchOf(TOO_LARGE_RULE), description: error.message };
    // A bug or an input deeper than the JS stack must never read as "safe".
    return matchOf(ANALYSIS_FAILED_RULE);
  }
}

/**
 * Every simple command a command line runs, as detection understands it: after unwrapping
 * (`sudo`, `env`, `xargs`, `sh -c`, `eval`, ...), alias, function and hash expansion in the
 * session, with short option bundles split and sorted. `unresolved` says why the list may be
 * incomplete (a command word or payload only known at run time, input over budget): a deny
 * list should deny such a line. Pass a deny pattern through the same function to compare
 * like with like. Never throws.
 */
export function analyseCommandLine(command: unknown, options?: DetectOptions): AnalysedCommands {
  const collector = new CommandCollector();
  collector.noteMatch(detect(command, options, collector));
  return collector.result();
}

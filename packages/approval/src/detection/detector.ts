import { analyseShellText } from "./analyzer.js";
import { initializeParser, isParserReady, normalizeCommandText } from "@hermes-agent/shell";
import { matchOf } from "./rule-context.js";
import { ANALYSIS_FAILED_RULE, TOO_LARGE_RULE } from "./rule-catalog.js";
import type { DangerousCommandMatch } from "./types.js";

/** Commands longer than this are not analysed; they are flagged for approval instead. */
export const MAX_ANALYSED_COMMAND_LENGTH = 1_000_000;

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
 * command look safe. Scripts over 16 KiB use the same tokenizer so that time stays linear, and
 * an internal failure returns the `analysis-failed` match, never null.
 */
export function detectDangerousCommand(command: string): DangerousCommandMatch | null {
  if (command.length > MAX_ANALYSED_COMMAND_LENGTH) return matchOf(TOO_LARGE_RULE);
  try {
    return analyseShellText(normalizeCommandText(command), 0);
  } catch {
    // A bug or an input deeper than the JS stack must never read as "safe".
    return matchOf(ANALYSIS_FAILED_RULE);
  }
}

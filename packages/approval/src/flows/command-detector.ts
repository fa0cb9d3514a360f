import {
  analyseCommandLine,
  detectDangerousCommand,
  initializeDetector,
  normalizeCommandText,
  type AnalysedCommands,
  type DangerousCommandMatch,
} from "../detection/index.js";
import type { ApprovalCommandContext } from "./types.js";

/**
 * What the approval flows need from detection. The default is this package's bash-parsing
 * detector; tests or embedders may pass another.
 */
export interface CommandDetector {
  /** Load what detection needs (the WASM parser); idempotent. */
  initialize(): Promise<void>;
  /** Classify a command run in `context` (its directory, home, the session's aliases, ...). */
  detect(command: string, context?: ApprovalCommandContext): DangerousCommandMatch | null;
  /** Extra normalised spellings of the command, matched against user deny globs. */
  normalizedForms?(command: string): readonly string[];
  /**
   * Every simple command the line runs as detection reads it (and why the list may be
   * incomplete); deny globs are matched against these as well.
   */
  analyse?(command: string, context?: ApprovalCommandContext): AnalysedCommands;
}

/** The package's own detector. */
export const defaultCommandDetector: CommandDetector = {
  initialize: () => initializeDetector(),
  detect: (command, context) =>
    detectDangerousCommand(command, context === undefined ? undefined : { context }),
  normalizedForms: (command) => [normalizeCommandText(command)],
  analyse: (command, context) =>
    analyseCommandLine(command, context === undefined ? undefined : { context }),
};

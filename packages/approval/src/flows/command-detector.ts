import {
  detectDangerousCommand,
  initializeDetector,
  normalizeCommandText,
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
}

/** The package's own detector. */
export const defaultCommandDetector: CommandDetector = {
  initialize: () => initializeDetector(),
  detect: (command) => detectDangerousCommand(command),
  normalizedForms: (command) => [normalizeCommandText(command)],
};

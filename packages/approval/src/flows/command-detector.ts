import { detectDangerousCommand, initializeDetector } from "../detection/index.js";

/** A detector verdict: which rule matched and whether it is on the hard-line floor. */
export interface DetectorMatch {
  readonly patternKey: string;
  readonly description: string;
  readonly hardline: boolean;
}

/**
 * What the approval flows need from detection. The default is this package's bash-parsing
 * detector; tests or embedders may pass another.
 */
export interface CommandDetector {
  /** Load what detection needs (the WASM parser); idempotent. */
  initialize(): Promise<void>;
  detect(command: string): DetectorMatch | null;
  /** Extra normalised spellings of the command, matched against user deny globs. */
  normalizedForms?(command: string): readonly string[];
}

/** The package's own detector. */
export const defaultCommandDetector: CommandDetector = {
  initialize: () => initializeDetector(),
  detect: (command) => detectDangerousCommand(command),
};

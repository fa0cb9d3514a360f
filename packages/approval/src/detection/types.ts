/** A dangerous command found by {@link detectDangerousCommand}. */
export interface DangerousCommandMatch {
  /** Stable identifier of the rule that matched (used for session and permanent approvals). */
  readonly patternKey: string;
  /** Human-readable explanation, shown to the user and the model. */
  readonly description: string;
  /** True when the command is on the hard-line floor that no approval can override. */
  readonly hardline: boolean;
}

/** A detection rule: its stable key, description and tier. */
export interface RuleInfo {
  readonly key: string;
  readonly description: string;
  readonly hardline: boolean;
}

/** Declare a rule; keeps rule tables terse and typed. */
export function rule(key: string, description: string, hardline = false): RuleInfo {
  return { key, description, hardline };
}

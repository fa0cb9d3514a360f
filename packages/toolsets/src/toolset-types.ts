/** One named bundle of tools: its own tools plus the toolsets it pulls in. */
export interface ToolsetDefinition {
  /** What the toolset is for, in one line (shown in `hermes tools`-style listings). */
  readonly description: string;
  /** Tool names listed directly on this toolset, sorted. */
  readonly tools: readonly string[];
  /** Names of other toolsets whose tools this one also includes, sorted. */
  readonly includes: readonly string[];
}

/** A toolset definition together with its resolved contents, as returned by `getToolsetInfo`. */
export interface ToolsetInfo {
  readonly name: string;
  readonly description: string;
  /** Tools listed directly on the toolset (static entry merged with registry tools), sorted. */
  readonly directTools: readonly string[];
  /** Included toolset names, sorted. */
  readonly includes: readonly string[];
  /** Every tool the toolset resolves to through its includes, sorted. */
  readonly resolvedTools: readonly string[];
  /** `resolvedTools.length`. */
  readonly toolCount: number;
  /** True when the toolset includes other toolsets. */
  readonly isComposite: boolean;
}

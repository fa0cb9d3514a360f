import type { ResolvedCommand, SimpleCommand } from "@hermes-agent/shell";
import type { DangerousCommandMatch, RuleInfo } from "./types.js";

/** What a rule can ask of the analyser. */
export interface RuleContext {
  /** Analyse shell text that the command will run (a `-c` payload, a here-doc, ...). */
  analyseText(text: string): DangerousCommandMatch | null;
  /** Analyse one synthetic simple command (a `find -exec` payload). */
  analyseCommand(cmd: SimpleCommand): DangerousCommandMatch | null;
  /** Directory the script changed into with a static `cd`, when known (`/`, `~`, `/etc`). */
  readonly cwd: string | null;
}

/** A rule over one resolved command layer. */
export type CommandRule = (cmd: ResolvedCommand, ctx: RuleContext) => DangerousCommandMatch | null;

/** Build a match from a rule definition. */
export function matchOf(info: RuleInfo): DangerousCommandMatch {
  return { patternKey: info.key, description: info.description, hardline: info.hardline };
}

/** The more severe of two matches (hard-line first, then the earlier one). */
export function worse(
  a: DangerousCommandMatch | null,
  b: DangerousCommandMatch | null,
): DangerousCommandMatch | null {
  if (a === null) return b;
  if (b === null) return a;
  return b.hardline && !a.hardline ? b : a;
}

/** What `pre_tool_call` hooks decided: nothing, block the call, or ask for approval first. */
export type PreToolDirective =
  | { readonly action: "block"; readonly message: string }
  | {
      readonly action: "approve";
      readonly message: string | undefined;
      readonly ruleKey: string | undefined;
    };

/** Every decision of one `pre_tool_call` round: the gating directive and replaced arguments. */
export interface PreToolDecision {
  /** The first valid block/approve directive, as Hermes reads it. */
  readonly directive: PreToolDirective | undefined;
  /** Arguments from the first `{action: "modify", args}` reply, if any hook rewrote them. */
  readonly modifiedArgs: Readonly<Record<string, unknown>> | undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The first valid directive among hook returns, in registration order (Hermes' rule):
 * `{action: "block", message: string}` or `{action: "approve", message?, rule_key?}`. Other
 * shapes are ignored.
 */
export function firstDirective(results: readonly unknown[]): PreToolDirective | undefined {
  for (const value of results) {
    if (!isRecord(value)) continue;
    if (value.action === "block" && typeof value.message === "string") {
      return { action: "block", message: value.message };
    }
    if (value.action === "approve") {
      const message = typeof value.message === "string" ? value.message : undefined;
      const rawKey = value.rule_key ?? value.ruleKey;
      const ruleKey = typeof rawKey === "string" && rawKey.trim() !== "" ? rawKey : undefined;
      return { action: "approve", message, ruleKey };
    }
  }
  return undefined;
}

/**
 * Read a whole `pre_tool_call` round. A block or approval anywhere in the replies is honoured
 * whatever order the rewrite came in, so a hook that rewrites arguments can never cancel
 * another hook's block; the first `{action: "modify", args: {...}}` reply supplies the new
 * arguments (each hook saw the original ones, so later rewrites are not chained).
 */
export function readPreToolReplies(results: readonly unknown[]): PreToolDecision {
  let modifiedArgs: Readonly<Record<string, unknown>> | undefined;
  for (const value of results) {
    if (isRecord(value) && value.action === "modify" && isRecord(value.args)) {
      modifiedArgs = value.args;
      break;
    }
  }
  return { directive: firstDirective(results), modifiedArgs };
}

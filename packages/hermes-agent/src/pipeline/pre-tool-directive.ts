/** What `pre_tool_call` hooks decided: nothing, block the call, or ask for approval first. */
export type PreToolDirective =
  | { readonly action: "block"; readonly message: string }
  | {
      readonly action: "approve";
      readonly message: string | undefined;
      readonly ruleKey: string | undefined;
    };

/**
 * The first valid directive among hook returns, in registration order (Hermes' rule):
 * `{action: "block", message: string}` or `{action: "approve", message?, rule_key?}`. Other
 * shapes are ignored.
 */
export function firstDirective(results: readonly unknown[]): PreToolDirective | undefined {
  for (const value of results) {
    if (typeof value !== "object" || value === null) continue;
    const record = value as Record<string, unknown>;
    if (record.action === "block" && typeof record.message === "string") {
      return { action: "block", message: record.message };
    }
    if (record.action === "approve") {
      const message = typeof record.message === "string" ? record.message : undefined;
      const rawKey = record.rule_key ?? record.ruleKey;
      const ruleKey = typeof rawKey === "string" && rawKey.trim() !== "" ? rawKey : undefined;
      return { action: "approve", message, ruleKey };
    }
  }
  return undefined;
}

// Text that tries to take over the agent when a skill is loaded into its context. Hermes' list
// (shared by local and plugin skills) with close variants; "you are now" only when it assigns a
// role, so "you are now ready to deploy" is fine.

const INJECTION_PATTERNS: readonly (readonly [RegExp, string])[] = [
  [
    /\bignore (all |the )?(previous|prior|above) (instructions|prompts?|rules)/,
    "ignore previous instructions",
  ],
  [/\bignore all previous\b/, "ignore all previous"],
  [
    /\bdisregard (all |your |the )?(previous |prior )?(instructions|rules|guidelines|system prompt)/,
    "disregard your instructions",
  ],
  [/\bforget (all )?your (previous )?instructions\b/, "forget your instructions"],
  [/\byou are now (a|an|the|in|no longer|dan|unrestricted|jailbroken)\b/, "you are now ..."],
  [/\bnew instructions:/, "new instructions:"],
  [/\bsystem prompt:/, "system prompt:"],
  [/<\/?system>/, "<system>"],
  [/\]\]>/, "]]>"],
];

/** Names of the injection patterns found in `text` (case-insensitive, whitespace runs folded). */
export function findInjectionPatterns(text: string): string[] {
  const folded = text.toLowerCase().replace(/\s+/g, " ");
  return INJECTION_PATTERNS.filter(([pattern]) => pattern.test(folded)).map(([, name]) => name);
}

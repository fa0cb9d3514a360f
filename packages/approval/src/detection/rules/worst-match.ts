import type { DangerousCommandMatch } from "../types.js";

/** The first hard-line match, else the first match, else null. */
export function worstMatch(
  matches: Iterable<DangerousCommandMatch | null>,
): DangerousCommandMatch | null {
  let found: DangerousCommandMatch | null = null;
  for (const match of matches) {
    if (match?.hardline) return match;
    found ??= match;
  }
  return found;
}

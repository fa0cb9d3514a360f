/** Compile an fnmatch-style glob (`*`, `?`, `[abc]`, `[!abc]`) to an anchored, case-sensitive regex. */
function globToRegExp(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] ?? "";
    if (char === "*") source += ".*";
    else if (char === "?") source += ".";
    else if (char === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end === -1) {
        source += "\\[";
        continue;
      }
      let body = glob.slice(i + 1, end);
      const negated = body.startsWith("!");
      if (negated) body = body.slice(1);
      source += `[${negated ? "^" : ""}${body.replace(/[\\\]^]/g, "\\$&")}]`;
      i = end;
    } else source += char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "s");
}

/** A compiled name matcher: exact names or globs. */
export type NameMatcher = (name: string) => boolean;

/** Match a name against exact names or fnmatch globs. */
export function compileNameMatcher(patterns: readonly string[]): NameMatcher {
  const exact = new Set<string>();
  const globs: RegExp[] = [];
  for (const pattern of patterns) {
    if (/[*?[]/.test(pattern)) globs.push(globToRegExp(pattern));
    else exact.add(pattern);
  }
  return (name) => exact.has(name) || globs.some((glob) => glob.test(name));
}

/**
 * The filter of `tools.include` / `tools.exclude` on a server's original tool names. With an
 * include list only included names pass (an empty list passes nothing) and include wins over
 * exclude; without one, every name not excluded passes.
 */
export function compileToolFilter(
  include: readonly string[] | undefined,
  exclude: readonly string[],
): NameMatcher {
  if (include !== undefined) return compileNameMatcher(include);
  const excluded = compileNameMatcher(exclude);
  return (name) => !excluded(name);
}

/** Edit distance of two strings (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Up to `limit` names close to `wanted` (a small edit distance, or one containing the other). */
export function closeNames(wanted: string, names: readonly string[], limit = 3): string[] {
  const lower = wanted.toLowerCase();
  return names
    .map((name) => {
      const other = name.toLowerCase();
      const contains = other.includes(lower) || lower.includes(other);
      return { name, score: contains ? 0 : distance(lower, other) };
    })
    .filter((entry) => entry.score <= Math.max(2, Math.floor(wanted.length / 3)))
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((entry) => entry.name);
}

/**
 * Similarity of two strings as 2·M / (|a| + |b|), where M counts the characters of the
 * matching blocks found by repeatedly taking the longest common substring (the measure
 * Python's difflib reports, so thresholds carried over from Hermes mean the same thing).
 */
export function similarityRatio(a: string, b: string): number {
  if (a === b) return 1;
  const total = a.length + b.length;
  if (total === 0) return 1;
  return (2 * matchingCharacters(a, 0, a.length, b, 0, b.length)) / total;
}

function matchingCharacters(
  a: string,
  aLo: number,
  aHi: number,
  b: string,
  bLo: number,
  bHi: number,
): number {
  if (aLo >= aHi || bLo >= bHi) return 0;
  const { aStart, bStart, size } = longestCommonSubstring(a, aLo, aHi, b, bLo, bHi);
  if (size === 0) return 0;
  return (
    size +
    matchingCharacters(a, aLo, aStart, b, bLo, bStart) +
    matchingCharacters(a, aStart + size, aHi, b, bStart + size, bHi)
  );
}

/** Longest common substring of a[aLo, aHi) and b[bLo, bHi); the earliest in `a` on ties. */
function longestCommonSubstring(
  a: string,
  aLo: number,
  aHi: number,
  b: string,
  bLo: number,
  bHi: number,
): { aStart: number; bStart: number; size: number } {
  const width = bHi - bLo;
  let previous = new Uint32Array(width + 1);
  let current = new Uint32Array(width + 1);
  let best = { aStart: aLo, bStart: bLo, size: 0 };
  for (let i = aLo; i < aHi; i++) {
    const ch = a.charCodeAt(i);
    for (let j = 0; j < width; j++) {
      if (ch === b.charCodeAt(bLo + j)) {
        const run = (previous[j] ?? 0) + 1;
        current[j + 1] = run;
        if (run > best.size) best = { aStart: i - run + 1, bStart: bLo + j - run + 1, size: run };
      } else {
        current[j + 1] = 0;
      }
    }
    [previous, current] = [current, previous];
  }
  return best;
}

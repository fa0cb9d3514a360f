import path from "node:path";
import { similarityRatio } from "../fuzzy/similarity.js";

function score(name: string, wanted: string): number {
  const lower = name.toLowerCase();
  const target = wanted.toLowerCase();
  const base = (file: string): string => path.posix.parse(file).name.toLowerCase();
  const ext = (file: string): string => path.posix.parse(file).ext.toLowerCase();
  let points = 0;
  if (lower === target) points = 100;
  else if (base(name) === base(wanted)) points = 90;
  else if (lower.startsWith(target) || target.startsWith(lower)) points = 70;
  else if (lower.includes(target)) points = 60;
  else if (target.includes(lower) && lower.length > 2) points = 40;
  else if (ext(wanted) !== "" && ext(name) === ext(wanted)) {
    const common = [...new Set(target)].filter((ch) => lower.includes(ch)).length;
    if (common >= Math.max(target.length, lower.length) * 0.4) points = 30;
  }
  if (points === 0 && similarityRatio(target, lower) >= 0.8) points = 50;
  return points;
}

/**
 * Up to five names from the missing file's directory that look like what was meant
 * (same name other case, other extension, prefix, substring, near spelling), best first,
 * spelled as the model spelled the directory.
 */
export function similarFiles(input: string, names: readonly string[]): string[] {
  const directory = path.posix.dirname(input);
  const wanted = path.posix.basename(input);
  return names
    .slice(0, 50)
    .map((name) => ({ name, points: score(name, wanted) }))
    .filter(({ points }) => points > 0)
    .sort((a, b) => b.points - a.points)
    .slice(0, 5)
    .map(({ name }) =>
      directory === "." && !input.startsWith("./") ? `./${name}` : path.posix.join(directory, name),
    );
}

/** What `git status --porcelain=v1 --branch` says about a repository. */
export interface GitStatusSummary {
  /** Current branch, or `HEAD (detached)`, or the unborn branch of a new repository. */
  readonly branch: string;
  readonly upstream: string | null;
  readonly ahead: number;
  readonly behind: number;
  /** Paths with changes in the index. */
  readonly staged: string[];
  /** Paths with changes in the work tree not yet staged. */
  readonly modified: string[];
  readonly untracked: string[];
  /** Paths with merge conflicts. */
  readonly conflicted: string[];
}

const CONFLICT_CODES = new Set(["DD", "AU", "UD", "UA", "DU", "AA", "UU"]);

/**
 * Parse `git status --porcelain=v1 --branch -z` output. With `-z` entries are NUL-separated and
 * paths are not quoted; a rename entry is followed by its original path, which is skipped.
 */
export function parsePorcelain(output: string): GitStatusSummary {
  const summary = {
    branch: "",
    upstream: null as string | null,
    ahead: 0,
    behind: 0,
    staged: [] as string[],
    modified: [] as string[],
    untracked: [] as string[],
    conflicted: [] as string[],
  };
  const entries = output.split("\0");
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] ?? "";
    if (entry === "") continue;
    if (entry.startsWith("## ")) {
      Object.assign(summary, parseBranchLine(entry.slice(3)));
      continue;
    }
    const code = entry.slice(0, 2);
    const file = entry.slice(3);
    if (code === "??") summary.untracked.push(file);
    else if (CONFLICT_CODES.has(code)) summary.conflicted.push(file);
    else {
      if (code[0] !== " ") summary.staged.push(file);
      if (code[1] !== " ") summary.modified.push(file);
    }
    if (code[0] === "R" || code[0] === "C") index++;
  }
  return summary;
}

function parseBranchLine(line: string): Partial<GitStatusSummary> {
  const unborn = /^No commits yet on (.+)$/.exec(line);
  if (unborn !== null) return { branch: unborn[1] ?? "" };
  if (line.startsWith("HEAD (no branch)")) return { branch: "HEAD (detached)" };
  const match = /^(.+?)(?:\.\.\.(\S+))?(?: \[(.+)\])?$/.exec(line);
  const counts = match?.[3] ?? "";
  return {
    branch: match?.[1] ?? line,
    upstream: match?.[2] ?? null,
    ahead: Number(/ahead (\d+)/.exec(counts)?.[1] ?? 0),
    behind: Number(/behind (\d+)/.exec(counts)?.[1] ?? 0),
  };
}

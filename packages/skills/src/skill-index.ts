import type { Dirent } from "node:fs";
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "@hermes-agent/core";
import {
  describeSkill,
  matchesPlatform,
  MAX_NAME_LENGTH,
  parseSkillText,
} from "./skill-frontmatter.js";

/** Where skills are looked for, in precedence order (the first definition of a name wins). */
export interface SkillRoots {
  /** Trusted project skill folders: searched first, so a project skill overrides others. */
  readonly project: readonly string[];
  /** `HERMES_HOME/skills`: where new skills are written. */
  readonly local: string;
  /** `skills.external_dirs`. */
  readonly external: readonly string[];
}

/** One skill found on disk. */
export interface SkillRecord {
  readonly name: string;
  readonly description: string;
  /** First folder under the root for `<root>/<category>/<name>/SKILL.md`; null for top-level skills. */
  readonly category: string | null;
  readonly dir: string;
  readonly skillMd: string;
  readonly root: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** Set when the frontmatter is not valid YAML (the skill is still listed). */
  readonly frontmatterError?: string;
}

/** Folders never searched for skills. */
const EXCLUDED_DIRS: ReadonlySet<string> = new Set([
  "node_modules",
  "__pycache__",
  "references",
  "templates",
  "assets",
  "scripts",
]);

/** Bytes of SKILL.md read for listing (frontmatter and the first lines). */
const HEAD_CHARS = 4000;

/** Default lifetime of a cached listing: in-place SKILL.md edits show up within it. */
export const SKILLS_CACHE_TTL_MS = 30_000;

/** The ordered, de-duplicated list of roots. */
export function orderedRoots(roots: SkillRoots): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const dir of [...roots.project, roots.local, ...roots.external]) {
    const resolved = path.resolve(dir);
    if (!seen.has(resolved)) {
      seen.add(resolved);
      out.push(resolved);
    }
  }
  return out;
}

async function mtimeOf(target: string): Promise<number | undefined> {
  try {
    return (await stat(target)).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * A cheap change signature: for each root, its mtime and its immediate sub-folders' mtimes
 * (adding or removing a skill inside a category changes the category folder, not the root).
 */
export async function rootsSignature(roots: readonly string[]): Promise<string> {
  const parts = await Promise.all(
    roots.map(async (root) => {
      const own = await mtimeOf(root);
      if (own === undefined) return `${root}:-`;
      let entries: Dirent[];
      try {
        entries = await readdir(root, { withFileTypes: true });
      } catch {
        return `${root}:${String(own)}`;
      }
      const children = await Promise.all(
        entries
          .filter((e) => e.isDirectory() || e.isSymbolicLink())
          .map((e) => mtimeOf(path.join(root, e.name))),
      );
      const newest = children.reduce<number>((max, m) => Math.max(max, m ?? 0), own);
      return `${root}:${String(newest)}:${String(entries.length)}`;
    }),
  );
  return parts.join("|");
}

async function isDirectoryTarget(target: string): Promise<boolean> {
  try {
    return (await stat(target)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Every folder under `root` holding a SKILL.md (not descending into a skill). Symlinked folders
 * are followed (a category linked in from a repository), each real folder once.
 */
export async function findSkillDirs(root: string): Promise<string[]> {
  const found: string[] = [];
  const visited = new Set<string>();
  const walk = async (dir: string, depth: number): Promise<void> => {
    let real: string;
    let entries: Dirent[];
    try {
      real = await realpath(dir);
      if (visited.has(real)) return;
      visited.add(real);
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    if (dir !== root && entries.some((e) => e.isFile() && e.name === "SKILL.md")) {
      found.push(dir);
      return;
    }
    if (depth >= 6) return;
    const children = entries.filter(
      (e) =>
        (e.isDirectory() || e.isSymbolicLink()) &&
        !e.name.startsWith(".") &&
        !EXCLUDED_DIRS.has(e.name),
    );
    await Promise.all(
      children.map(async (e) => {
        const child = path.join(dir, e.name);
        if (e.isSymbolicLink() && !(await isDirectoryTarget(child))) return;
        await walk(child, depth + 1);
      }),
    );
  };
  await walk(root, 0);
  return found.sort();
}

async function readRecord(
  root: string,
  dir: string,
  logger: Logger,
): Promise<SkillRecord | undefined> {
  const skillMd = path.join(dir, "SKILL.md");
  let text: string;
  try {
    text = (await readFile(skillMd, "utf8")).slice(0, HEAD_CHARS);
  } catch (error) {
    logger.debug(`skills: cannot read ${skillMd}: ${(error as Error).message}`);
    return undefined;
  }
  const parsed = parseSkillText(text);
  if (parsed.error !== undefined) logger.warn(`skills: ${skillMd}: ${parsed.error}`);
  const declared = parsed.frontmatter.name;
  const rawName =
    typeof declared === "string" && declared.trim() !== "" ? declared.trim() : path.basename(dir);
  const relative = path.relative(root, dir).split(path.sep);
  return {
    name: rawName.slice(0, MAX_NAME_LENGTH),
    description: describeSkill(parsed.frontmatter, parsed.body),
    category: relative.length >= 2 ? (relative[0] ?? null) : null,
    dir,
    skillMd,
    root,
    frontmatter: parsed.frontmatter,
    ...(parsed.error === undefined ? {} : { frontmatterError: parsed.error }),
  };
}

/** Scan the roots: every skill, in root order (same-named and other-OS ones kept). */
export async function scanSkills(roots: readonly string[], logger: Logger): Promise<SkillRecord[]> {
  const perRoot = await Promise.all(
    roots.map(async (root) => {
      const dirs = await findSkillDirs(root);
      const records = await Promise.all(dirs.map((dir) => readRecord(root, dir, logger)));
      return records.filter((r): r is SkillRecord => r !== undefined);
    }),
  );
  return perRoot.flat();
}

/** Keep the first record of each name (records in root order). */
function firstOfEachName(records: readonly SkillRecord[]): SkillRecord[] {
  const seen = new Set<string>();
  return records.filter((record) => {
    if (seen.has(record.name)) return false;
    seen.add(record.name);
    return true;
  });
}

/** Sort by (category, name) as Hermes does; top-level skills (no category) first. */
export function sortSkills<T extends { readonly category: string | null; readonly name: string }>(
  skills: readonly T[],
): T[] {
  return [...skills].sort((a, b) => {
    const byCategory = (a.category ?? "").localeCompare(b.category ?? "");
    return byCategory !== 0 ? byCategory : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  });
}

/** Options of a {@link SkillIndex}. */
export interface SkillIndexOptions {
  readonly roots: () => SkillRoots;
  readonly logger: Logger;
  readonly ttlMs?: number;
  readonly now?: () => number;
}

/**
 * The skills on disk, cached for 30 s and keyed on the roots' folder mtimes, so a new or removed
 * skill is seen at once and an in-place edit within the TTL.
 */
export class SkillIndex {
  readonly #options: SkillIndexOptions;
  #cache:
    | {
        signature: string;
        at: number;
        skills: readonly SkillRecord[];
        everything: readonly SkillRecord[];
      }
    | undefined;

  constructor(options: SkillIndexOptions) {
    this.#options = options;
  }

  /** Skills for this OS (disabled ones included), first of each name, by (category, name). */
  async all(): Promise<readonly SkillRecord[]> {
    return (await this.#load()).skills;
  }

  /** Every skill folder found, same-named and other-OS ones included, in root order. */
  async everything(): Promise<readonly SkillRecord[]> {
    return (await this.#load()).everything;
  }

  async #load(): Promise<{ skills: readonly SkillRecord[]; everything: readonly SkillRecord[] }> {
    const roots = orderedRoots(this.#options.roots());
    const now = (this.#options.now ?? Date.now)();
    const signature = await rootsSignature(roots);
    const cached = this.#cache;
    if (
      cached !== undefined &&
      cached.signature === signature &&
      now - cached.at < (this.#options.ttlMs ?? SKILLS_CACHE_TTL_MS)
    ) {
      return cached;
    }
    // Keyed by the signature taken before the scan: a write racing the scan changes the next
    // signature, so the next call scans again instead of serving a torn result.
    const everything = await scanSkills(roots, this.#options.logger);
    const forThisSystem = everything.filter((r) => matchesPlatform(r.frontmatter));
    const entry = {
      signature,
      at: now,
      skills: sortSkills(firstOfEachName(forThisSystem)),
      everything,
    };
    this.#cache = entry;
    return entry;
  }

  /** Forget the cached listing (after skill_manage changed something). */
  invalidate(): void {
    this.#cache = undefined;
  }
}

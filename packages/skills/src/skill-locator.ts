import { access, stat } from "node:fs/promises";
import path from "node:path";
import { orderedRoots, type SkillIndex, type SkillRecord } from "./skill-index.js";
import { fail } from "./skill-results.js";
import type { SkillsSettings } from "./skills-settings.js";

async function exists(target: string): Promise<boolean> {
  try {
    await access(target);
    return true;
  } catch {
    return false;
  }
}

async function isDirectory(target: string): Promise<boolean> {
  try {
    return (await stat(target)).isDirectory();
  } catch {
    return false;
  }
}

/** A located skill, or the JSON error to return. */
export type LocateResult =
  | { readonly skill: SkillRecord; readonly error?: undefined }
  | { readonly skill?: undefined; readonly error: string };

/**
 * Find the one skill `name` means: a `category/name` path under a root, a folder name, or a
 * frontmatter name. Several matches are refused as ambiguous, except that a project skill
 * overrides the same name elsewhere.
 */
export async function locateSkill(
  name: string,
  index: SkillIndex,
  settings: SkillsSettings,
): Promise<LocateResult> {
  const roots = settings.roots();
  const ordered = orderedRoots(roots);
  const present = (
    await Promise.all(ordered.map(async (root) => ((await isDirectory(root)) ? root : undefined)))
  ).filter((r): r is string => r !== undefined);
  if (present.length === 0) {
    return {
      error: fail("Skills directory does not exist yet. It will be created on first install."),
    };
  }
  const all = await index.everything();
  const candidates = new Map<string, SkillRecord>();
  const wanted = name.trim();
  for (const root of present) {
    const direct = path.resolve(root, wanted);
    if (await exists(path.join(direct, "SKILL.md"))) {
      const record = all.find((s) => s.dir === direct);
      if (record) candidates.set(record.dir, record);
    }
  }
  for (const record of all) {
    if (path.basename(record.dir) === wanted || record.name === wanted)
      candidates.set(record.dir, record);
  }
  let matches = [...candidates.values()];
  const projectRoots = new Set(roots.project.map((dir) => path.resolve(dir)));
  if (matches.length > 1 && projectRoots.size > 0) {
    const fromProject = matches.filter((m) => projectRoots.has(m.root));
    if (fromProject.length > 0) matches = fromProject;
  }
  if (matches.length > 1) {
    return {
      error: fail(
        `Ambiguous skill name '${wanted}': ${String(matches.length)} skills match across your local skills dir and external_dirs. Refusing to guess — load one explicitly by its categorized path.`,
        {
          matches: matches.map((m) => m.skillMd),
          hint: "Pass the full relative path instead of the bare name (e.g., 'category/skill-name'), or rename one of the colliding skills so each name is unique.",
        },
      ),
    };
  }
  const found = matches[0];
  if (found === undefined) {
    const disabled = settings.disabled();
    const available = (await index.all())
      .filter((s) => !disabled.has(s.name))
      .slice(0, 20)
      .map((s) => s.name);
    return {
      error: fail(`Skill '${wanted}' not found.`, {
        available_skills: available,
        hint: "Use skills_list to see all available skills",
      }),
    };
  }
  return { skill: found };
}

import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describeSkill, parseSkillText } from "./skill-frontmatter.js";
import type { SkillIndex, SkillRecord } from "./skill-index.js";
import { json } from "./skill-results.js";
import type { SkillsSettings } from "./skills-settings.js";

/** The enabled skills, sorted by (category, name). */
export async function enabledSkills(
  index: SkillIndex,
  settings: SkillsSettings,
): Promise<SkillRecord[]> {
  const disabled = settings.disabled();
  return (await index.all()).filter((s) => !disabled.has(s.name));
}

/** skills_list(category?): `{success, skills: [{name, description, category}], categories, count, hint}`. */
export async function listSkills(
  index: SkillIndex,
  settings: SkillsSettings,
  category: unknown,
): Promise<string> {
  const all = await enabledSkills(index, settings);
  if (all.length === 0) {
    // Hermes creates the folder on first listing, so users find where skills go.
    await mkdir(settings.localDir, { recursive: true });
    return json({
      success: true,
      skills: [],
      categories: [],
      message: "No skills found in skills/ directory.",
    });
  }
  const wanted = typeof category === "string" && category !== "" ? category : undefined;
  const chosen = wanted === undefined ? all : all.filter((s) => s.category === wanted);
  const categories = [
    ...new Set(chosen.map((s) => s.category).filter((c): c is string => c !== null)),
  ].sort();
  return json({
    success: true,
    skills: chosen.map((s) => ({ name: s.name, description: s.description, category: s.category })),
    categories,
    count: chosen.length,
    hint: "Use skill_view(name) to see full content, tags, and linked files",
  });
}

async function categoryDescription(dirs: readonly string[]): Promise<string | undefined> {
  for (const dir of dirs) {
    let text: string;
    try {
      text = await readFile(path.join(dir, "DESCRIPTION.md"), "utf8");
    } catch {
      continue;
    }
    const parsed = parseSkillText(text);
    const description = describeSkill(parsed.frontmatter, parsed.body);
    if (description !== "") return description;
  }
  return undefined;
}

/** skills_categories(): `{success, categories: [{name, skill_count, description?}], hint}`. */
export async function listCategories(index: SkillIndex, settings: SkillsSettings): Promise<string> {
  const skills = await enabledSkills(index, settings);
  if (skills.length === 0) {
    return json({ success: true, categories: [], message: "No skills directory found." });
  }
  const counts = new Map<string, { count: number; dirs: Set<string> }>();
  for (const skill of skills) {
    if (skill.category === null) continue;
    const entry = counts.get(skill.category) ?? { count: 0, dirs: new Set<string>() };
    entry.count += 1;
    entry.dirs.add(path.join(skill.root, skill.category));
    counts.set(skill.category, entry);
  }
  const categories = await Promise.all(
    [...counts.keys()].sort().map(async (name) => {
      const entry = counts.get(name) ?? { count: 0, dirs: new Set<string>() };
      const description = await categoryDescription([...entry.dirs]);
      return {
        name,
        skill_count: entry.count,
        ...(description === undefined ? {} : { description }),
      };
    }),
  );
  return json({
    success: true,
    categories,
    hint: "If a category is relevant to your task, use skills_list with that category to see available skills",
  });
}

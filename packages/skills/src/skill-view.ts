import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { matchesPlatform, parseSkillText, parseTags } from "./skill-frontmatter.js";
import type { SkillIndex, SkillRecord } from "./skill-index.js";
import { availableFiles, linkedFiles } from "./linked-files.js";
import { findInjectionPatterns } from "./injection-scan.js";
import { locateSkill } from "./skill-locator.js";
import {
  hasTraversalComponent,
  LOOKUP_HINT,
  skillLookupPathError,
  validateWithinDir,
} from "./skill-paths.js";
import { skillReadiness } from "./skill-readiness.js";
import { fail, json } from "./skill-results.js";
import type { SkillsSettings } from "./skills-settings.js";

const FILE_HINT = "Use a relative path within the skill directory";

function decodeText(bytes: Buffer): string | undefined {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return text.startsWith("\uFEFF") ? text.slice(1) : text;
  } catch {
    return undefined;
  }
}

async function serveFile(skill: SkillRecord, label: string, filePath: string): Promise<string> {
  if (hasTraversalComponent(filePath)) {
    return fail("Path traversal ('..') is not allowed.", { hint: FILE_HINT });
  }
  const target = path.resolve(skill.dir, filePath);
  const escape = await validateWithinDir(target, skill.dir);
  if (escape !== undefined) return fail(escape, { hint: FILE_HINT });
  const isFile = await stat(target).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!isFile) {
    return fail(`File '${filePath}' not found in skill '${label}'.`, {
      available_files: await availableFiles(skill.dir),
      hint: "Use one of the available file paths listed above",
    });
  }
  const bytes = await readFile(target);
  const text = decodeText(bytes);
  if (text === undefined) {
    return json({
      success: true,
      name: label,
      file: filePath,
      is_binary: true,
      content: `[Binary file: ${path.basename(target)}, size: ${String(bytes.length)} bytes]`,
    });
  }
  return json({
    success: true,
    name: label,
    file: filePath,
    content: text,
    file_type: path.extname(target),
  });
}

function relativePath(skill: SkillRecord, settings: SkillsSettings): string {
  const fromLocal = path.relative(settings.localDir, skill.skillMd);
  const inLocal = !fromLocal.startsWith("..") && !path.isAbsolute(fromLocal);
  const relative = inLocal ? fromLocal : path.relative(path.dirname(skill.dir), skill.skillMd);
  return relative.split(path.sep).join("/");
}

/** skill_view(name, file_path?): the SKILL.md with its linked files and readiness, or one linked file. */
export async function viewSkill(
  name: unknown,
  filePath: unknown,
  index: SkillIndex,
  settings: SkillsSettings,
): Promise<string> {
  const lookupError = skillLookupPathError(name);
  if (lookupError !== undefined) return fail(lookupError, { hint: LOOKUP_HINT });
  const located = await locateSkill(name as string, index, settings);
  if (located.error !== undefined) return located.error;
  const { skill } = located;
  let content: string;
  try {
    const raw = await readFile(skill.skillMd, "utf8");
    content = raw.startsWith("\uFEFF") ? raw.slice(1) : raw;
  } catch (error) {
    return fail(`Failed to read skill '${String(name)}': ${(error as Error).message}`);
  }
  const parsed = parseSkillText(content);
  const frontmatter = parsed.frontmatter;
  const injections = findInjectionPatterns(content);
  if (injections.length > 0) {
    settings.logger.warn(
      `Skill security warning for '${String(name)}': skill content contains patterns that may indicate prompt injection (${injections.join(", ")})`,
    );
  }
  if (!matchesPlatform(frontmatter)) {
    return fail(`Skill '${String(name)}' is not supported on this platform.`, {
      readiness_status: "unsupported",
    });
  }
  if (settings.disabled().has(skill.name)) {
    return fail(
      `Skill '${skill.name}' is disabled. Enable it with \`hermes skills\` or inspect the files directly on disk.`,
    );
  }
  if (typeof filePath === "string" && filePath !== "")
    return serveFile(skill, String(name), filePath);
  const metadata = frontmatter.metadata;
  const hermesMeta =
    metadata !== null && typeof metadata === "object" && !Array.isArray(metadata)
      ? (((metadata as Record<string, unknown>).hermes as Record<string, unknown> | undefined) ??
        {})
      : {};
  const linked = await linkedFiles(skill.dir);
  const hasLinked = Object.keys(linked).length > 0;
  const readiness = skillReadiness(frontmatter, settings, skill.name);
  const declaredName = frontmatter.name;
  const result: Record<string, unknown> = {
    success: true,
    name:
      typeof declaredName === "string" && declaredName !== ""
        ? declaredName
        : path.basename(skill.dir),
    description: frontmatter.description ?? "",
    tags: parseTags(hermesMeta.tags ?? frontmatter.tags),
    related_skills: parseTags(hermesMeta.related_skills ?? frontmatter.related_skills),
    content,
    path: relativePath(skill, settings),
    skill_dir: skill.dir,
    linked_files: hasLinked ? linked : null,
    usage_hint: hasLinked
      ? "To view linked files, call skill_view(name, file_path) where file_path is e.g. 'references/api.md' or 'assets/config.yaml'"
      : null,
    ...readiness.fields,
    ...readiness.extras,
  };
  if (parsed.error !== undefined) result.frontmatter_error = parsed.error;
  if (frontmatter.compatibility !== undefined) result.compatibility = frontmatter.compatibility;
  if (metadata !== null && typeof metadata === "object" && !Array.isArray(metadata))
    result.metadata = metadata;
  return json(result);
}

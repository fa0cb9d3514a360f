import path from "node:path";
import { parseSkillText, MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "./skill-frontmatter.js";
import { findInjectionPatterns } from "./injection-scan.js";
import { hasTraversalComponent } from "./skill-paths.js";
import { SUPPORT_FOLDERS } from "./linked-files.js";

/** Largest SKILL.md or text file an agent may write, in characters. */
export const MAX_SKILL_CONTENT_CHARS = 100_000;
/** Largest supporting file an agent may write, in bytes (1 MiB). */
export const MAX_SKILL_FILE_BYTES = 1_048_576;

const VALID_NAME = /^[a-z0-9][a-z0-9._-]*$/;

/** Hermes' error for a bad skill name, or undefined. */
export function validateName(name: string): string | undefined {
  if (name === "") return "Skill name is required.";
  if (name.length > MAX_NAME_LENGTH)
    return `Skill name exceeds ${String(MAX_NAME_LENGTH)} characters.`;
  if (!VALID_NAME.test(name)) {
    return `Invalid skill name '${name}'. Use lowercase letters, numbers, hyphens, dots, and underscores. Must start with a letter or digit.`;
  }
  return undefined;
}

/** Hermes' error for a bad category (one folder name), or undefined. */
export function validateCategory(category: unknown): string | undefined {
  if (category === undefined || category === null) return undefined;
  if (typeof category !== "string") return "Category must be a string.";
  const value = category.trim();
  if (value === "") return undefined;
  const invalid = `Invalid category '${value}'. Use lowercase letters, numbers, hyphens, dots, and underscores. Categories must be a single directory name.`;
  if (value.includes("/") || value.includes("\\")) return invalid;
  if (value.length > MAX_NAME_LENGTH)
    return `Category exceeds ${String(MAX_NAME_LENGTH)} characters.`;
  return VALID_NAME.test(value) ? undefined : invalid;
}

/** Hermes' checks of SKILL.md text: frontmatter present, closed, a mapping with name and description, a body. */
export function validateSkillMarkdown(content: string): string | undefined {
  if (content.trim() === "") return "Content cannot be empty.";
  const text = content.startsWith("\uFEFF") ? content.slice(1) : content;
  if (!text.startsWith("---")) {
    return "SKILL.md must start with YAML frontmatter (---). See existing skills for format.";
  }
  const parsed = parseSkillText(text);
  if (parsed.error === "frontmatter is not closed by a '---' line") {
    return "SKILL.md frontmatter is not closed. Ensure you have a closing '---' line.";
  }
  if (parsed.error?.startsWith("YAML frontmatter parse error")) return parsed.error;
  if (parsed.error !== undefined) return "Frontmatter must be a YAML mapping (key: value pairs).";
  if (!("name" in parsed.frontmatter)) return "Frontmatter must include 'name' field.";
  if (!("description" in parsed.frontmatter))
    return "Frontmatter must include 'description' field.";
  if (String(parsed.frontmatter.description).length > MAX_DESCRIPTION_LENGTH) {
    return `Description exceeds ${String(MAX_DESCRIPTION_LENGTH)} characters.`;
  }
  if (parsed.body.trim() === "") {
    return "SKILL.md must have content after the frontmatter (instructions, procedures, etc.).";
  }
  return undefined;
}

/** Hermes' size check of text an agent writes, or undefined. */
export function validateContentSize(content: string, label = "SKILL.md"): string | undefined {
  if (content.length <= MAX_SKILL_CONTENT_CHARS) return undefined;
  const fmt = (n: number) => n.toLocaleString("en-US");
  return `${label} content is ${fmt(content.length)} characters (limit: ${fmt(MAX_SKILL_CONTENT_CHARS)}). Consider splitting into a smaller SKILL.md with supporting files in references/ or templates/.`;
}

/** The refusal for text that tries to take over the agent, or undefined. */
export function injectionError(content: string, label = "Skill content"): string | undefined {
  const found = findInjectionPatterns(content);
  if (found.length === 0) return undefined;
  return `${label} was refused: it contains text that looks like a prompt injection (${found.map((f) => JSON.stringify(f)).join(", ")}). Skills are loaded into the agent's context and must not try to override its instructions; remove that text and retry.`;
}

/** True when a file path names the skill's main file (`SKILL.md` or `<name>/SKILL.md`). */
export function isSkillMdPath(filePath: string): boolean {
  const parts = filePath.split(/[\\/]+/).filter((p) => p !== "");
  return parts.length >= 1 && parts.length <= 2 && parts[parts.length - 1] === "SKILL.md";
}

/** Hermes' checks of a write_file / remove_file path, or undefined. */
export function validateFilePath(filePath: string): string | undefined {
  if (filePath === "") return "file_path is required.";
  if (hasTraversalComponent(filePath)) return "Path traversal ('..') is not allowed.";
  if (isSkillMdPath(filePath)) return undefined;
  const parts = filePath.split(/[\\/]+/).filter((p) => p !== "");
  if (
    path.isAbsolute(filePath) ||
    parts.length === 0 ||
    !SUPPORT_FOLDERS.includes(parts[0] ?? "")
  ) {
    return `File must be under one of: ${[...SUPPORT_FOLDERS].sort().join(", ")}. Got: '${filePath}'`;
  }
  if (parts.length < 2) {
    return `Provide a file path, not just a directory. Example: '${parts[0] ?? "references"}/myfile.md'`;
  }
  return undefined;
}

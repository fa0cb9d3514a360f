import { createRequire } from "node:module";
import type * as Yaml from "yaml";

let yaml: typeof Yaml | undefined;

/**
 * The `yaml` library, loaded at the first SKILL.md parsed: registering the skills tools must not
 * pay for a YAML parser. It is CommonJS, so `require` loads the same module `import` would.
 */
function yamlLib(): typeof Yaml {
  return (yaml ??= createRequire(import.meta.url)("yaml") as typeof Yaml);
}

/** Longest skill name kept (Hermes' limit). */
export const MAX_NAME_LENGTH = 64;
/** Longest description kept; longer ones end in `...`. */
export const MAX_DESCRIPTION_LENGTH = 1024;

/** The parts of a SKILL.md. */
export interface ParsedSkillText {
  readonly frontmatter: Readonly<Record<string, unknown>>;
  readonly body: string;
  /** Why the frontmatter could not be read as YAML; then `frontmatter` holds `key: value` lines. */
  readonly error?: string;
}

const FENCE_END = /\r?\n---[ \t]*(?:\r?\n|$)/;

function lineByLine(yamlText: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const line of yamlText.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0 || /^\s/.test(line)) continue;
    fields[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return fields;
}

/**
 * Split SKILL.md text into YAML frontmatter (parsed with `yaml`) and body. Text without a
 * frontmatter block has an empty one. Broken YAML is not fatal: the error is returned and the
 * simple `key: value` lines are used, so the skill still lists.
 */
export function parseSkillText(text: string): ParsedSkillText {
  const content = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (!content.startsWith("---")) return { frontmatter: {}, body: content };
  const end = FENCE_END.exec(content.slice(3));
  if (end === null) {
    return { frontmatter: {}, body: content, error: "frontmatter is not closed by a '---' line" };
  }
  const yamlText = content.slice(3, 3 + end.index);
  const body = content.slice(3 + end.index + end[0].length);
  try {
    const parsed: unknown = yamlLib().parse(yamlText);
    if (parsed === null || parsed === undefined) return { frontmatter: {}, body };
    if (typeof parsed !== "object" || Array.isArray(parsed)) {
      return {
        frontmatter: {},
        body,
        error: "frontmatter is not a YAML mapping (key: value pairs)",
      };
    }
    return { frontmatter: parsed as Record<string, unknown>, body };
  } catch (error) {
    const reason = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    return {
      frontmatter: lineByLine(yamlText),
      body,
      error: `YAML frontmatter parse error: ${reason}`,
    };
  }
}

/** Cap a description at {@link MAX_DESCRIPTION_LENGTH}, ending a cut one with `...`. */
export function truncateDescription(description: string): string {
  return description.length <= MAX_DESCRIPTION_LENGTH
    ? description
    : `${description.slice(0, MAX_DESCRIPTION_LENGTH - 3)}...`;
}

/** The description of a skill: frontmatter `description`, else the first body line that is not a heading. */
export function describeSkill(
  frontmatter: Readonly<Record<string, unknown>>,
  body: string,
): string {
  const declared = frontmatter.description;
  if (typeof declared === "string" && declared.trim() !== "") return truncateDescription(declared);
  if (declared !== undefined && declared !== null && typeof declared !== "string") {
    return truncateDescription(String(declared));
  }
  const line = body
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l !== "" && !l.startsWith("#"));
  return truncateDescription(line ?? "");
}

/** Tags from frontmatter: a list, `"[a, b]"` or `"a, b"`. */
export function parseTags(value: unknown): string[] {
  if (value === undefined || value === null || value === "") return [];
  if (Array.isArray(value))
    return value.filter((t) => t !== null && t !== "").map((t) => String(t).trim());
  let text = String(value).trim();
  if (text.startsWith("[") && text.endsWith("]")) text = text.slice(1, -1);
  return text
    .split(",")
    .map((t) => t.trim().replace(/^["']|["']$/g, ""))
    .filter((t) => t !== "");
}

const PLATFORM_NAMES: Readonly<Record<string, string>> = {
  darwin: "macos",
  linux: "linux",
  win32: "windows",
};

/** True when the skill's `platforms` list is absent or names this platform (macos, linux, windows). */
export function matchesPlatform(
  frontmatter: Readonly<Record<string, unknown>>,
  platform: string = process.platform,
): boolean {
  const declared = parseTags(frontmatter.platforms).map((p) => p.toLowerCase());
  if (declared.length === 0) return true;
  const current = PLATFORM_NAMES[platform] ?? platform;
  return declared.some(
    (p) => p === current || p === platform || (p === "darwin" && current === "macos"),
  );
}

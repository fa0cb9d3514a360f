import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { registerSkillsTools, type SkillsToolsDeps, type SkillsTools } from "../../src/index.js";

/** A temporary Hermes home with helpers to write skills into it. */
export interface SkillHome {
  readonly dir: TempDir;
  readonly home: string;
  readonly skills: string;
  /** Write `<root>/<relative>/SKILL.md` (root defaults to HERMES_HOME/skills). */
  skill(relative: string, text: string, root?: string): Promise<string>;
  /** Write any file under the home. */
  file(relative: string, content: string | Buffer): Promise<string>;
}

export async function createSkillHome(): Promise<SkillHome> {
  const dir = await createTempDir("hermes-skills-");
  const home = path.join(dir.path, "home");
  const skills = path.join(home, "skills");
  await mkdir(skills, { recursive: true });
  const write = async (target: string, content: string | Buffer) => {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
    return target;
  };
  return {
    dir,
    home,
    skills,
    skill: (relative, text, root = skills) => write(path.join(root, relative, "SKILL.md"), text),
    file: (relative, content) => write(path.join(dir.path, relative), content),
  };
}

/** Frontmatter + body of a SKILL.md. */
export function skillText(fields: Record<string, string>, body = "Follow these steps.\n"): string {
  const lines = Object.entries(fields).map(([k, v]) => `${k}: ${v}`);
  return `---\n${lines.join("\n")}\n---\n${body}`;
}

/** A registry with the skills tools over `home`. */
export function skillsRegistry(
  home: SkillHome,
  deps: Partial<SkillsToolsDeps> = {},
): { registry: ToolRegistry; tools: SkillsTools } {
  const registry = new ToolRegistry({ logger: silentLogger });
  const tools = registerSkillsTools(registry, {
    hermesHome: home.home,
    env: {},
    logger: silentLogger,
    ...deps,
  });
  return { registry, tools };
}

/** Dispatch and parse. */
export async function call(
  registry: ToolRegistry,
  name: string,
  args: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const output = await registry.dispatch(name, args);
  if (typeof output !== "string") throw new Error("expected a string result");
  return JSON.parse(output) as Record<string, unknown>;
}

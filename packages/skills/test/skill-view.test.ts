import { symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { SkillEnvPassthrough } from "../src/index.js";
import {
  call,
  createSkillHome,
  skillsRegistry,
  skillText,
  type SkillHome,
} from "./helpers/skill-home.js";

let home: SkillHome;
beforeEach(async () => {
  home = await createSkillHome();
});
afterEach(async () => {
  await home.dir.remove();
});

const AXOLOTL = `---
name: axolotl
description: Fine-tune LLMs with Axolotl
tags: [fine-tuning, llm]
related_skills: "trl, unsloth"
---
# Axolotl

1. Write the config.
`;

async function axolotl(): Promise<string> {
  const md = await home.skill("mlops/axolotl", AXOLOTL);
  const dir = path.dirname(md);
  await home.file("home/skills/mlops/axolotl/references/dataset-formats.md", "# Formats\n");
  await home.file(
    "home/skills/mlops/axolotl/references/notes.txt",
    "not listed: references are .md",
  );
  await home.file("home/skills/mlops/axolotl/templates/nested/config.yaml", "base_model: x\n");
  await home.file(
    "home/skills/mlops/axolotl/assets/logo.png",
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]),
  );
  await home.file("home/skills/mlops/axolotl/scripts/train.py", "print('train')\n");
  return dir;
}

describe("skill_view", () => {
  test("returns SKILL.md with tags, linked files, path and readiness", async () => {
    const dir = await axolotl();
    const { registry } = skillsRegistry(home);
    expect(await call(registry, "skill_view", { name: "axolotl" })).toEqual({
      success: true,
      name: "axolotl",
      description: "Fine-tune LLMs with Axolotl",
      tags: ["fine-tuning", "llm"],
      related_skills: ["trl", "unsloth"],
      content: AXOLOTL,
      path: "mlops/axolotl/SKILL.md",
      skill_dir: dir,
      linked_files: {
        references: ["references/dataset-formats.md"],
        templates: ["templates/nested/config.yaml"],
        assets: ["assets/logo.png"],
        scripts: ["scripts/train.py"],
      },
      usage_hint:
        "To view linked files, call skill_view(name, file_path) where file_path is e.g. 'references/api.md' or 'assets/config.yaml'",
      required_environment_variables: [],
      required_commands: [],
      missing_required_environment_variables: [],
      missing_credential_files: [],
      missing_required_commands: [],
      setup_needed: false,
      setup_skipped: false,
      readiness_status: "available",
    });
    const byPath = await call(registry, "skill_view", { name: "mlops/axolotl" });
    expect(byPath.name).toBe("axolotl");
  });

  test("loads one linked file, text or binary", async () => {
    await axolotl();
    const { registry } = skillsRegistry(home);
    expect(
      await call(registry, "skill_view", {
        name: "axolotl",
        file_path: "references/dataset-formats.md",
      }),
    ).toEqual({
      success: true,
      name: "axolotl",
      file: "references/dataset-formats.md",
      content: "# Formats\n",
      file_type: ".md",
    });
    expect(
      await call(registry, "skill_view", { name: "axolotl", file_path: "assets/logo.png" }),
    ).toEqual({
      success: true,
      name: "axolotl",
      file: "assets/logo.png",
      is_binary: true,
      content: "[Binary file: logo.png, size: 7 bytes]",
    });
  });

  test("a missing linked file lists what is there", async () => {
    await axolotl();
    const { registry } = skillsRegistry(home);
    expect(
      await call(registry, "skill_view", { name: "axolotl", file_path: "references/api.md" }),
    ).toEqual({
      success: false,
      error: "File 'references/api.md' not found in skill 'axolotl'.",
      available_files: {
        references: ["references/dataset-formats.md", "references/notes.txt"],
        templates: ["templates/nested/config.yaml"],
        scripts: ["scripts/train.py"],
        assets: ["assets/logo.png"],
      },
      hint: "Use one of the available file paths listed above",
    });
  });

  test("refuses names and file paths that leave the skills folders", async () => {
    const dir = await axolotl();
    await home.file("outside/secret.md", "secret");
    await symlink(
      path.join(home.dir.path, "outside/secret.md"),
      path.join(dir, "references/escape.md"),
    );
    const { registry } = skillsRegistry(home);
    const hint = "Use a skill name or relative path within the skills directory.";
    expect(await call(registry, "skill_view", { name: "../outside" })).toEqual({
      success: false,
      error: "Skill name cannot contain '..' path traversal components.",
      hint,
    });
    for (const name of ["/etc", "C:\\skills\\x"]) {
      expect(await call(registry, "skill_view", { name })).toEqual({
        success: false,
        error: "Skill name must be a relative path within the skills directory.",
        hint,
      });
    }
    expect(
      await call(registry, "skill_view", {
        name: "axolotl",
        file_path: "../../../../outside/secret.md",
      }),
    ).toEqual({
      success: false,
      error: "Path traversal ('..') is not allowed.",
      hint: "Use a relative path within the skill directory",
    });
    for (const filePath of ["/etc/hostname", "references/escape.md"]) {
      const answer = await call(registry, "skill_view", { name: "axolotl", file_path: filePath });
      expect(answer.success).toBe(false);
      expect(answer.error).toMatch(
        /^Path escapes allowed directory: '.+' is not in the subpath of '.+'$/,
      );
      expect(JSON.stringify(answer)).not.toContain('secret"');
    }
  });

  test("unknown, ambiguous and disabled skills", async () => {
    const external = path.join(home.dir.path, "team");
    await home.skill("tools/deploy", skillText({ name: "deploy", description: "home" }));
    await home.skill("deploy", skillText({ name: "deploy", description: "team" }), external);
    await home.skill("old", skillText({ name: "old", description: "old" }));
    const { registry } = skillsRegistry(home, {
      config: { skills: { external_dirs: [external], disabled: ["old"] } },
    });
    expect(await call(registry, "skill_view", { name: "nope" })).toEqual({
      success: false,
      error: "Skill 'nope' not found.",
      available_skills: ["deploy"],
      hint: "Use skills_list to see all available skills",
    });
    const ambiguous = await call(registry, "skill_view", { name: "deploy" });
    expect(ambiguous.error).toBe(
      "Ambiguous skill name 'deploy': 2 skills match across your local skills dir and external_dirs. Refusing to guess — load one explicitly by its categorized path.",
    );
    expect(ambiguous.matches).toHaveLength(2);
    expect((await call(registry, "skill_view", { name: "tools/deploy" })).description).toBe("home");
    expect(await call(registry, "skill_view", { name: "old" })).toEqual({
      success: false,
      error:
        "Skill 'old' is disabled. Enable it with `hermes skills` or inspect the files directly on disk.",
    });
  });

  test("a skill for another OS is named as unsupported, not missing", async () => {
    await home.skill(
      "mac-only",
      skillText({ name: "mac-only", description: "d", platforms: "[plan9]" }),
    );
    const { registry } = skillsRegistry(home);
    expect(await call(registry, "skill_view", { name: "mac-only" })).toEqual({
      success: false,
      error: "Skill 'mac-only' is not supported on this platform.",
      readiness_status: "unsupported",
    });
  });

  test("a skill with broken frontmatter can still be viewed and says what is wrong", async () => {
    await home.skill("broken", "---\nname: broken\ndescription: [oops\n---\nBody\n");
    const { registry } = skillsRegistry(home);
    const answer = await call(registry, "skill_view", { name: "broken" });
    expect(answer.success).toBe(true);
    expect(answer.frontmatter_error).toMatch(/^YAML frontmatter parse error/);
  });
});

describe("required_environment_variables", () => {
  const SKILL = skillText({
    name: "notion",
    description: "Use the Notion API",
    required_environment_variables:
      "\n  - name: NOTION_API_KEY\n    prompt: Notion integration token\n    help: https://www.notion.so/my-integrations\n  - NOTION_WORKSPACE\n  - name: NOTION_DEBUG\n    optional: true",
  });

  test("missing variables mean setup_needed with a note; present ones pass through to children", async () => {
    await home.skill("notion", SKILL);
    const passthrough = new SkillEnvPassthrough();
    const { registry } = skillsRegistry(home, {
      env: { NOTION_WORKSPACE: "acme" },
      envPassthrough: passthrough,
    });
    const answer = await call(registry, "skill_view", { name: "notion" });
    expect(answer).toMatchObject({
      required_environment_variables: [
        {
          name: "NOTION_API_KEY",
          prompt: "Notion integration token",
          help: "https://www.notion.so/my-integrations",
        },
        { name: "NOTION_WORKSPACE", prompt: "Enter value for NOTION_WORKSPACE" },
        { name: "NOTION_DEBUG", prompt: "Enter value for NOTION_DEBUG", optional: true },
      ],
      missing_required_environment_variables: ["NOTION_API_KEY"],
      setup_needed: true,
      readiness_status: "setup_needed",
      setup_help: "https://www.notion.so/my-integrations",
      setup_note:
        "Setup needed before using this skill: missing env $NOTION_API_KEY. https://www.notion.so/my-integrations",
    });
    expect(passthrough.names()).toEqual(["NOTION_WORKSPACE"]);
  });

  test("a value in HERMES_HOME/.env counts; the skill is then ready", async () => {
    await home.skill("notion", SKILL);
    await home.file("home/.env", "NOTION_API_KEY=secret_abc\nNOTION_WORKSPACE=acme\n");
    const passthrough = new SkillEnvPassthrough();
    const added: string[][] = [];
    passthrough.onAdd((names) => added.push([...names]));
    const { registry } = skillsRegistry(home, { envPassthrough: passthrough });
    const answer = await call(registry, "skill_view", { name: "notion" });
    expect(answer).toMatchObject({
      setup_needed: false,
      readiness_status: "available",
      missing_required_environment_variables: [],
    });
    expect(answer).not.toHaveProperty("setup_note");
    expect(passthrough.names()).toEqual(["NOTION_API_KEY", "NOTION_WORKSPACE"]);
    await call(registry, "skill_view", { name: "notion" });
    expect(added).toEqual([["NOTION_API_KEY", "NOTION_WORKSPACE"]]);
    expect(JSON.stringify(answer)).not.toContain("secret_abc");
  });
});

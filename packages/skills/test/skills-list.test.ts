import { rm, stat, symlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
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

describe("skills_list", () => {
  test("lists name, description and category sorted by (category, name)", async () => {
    await home.skill(
      "mlops/axolotl",
      skillText({ name: "axolotl", description: "Fine-tune LLMs with Axolotl" }),
    );
    await home.skill(
      "devops/docker-debug",
      skillText({ name: "docker-debug", description: "Debug containers" }),
    );
    await home.skill(
      "devops/ansible",
      skillText({ name: "ansible", description: "Run playbooks" }),
    );
    await home.skill("notes", skillText({ name: "notes" }, "# Notes\n\nKeep notes tidy.\n"));
    const { registry } = skillsRegistry(home);
    expect(await call(registry, "skills_list")).toEqual({
      success: true,
      skills: [
        { name: "notes", description: "Keep notes tidy.", category: null },
        { name: "ansible", description: "Run playbooks", category: "devops" },
        { name: "docker-debug", description: "Debug containers", category: "devops" },
        { name: "axolotl", description: "Fine-tune LLMs with Axolotl", category: "mlops" },
      ],
      categories: ["devops", "mlops"],
      count: 4,
      hint: "Use skill_view(name) to see full content, tags, and linked files",
    });
    const devops = await call(registry, "skills_list", { category: "devops" });
    expect(devops).toMatchObject({ categories: ["devops"], count: 2 });
  });

  test("says so when there are no skills", async () => {
    const { registry } = skillsRegistry(home);
    expect(await call(registry, "skills_list")).toEqual({
      success: true,
      skills: [],
      categories: [],
      message: "No skills found in skills/ directory.",
    });
  });

  test("first definition of a name wins: project, then HERMES_HOME, then external_dirs", async () => {
    const project = path.join(home.dir.path, "project-skills");
    const external = path.join(home.dir.path, "team-skills");
    await home.skill("shared", skillText({ name: "shared", description: "from home" }));
    await home.skill("shared", skillText({ name: "shared", description: "from team" }), external);
    await home.skill("team-only", skillText({ name: "team-only", description: "team" }), external);
    const { registry } = skillsRegistry(home, {
      config: { skills: { external_dirs: [external] } },
    });
    const listed = (await call(registry, "skills_list")).skills as {
      name: string;
      description: string;
    }[];
    expect(listed).toEqual([
      { name: "shared", description: "from home", category: null },
      { name: "team-only", description: "team", category: null },
    ]);
    await home.skill("shared", skillText({ name: "shared", description: "from project" }), project);
    const withProject = skillsRegistry(home, {
      projectSkillDirs: [project],
      config: { skills: { external_dirs: [external] } },
    });
    const first = (
      (await call(withProject.registry, "skills_list")).skills as { description: string }[]
    )[0];
    expect(first?.description).toBe("from project");
  });

  test("skills.disabled and platform_disabled hide skills; platforms frontmatter filters by OS", async () => {
    await home.skill("a", skillText({ name: "a", description: "A" }));
    await home.skill("b", skillText({ name: "b", description: "B" }));
    await home.skill("c", skillText({ name: "c", description: "C" }));
    await home.skill(
      "elsewhere",
      skillText({ name: "elsewhere", description: "x", platforms: "[plan9]" }),
    );
    const config = { skills: { disabled: ["a"], platform_disabled: { telegram: ["b"] } } };
    const cli = skillsRegistry(home, { config });
    expect(
      ((await call(cli.registry, "skills_list")).skills as { name: string }[]).map((s) => s.name),
    ).toEqual(["b", "c"]);
    const telegram = skillsRegistry(home, { config, platform: "telegram" });
    expect(
      ((await call(telegram.registry, "skills_list")).skills as { name: string }[]).map(
        (s) => s.name,
      ),
    ).toEqual(["c"]);
  });

  test("broken frontmatter is reported and not fatal; long names and descriptions are capped", async () => {
    await home.skill(
      "broken",
      "---\nname: broken\ndescription: still listed\ntags: [unclosed\n---\nBody\n",
    );
    await home.skill("long", skillText({ name: "x".repeat(80), description: "d".repeat(1100) }));
    const warnings: string[] = [];
    const logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: (m: string) => warnings.push(m),
      error: () => undefined,
    };
    const { registry } = skillsRegistry(home, { logger });
    const skills = (await call(registry, "skills_list")).skills as {
      name: string;
      description: string;
    }[];
    expect(skills.find((s) => s.name === "broken")?.description).toBe("still listed");
    const long = skills.find((s) => s.name.startsWith("xxx"));
    expect(long?.name).toHaveLength(64);
    expect(long?.description).toHaveLength(1024);
    expect(long?.description.endsWith("...")).toBe(true);
    expect(
      warnings.some(
        (w) => w.includes("broken/SKILL.md") && w.includes("YAML frontmatter parse error"),
      ),
    ).toBe(true);
  });
});

describe("skills_categories", () => {
  test("counts skills per category with DESCRIPTION.md descriptions", async () => {
    await home.skill("devops/a", skillText({ name: "a", description: "A" }));
    await home.skill("devops/b", skillText({ name: "b", description: "B" }));
    await home.skill("research/c", skillText({ name: "c", description: "C" }));
    await home.file(
      "home/skills/devops/DESCRIPTION.md",
      "---\ndescription: Servers and deploys\n---\n",
    );
    await home.file("home/skills/research/DESCRIPTION.md", "# Research\n\nPapers and notes.\n");
    const { registry } = skillsRegistry(home);
    expect(await call(registry, "skills_categories")).toEqual({
      success: true,
      categories: [
        { name: "devops", skill_count: 2, description: "Servers and deploys" },
        { name: "research", skill_count: 1, description: "Papers and notes." },
      ],
      hint: "If a category is relevant to your task, use skills_list with that category to see available skills",
    });
  });
});

describe("listing cache", () => {
  test("a new skill in a category shows at once; an in-place edit within the TTL does not", async () => {
    await home.skill("devops/a", skillText({ name: "a", description: "first" }));
    const { registry, tools } = skillsRegistry(home);
    expect((await call(registry, "skills_list")).count).toBe(1);
    await home.skill("devops/b", skillText({ name: "b", description: "B" }));
    expect((await call(registry, "skills_list")).count).toBe(2);
    // Rewriting a file in place changes no folder mtime: only the TTL or an invalidation shows it.
    await home.skill("devops/a", skillText({ name: "a", description: "edited" }));
    const cached = (await call(registry, "skills_list")).skills as { description: string }[];
    expect(cached[0]?.description).toBe("first");
    tools.invalidate();
    const fresh = (await call(registry, "skills_list")).skills as { description: string }[];
    expect(fresh[0]?.description).toBe("edited");
  });

  test("the TTL bounds how long an in-place edit stays unseen", async () => {
    await home.skill("a", skillText({ name: "a", description: "first" }));
    const { registry } = skillsRegistry(home, { cacheTtlMs: 0 });
    await call(registry, "skills_list");
    await home.skill("a", skillText({ name: "a", description: "edited" }));
    const skills = (await call(registry, "skills_list")).skills as { description: string }[];
    expect(skills[0]?.description).toBe("edited");
  });
});

describe("folders", () => {
  test("a category linked in from elsewhere is listed and viewable", async () => {
    const repo = path.join(home.dir.path, "repo");
    await home.skill(
      "linked/knowledge-brain",
      skillText({ name: "knowledge-brain", description: "K" }),
      repo,
    );
    await symlink(path.join(repo, "linked"), path.join(home.skills, "linked"));
    await symlink(home.skills, path.join(repo, "linked", "loop"));
    const { registry } = skillsRegistry(home);
    const listed = await call(registry, "skills_list", { category: "linked" });
    expect(listed).toMatchObject({
      count: 1,
      categories: ["linked"],
      skills: [{ name: "knowledge-brain", category: "linked" }],
    });
    expect((await call(registry, "skill_view", { name: "knowledge-brain" })).success).toBe(true);
  });

  test("skills inside dot-folders and support folders are not skills; listing creates the folder", async () => {
    await rm(home.skills, { recursive: true });
    const { registry } = skillsRegistry(home);
    expect((await call(registry, "skills_list")).skills).toEqual([]);
    expect((await stat(home.skills)).isDirectory()).toBe(true);
    await home.skill("real", skillText({ name: "real", description: "R" }));
    await home.skill(".git/fake", skillText({ name: "fake", description: "F" }));
    await home.skill(
      "real/scripts/.venv/lib/site-packages/typer",
      skillText({ name: "typer", description: "T" }),
    );
    await home.skill("tools/scripts/inner", skillText({ name: "inner", description: "I" }));
    expect(
      ((await call(registry, "skills_list")).skills as { name: string }[]).map((s) => s.name),
    ).toEqual(["real"]);
  });
});

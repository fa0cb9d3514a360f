import { mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { runSuite } from "@hermes-agent/bench";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { registerSkillsTools } from "../src/index.js";

const SKILLS = 500;
const CATEGORIES = 20;

const home = path.join(os.tmpdir(), `hermes-skills-bench-${String(process.pid)}`);
await Promise.all(
  Array.from({ length: SKILLS }, async (_, i) => {
    const dir = path.join(
      home,
      "skills",
      `category-${String(i % CATEGORIES)}`,
      `skill-${String(i)}`,
    );
    await mkdir(path.join(dir, "references"), { recursive: true });
    await writeFile(
      path.join(dir, "SKILL.md"),
      `---\nname: skill-${String(i)}\ndescription: Skill number ${String(i)} does one careful thing well.\ntags: [bench, n${String(i)}]\n---\n# Skill ${String(i)}\n\n${"Step by step instructions. ".repeat(40)}\n`,
    );
  }),
);

function registry(cacheTtlMs?: number): ToolRegistry {
  const r = new ToolRegistry({ logger: silentLogger });
  registerSkillsTools(r, {
    hermesHome: home,
    env: {},
    logger: silentLogger,
    ...(cacheTtlMs === undefined ? {} : { cacheTtlMs }),
  });
  return r;
}

try {
  await runSuite("skills listing", [
    {
      name: `skills_list of ${String(SKILLS)} skills, warm (cache hit)`,
      budgetUs: 20_000,
      setup: async () => {
        const r = registry();
        await r.dispatch("skills_list", {});
        return () => r.dispatch("skills_list", {});
      },
    },
    {
      name: `skills_list of ${String(SKILLS)} skills, cold (full scan)`,
      samples: 10,
      setup: () => {
        const r = registry(0);
        return () => r.dispatch("skills_list", {});
      },
    },
    {
      name: `skill_view in ${String(SKILLS)} skills, warm`,
      setup: async () => {
        const r = registry();
        await r.dispatch("skills_list", {});
        return () => r.dispatch("skill_view", { name: "skill-250" });
      },
    },
  ]);
} finally {
  await rm(home, { recursive: true, force: true });
}

import { expect, test } from "vitest";
import * as api from "../src/index.js";

test("the public API is exactly what index.ts lists", () => {
  expect(Object.keys(api).sort()).toEqual([
    "MAX_DESCRIPTION_LENGTH",
    "MAX_NAME_LENGTH",
    "SKILLS_CACHE_TTL_MS",
    "SKILLS_TOOLSET",
    "SkillEnvPassthrough",
    "VERSION",
    "findInjectionPatterns",
    "parseSkillText",
    "registerSkillsTools",
  ]);
});

test("parseSkillText splits frontmatter and body and reports broken YAML", () => {
  expect(api.parseSkillText("---\nname: a\ntags: [x, y]\n---\nBody\n")).toEqual({
    frontmatter: { name: "a", tags: ["x", "y"] },
    body: "Body\n",
  });
  const broken = api.parseSkillText("---\nname: a\nb: [\n---\nBody\n");
  expect(broken.frontmatter).toEqual({ name: "a", b: "[" });
  expect(broken.error).toMatch(/^YAML frontmatter parse error/);
});

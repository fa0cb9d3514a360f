import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createFileToolsHarness, type FileToolsHarness } from "./support/file-tools-harness.js";

/** A Hermes root with the default profile's home and a profile "work" under profiles/. */
describe.each(["default", "work"] as const)("cross-profile writes from profile %s", (profile) => {
  let root: TempDir;
  let h: FileToolsHarness;
  const other = profile === "default" ? "profiles/work" : "";
  const otherName = profile === "default" ? "work" : "default";
  const own = profile === "default" ? "" : "profiles/work";
  const at = (...parts: string[]): string => path.join(root.path, ...parts);

  beforeAll(async () => {
    root = await createTempDir("hermes-profiles-");
    for (const home of ["", "profiles/work"]) {
      mkdirSync(at(home, "skills", "notes"), { recursive: true });
      writeFileSync(at(home, "skills", "notes", "SKILL.md"), "original\n");
    }
    h = await createFileToolsHarness("local", { hermesHome: at(own) });
  });
  afterAll(async () => {
    await h.close();
    await root.remove();
  });

  test("another profile's skills, plugins, cron and memories are refused without cross_profile", async () => {
    for (const dir of ["skills", "plugins", "cron", "memories"]) {
      const target = at(other, dir, "x", "file.md");
      const result = await h.call("write_file", { path: target, content: "changed\n" });
      expect(result.error).toBe(
        `Refusing to write to another Hermes profile's ${dir}: ${target} belongs to profile ` +
          `'${otherName}', and this agent runs as profile '${profile}'. ` +
          "Pass cross_profile=true only if the user asked for a change to that profile.",
      );
      expect(existsSync(target)).toBe(false);
    }
    const skill = at(other, "skills", "notes", "SKILL.md");
    const patched = await h.call("patch", {
      mode: "replace",
      path: skill,
      old_string: "original",
      new_string: "changed",
    });
    expect(String(patched.error)).toMatch(/^Refusing to write to another Hermes profile's skills/);
    expect(readFileSync(skill, "utf8")).toBe("original\n");
  });

  test("cross_profile=true allows it; this profile's own directories never need it", async () => {
    const skill = at(other, "skills", "notes", "SKILL.md");
    const result = await h.call("patch", {
      mode: "replace",
      path: skill,
      old_string: "original",
      new_string: "changed",
      cross_profile: true,
    });
    expect(result.error).toBeUndefined();
    expect(readFileSync(skill, "utf8")).toBe("changed\n");
    const mine = at(own, "skills", "notes", "SKILL.md");
    expect((await h.call("write_file", { path: mine, content: "mine\n" })).error).toBeUndefined();
    expect(readFileSync(mine, "utf8")).toBe("mine\n");
    // Outside the profile-owned directories nothing changes (e.g. a profile's logs).
    const log = at(other, "logs", "note.txt");
    expect((await h.call("write_file", { path: log, content: "x\n" })).error).toBeUndefined();
  });
});

import { describe, expect, test } from "vitest";
import { TOOLSETS, resolveToolset, validateToolset } from "../src/index.js";
import { quietRegistry } from "./helpers.js";

const registry = quietRegistry();
const sorted = (list: readonly string[]): string[] => [...list].sort();

describe("TOOLSETS", () => {
  test("every entry has a description, sorted tools and sorted includes that exist", () => {
    for (const [name, entry] of Object.entries(TOOLSETS)) {
      expect(entry.description, name).not.toBe("");
      expect(entry.tools, name).toEqual(sorted(entry.tools));
      expect(entry.includes, name).toEqual(sorted(entry.includes));
      for (const included of entry.includes)
        expect(Object.keys(TOOLSETS), `${name} includes ${included}`).toContain(included);
    }
  });

  test("entries are frozen", () => {
    expect(Object.isFrozen(TOOLSETS)).toBe(true);
    expect(() => (TOOLSETS["web"]?.tools as string[]).push("x")).toThrow(TypeError);
  });

  test.each([
    ["web", ["web_extract", "web_search"]],
    ["search", ["web_search"]],
    ["terminal", ["process", "terminal"]],
    ["file", ["patch", "read_file", "search_files", "write_file"]],
    ["code_execution", ["execute_code"]],
    ["delegation", ["delegate_task"]],
    ["todo", ["todo"]],
    ["memory", ["memory"]],
    ["session_search", ["session_search"]],
    ["clarify", ["clarify"]],
    ["skills", ["skill_manage", "skill_view", "skills_list"]],
    ["vision", ["vision_analyze"]],
    ["image_gen", ["image_generate"]],
    ["tts", ["text_to_speech"]],
    ["cronjob", ["cronjob"]],
    ["homeassistant", ["ha_call_service", "ha_get_state", "ha_list_entities", "ha_list_services"]],
    ["context_engine", []],
  ])("leaf toolset %s lists %j", (name, tools) => {
    expect(TOOLSETS[name]).toMatchObject({ tools, includes: [] });
    expect(resolveToolset(name, { registry })).toEqual(tools);
  });

  test("browser lists every browser tool and no web tool (disabling it must keep web_search)", () => {
    const browser = TOOLSETS["browser"]?.tools ?? [];
    expect(browser).toHaveLength(12);
    expect(browser.every((tool) => tool.startsWith("browser_"))).toBe(true);
    expect(browser).toContain("browser_navigate");
    expect(browser).not.toContain("web_search");
  });

  test("debugging is terminal and process plus the web and file toolsets", () => {
    expect(TOOLSETS["debugging"]).toMatchObject({
      tools: ["process", "terminal"],
      includes: ["file", "web"],
    });
    expect(resolveToolset("debugging", { registry })).toEqual(
      sorted([
        "terminal",
        "process",
        "web_search",
        "web_extract",
        "read_file",
        "write_file",
        "patch",
        "search_files",
      ]),
    );
  });

  test("safe has web, vision and image generation but no terminal or files", () => {
    const safe = resolveToolset("safe", { registry });
    expect(safe).toEqual(["image_generate", "vision_analyze", "web_extract", "web_search"]);
  });

  test("the coding posture keeps coding tools and drops audio, images, cron, kanban and Home Assistant", () => {
    const coding = resolveToolset("coding", { registry });
    expect(coding).toEqual(
      expect.arrayContaining([
        "terminal",
        "read_file",
        "patch",
        "web_search",
        "browser_navigate",
        "clarify",
      ]),
    );
    for (const dropped of [
      "text_to_speech",
      "image_generate",
      "cronjob",
      "computer_use",
      "ha_get_state",
      "kanban_show",
    ]) {
      expect(coding).not.toContain(dropped);
    }
  });

  test("every catalog name validates", () => {
    for (const name of Object.keys(TOOLSETS))
      expect(validateToolset(name, { registry }), name).toBe(true);
  });
});

import { expect, test } from "vitest";
import { LEGACY_TOOLSET_MAP, resolveLegacyToolset } from "../src/index.js";

test.each([
  ["web_tools", ["web_extract", "web_search"]],
  ["terminal_tools", ["terminal"]],
  ["vision_tools", ["vision_analyze"]],
  ["image_tools", ["image_generate"]],
  ["skills_tools", ["skill_manage", "skill_view", "skills_list"]],
  [
    "browser_tools",
    [
      "browser_back",
      "browser_click",
      "browser_console",
      "browser_get_images",
      "browser_navigate",
      "browser_press",
      "browser_scroll",
      "browser_snapshot",
      "browser_type",
      "browser_vision",
    ],
  ],
  ["cronjob_tools", ["cronjob"]],
  ["file_tools", ["patch", "read_file", "search_files", "write_file"]],
  ["tts_tools", ["text_to_speech"]],
])("%s maps to %j", (legacy, tools) => {
  expect(LEGACY_TOOLSET_MAP[legacy]).toEqual(tools);
  expect(resolveLegacyToolset(legacy)).toEqual(tools);
});

test("the map holds exactly the nine Hermes names", () => {
  expect(Object.keys(LEGACY_TOOLSET_MAP).sort()).toEqual([
    "browser_tools",
    "cronjob_tools",
    "file_tools",
    "image_tools",
    "skills_tools",
    "terminal_tools",
    "tts_tools",
    "vision_tools",
    "web_tools",
  ]);
});

test("a modern or unknown name, or an Object.prototype key, is not a legacy name", () => {
  expect(resolveLegacyToolset("web")).toBeUndefined();
  expect(resolveLegacyToolset("nope_tools")).toBeUndefined();
  expect(resolveLegacyToolset("toString")).toBeUndefined();
});

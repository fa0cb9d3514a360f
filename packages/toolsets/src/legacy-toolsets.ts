import { BROWSER_TOOLS } from "./core-tools.js";

/**
 * Old `*_tools` toolset names a Hermes config may still list, mapped to the modern tool names
 * they stand for. `getToolDefinitions` accepts them in `enabledToolsets`.
 */
export const LEGACY_TOOLSET_MAP: Readonly<Record<string, readonly string[]>> = Object.freeze({
  web_tools: Object.freeze(["web_extract", "web_search"]),
  terminal_tools: Object.freeze(["terminal"]),
  vision_tools: Object.freeze(["vision_analyze"]),
  image_tools: Object.freeze(["image_generate"]),
  skills_tools: Object.freeze(["skill_manage", "skill_view", "skills_list"]),
  // The legacy browser set predates the DevTools and dialog tools.
  browser_tools: Object.freeze(
    BROWSER_TOOLS.filter((tool) => tool !== "browser_cdp" && tool !== "browser_dialog").sort(),
  ),
  cronjob_tools: Object.freeze(["cronjob"]),
  file_tools: Object.freeze(["patch", "read_file", "search_files", "write_file"]),
  tts_tools: Object.freeze(["text_to_speech"]),
});

/** The modern tools a legacy `*_tools` name stands for, or undefined if it is not one. */
export function resolveLegacyToolset(name: string): readonly string[] | undefined {
  return Object.hasOwn(LEGACY_TOOLSET_MAP, name) ? LEGACY_TOOLSET_MAP[name] : undefined;
}

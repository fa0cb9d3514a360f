import { BROWSER_TOOLS, CODING_TOOLS, HOME_ASSISTANT_TOOLS, KANBAN_TOOLS } from "./core-tools.js";
import { defineToolset } from "./define-toolset.js";
import { PLATFORM_PRESETS } from "./platform-presets.js";
import type { ToolsetDefinition } from "./toolset-types.js";

/** One toolset per built-in tool family. */
const LEAF_TOOLSETS: Readonly<Record<string, ToolsetDefinition>> = {
  web: defineToolset("Search the web and extract page content", ["web_search", "web_extract"]),
  search: defineToolset("Web search only, without page extraction", ["web_search"]),
  x_search: defineToolset(
    "Search public X (Twitter) posts and threads through xAI (needs xAI credentials)",
    ["x_search"],
  ),
  vision: defineToolset("Analyse images", ["vision_analyze"]),
  video: defineToolset("Analyse and understand videos (opt-in)", ["video_analyze"]),
  image_gen: defineToolset("Generate images", ["image_generate"]),
  video_gen: defineToolset(
    "Generate videos from text, images or references, and edit or extend them",
    ["video_generate", "xai_video_edit", "xai_video_extend"],
  ),
  computer_use: defineToolset(
    "Control a desktop in the background: screenshots, mouse, keyboard, scrolling",
    ["computer_use"],
  ),
  terminal: defineToolset("Run shell commands and manage background processes", [
    "terminal",
    "process",
  ]),
  skills: defineToolset("Find, read, create and edit skill documents", [
    "skills_list",
    "skill_view",
    "skill_manage",
  ]),
  browser: defineToolset(
    "Drive a browser: navigate, read, click, type, scroll, dialogs and DevTools",
    BROWSER_TOOLS,
  ),
  cronjob: defineToolset(
    "Create, list, update, pause, resume, trigger and remove scheduled tasks",
    ["cronjob"],
  ),
  file: defineToolset("Read, write, patch (fuzzy matching) and search files", [
    "read_file",
    "write_file",
    "patch",
    "search_files",
  ]),
  tts: defineToolset("Turn text into speech", ["text_to_speech"]),
  todo: defineToolset("Plan and track multi-step work", ["todo"]),
  memory: defineToolset("Keep notes and a user profile across sessions", ["memory"]),
  context_engine: defineToolset("Tools contributed at runtime by the active context engine"),
  session_search: defineToolset("Search and summarize past conversations", ["session_search"]),
  project: defineToolset("Create and switch desktop project workspaces (GUI sessions)", [
    "desktop_project",
  ]),
  clarify: defineToolset("Ask the user a clarifying question, multiple-choice or open", [
    "clarify",
  ]),
  code_execution: defineToolset("Run a script that calls tools itself, saving model round trips", [
    "execute_code",
  ]),
  delegation: defineToolset("Hand a subtask to a subagent with its own context", ["delegate_task"]),
  homeassistant: defineToolset(
    "Monitor and control a Home Assistant smart home",
    HOME_ASSISTANT_TOOLS,
  ),
  kanban: defineToolset(
    "Kanban coordination for agents the kanban dispatcher spawns: hand off, review, block, comment, attach",
    KANBAN_TOOLS,
  ),
  discord: defineToolset("Read and take part in Discord: messages, member search, threads", [
    "discord",
  ]),
  discord_admin: defineToolset("Administer a Discord server: channels, roles, pins", [
    "discord_admin",
  ]),
  yuanbao: defineToolset("Yuanbao groups, members, direct messages and stickers", [
    "yb_query_group_info",
    "yb_query_group_members",
    "yb_send_dm",
    "yb_search_sticker",
    "yb_send_sticker",
  ]),
  feishu_doc: defineToolset("Read Feishu/Lark documents", ["feishu_doc_read"]),
  feishu_drive: defineToolset("List, reply to and add comments on Feishu/Lark documents", [
    "feishu_drive_list_comments",
    "feishu_drive_list_comment_replies",
    "feishu_drive_reply_comment",
    "feishu_drive_add_comment",
  ]),
  spotify: defineToolset(
    "Spotify playback, devices, queue, search, playlists, albums and library",
    [
      "spotify_playback",
      "spotify_devices",
      "spotify_queue",
      "spotify_search",
      "spotify_playlists",
      "spotify_albums",
      "spotify_library",
    ],
  ),
};

/** Bundles for a kind of work, composed from the leaf toolsets. */
const SCENARIO_TOOLSETS: Readonly<Record<string, ToolsetDefinition>> = {
  debugging: defineToolset(
    "Troubleshooting: shell and processes, plus web research and files",
    ["terminal", "process"],
    ["web", "file"],
  ),
  safe: defineToolset(
    "No shell and no files: web research, image analysis and generation",
    [],
    ["web", "vision", "image_gen"],
  ),
  coding: defineToolset(
    "Coding posture: files, shell, web docs, browser, skills, planning, delegation and vision",
    CODING_TOOLS,
  ),
};

/**
 * Toolsets whose disabling removes only their non-core tools, like a platform preset: the
 * coding posture is the core list with parts taken away, not a family of its own.
 */
export const POSTURE_TOOLSETS: ReadonlySet<string> = new Set(["coding"]);

/**
 * The built-in catalog: leaf toolsets for every tool family, scenario toolsets and the
 * `hermes-*` platform presets. Names match Hermes' `TOOLSETS`; every list is sorted.
 */
export const TOOLSETS: Readonly<Record<string, ToolsetDefinition>> = Object.freeze({
  ...LEAF_TOOLSETS,
  ...SCENARIO_TOOLSETS,
  ...PLATFORM_PRESETS,
});

/**
 * The tool lists shared by several toolsets. Tool names are the names the model sees and must
 * stay identical to Hermes'.
 */

const WEB = ["web_search", "web_extract"] as const;
const TERMINAL = ["terminal", "process", "read_terminal", "close_terminal"] as const;
const FILE = ["read_file", "write_file", "patch", "search_files"] as const;
const SKILLS = ["skills_list", "skill_view", "skill_manage"] as const;

/** Every browser automation tool, in Hermes' order. */
export const BROWSER_TOOLS: readonly string[] = Object.freeze([
  "browser_navigate",
  "browser_snapshot",
  "browser_click",
  "browser_type",
  "browser_scroll",
  "browser_back",
  "browser_press",
  "browser_get_images",
  "browser_vision",
  "browser_console",
  "browser_cdp",
  "browser_dialog",
]);

/** Home Assistant tools. */
export const HOME_ASSISTANT_TOOLS: readonly string[] = Object.freeze([
  "ha_list_entities",
  "ha_get_state",
  "ha_list_services",
  "ha_call_service",
]);

/** Kanban coordination tools (used by agents the kanban dispatcher spawns). */
export const KANBAN_TOOLS: readonly string[] = Object.freeze([
  "kanban_show",
  "kanban_list",
  "kanban_complete",
  "kanban_block",
  "kanban_heartbeat",
  "kanban_comment",
  "kanban_create",
  "kanban_link",
  "kanban_unblock",
  "kanban_attach",
  "kanban_attach_url",
  "kanban_attachments",
]);

/**
 * The core list every `hermes-*` platform preset is built on (Hermes' `_HERMES_CORE_TOOLS`).
 * Disabling a preset never removes these (see `getToolDefinitions`).
 */
export const HERMES_CORE_TOOLS: readonly string[] = Object.freeze([
  ...WEB,
  ...TERMINAL,
  ...FILE,
  "vision_analyze",
  "image_generate",
  ...SKILLS,
  ...BROWSER_TOOLS,
  "text_to_speech",
  "todo",
  "memory",
  "session_search",
  "clarify",
  "execute_code",
  "delegate_task",
  "cronjob",
  ...HOME_ASSISTANT_TOOLS,
  ...KANBAN_TOOLS,
  "computer_use",
]);

/**
 * Tools that are safe to run on untrusted third-party input (`hermes-webhook`): nothing that
 * touches files or runs commands.
 */
export const HERMES_WEBHOOK_SAFE_TOOLS: readonly string[] = Object.freeze([
  "web_search",
  "web_extract",
  "vision_analyze",
  "clarify",
]);

/** Core tools minus the given ones, in core order. */
export function coreToolsWithout(excluded: Iterable<string>): string[] {
  const drop = new Set(excluded);
  return HERMES_CORE_TOOLS.filter((tool) => !drop.has(tool));
}

/**
 * The coding posture (`coding`, and `hermes-acp` without clarify): the core list minus image
 * generation, speech, cron, desktop control, Home Assistant and kanban.
 */
export const CODING_TOOLS: readonly string[] = Object.freeze(
  coreToolsWithout([
    "image_generate",
    "text_to_speech",
    "cronjob",
    "computer_use",
    ...HOME_ASSISTANT_TOOLS,
    ...KANBAN_TOOLS,
  ]),
);

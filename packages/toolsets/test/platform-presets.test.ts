import { describe, expect, test } from "vitest";
import {
  HERMES_CORE_TOOLS,
  HERMES_WEBHOOK_SAFE_TOOLS,
  PLATFORM_PRESETS,
  PLATFORM_PRESET_NAMES,
  TOOLSETS,
  getToolsetInfo,
  resolveToolset,
} from "../src/index.js";
import { quietRegistry } from "./helpers.js";

const registry = quietRegistry();
const resolve = (name: string): string[] => resolveToolset(name, { registry });

/** Presets that are exactly the core list plus their platform extras. */
const CORE_PRESETS: Record<string, readonly string[]> = {
  "hermes-cli": [],
  "hermes-cron": [],
  "hermes-telegram": [],
  "hermes-discord": ["discord", "discord_admin"],
  "hermes-whatsapp": [],
  "hermes-slack": [],
  "hermes-signal": [],
  "hermes-bluebubbles": [],
  "hermes-homeassistant": [],
  "hermes-email": [],
  "hermes-sms": [],
  "hermes-mattermost": [],
  "hermes-matrix": [],
  "hermes-dingtalk": [],
  "hermes-feishu": [
    "feishu_doc_read",
    "feishu_drive_add_comment",
    "feishu_drive_list_comment_replies",
    "feishu_drive_list_comments",
    "feishu_drive_reply_comment",
  ],
  "hermes-wecom": [],
  "hermes-wecom-callback": [],
  "hermes-weixin": [],
  "hermes-qqbot": [],
  "hermes-yuanbao": [
    "yb_query_group_info",
    "yb_query_group_members",
    "yb_search_sticker",
    "yb_send_dm",
    "yb_send_sticker",
  ],
};

describe("the core list", () => {
  test("holds the tools every platform shares", () => {
    expect(HERMES_CORE_TOOLS.length).toBeGreaterThan(20);
    expect(new Set(HERMES_CORE_TOOLS).size).toBe(HERMES_CORE_TOOLS.length);
    expect(HERMES_CORE_TOOLS).toEqual(
      expect.arrayContaining([
        "web_search",
        "web_extract",
        "terminal",
        "process",
        "read_file",
        "write_file",
        "patch",
        "search_files",
        "vision_analyze",
        "image_generate",
        "skills_list",
        "skill_view",
        "skill_manage",
        "browser_navigate",
        "text_to_speech",
        "todo",
        "memory",
        "session_search",
        "clarify",
        "execute_code",
        "delegate_task",
        "cronjob",
        "ha_call_service",
        "kanban_complete",
        "computer_use",
      ]),
    );
  });
});

describe("platform presets", () => {
  test("the preset list is every hermes-* toolset of the catalog", () => {
    expect(PLATFORM_PRESET_NAMES).toEqual(
      Object.keys(TOOLSETS)
        .filter((name) => name.startsWith("hermes-"))
        .sort(),
    );
    expect(PLATFORM_PRESET_NAMES).toEqual(
      expect.arrayContaining([
        "hermes-cli",
        "hermes-acp",
        "hermes-api-server",
        "hermes-webhook",
        "hermes-gateway",
      ]),
    );
  });

  test.each(Object.entries(CORE_PRESETS))(
    "%s resolves to the core list plus %j",
    (name, extras) => {
      expect(resolve(name)).toEqual([...new Set([...HERMES_CORE_TOOLS, ...extras])].sort());
    },
  );

  test("hermes-acp: coding tools without messaging, audio or clarify", () => {
    expect(resolve("hermes-acp")).toEqual(
      [
        "web_search",
        "web_extract",
        "terminal",
        "process",
        "read_terminal",
        "close_terminal",
        "read_file",
        "write_file",
        "patch",
        "search_files",
        "vision_analyze",
        "skills_list",
        "skill_view",
        "skill_manage",
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
        "todo",
        "memory",
        "session_search",
        "execute_code",
        "delegate_task",
      ].sort(),
    );
  });

  test("hermes-api-server: the core minus interactive, audio and desktop tools; web, cron and Home Assistant kept", () => {
    const tools = resolve("hermes-api-server");
    expect(tools).toEqual(
      HERMES_CORE_TOOLS.filter(
        (t) => !["clarify", "text_to_speech", "computer_use"].includes(t),
      ).sort(),
    );
    expect(tools).toEqual(
      expect.arrayContaining(["web_search", "cronjob", "ha_list_entities", "terminal"]),
    );
  });

  test("hermes-webhook offers only the webhook-safe tools", () => {
    expect(resolve("hermes-webhook")).toEqual([...HERMES_WEBHOOK_SAFE_TOOLS].sort());
    expect(resolve("hermes-webhook")).not.toContain("terminal");
    expect(resolve("hermes-webhook")).not.toContain("read_file");
  });

  test("hermes-gateway includes every messaging preset and resolves to their union", () => {
    const gateway = PLATFORM_PRESETS["hermes-gateway"];
    const messaging = [
      ...Object.keys(CORE_PRESETS).filter((n) => n !== "hermes-cli" && n !== "hermes-cron"),
      "hermes-webhook",
    ];
    expect(gateway?.tools).toEqual([]);
    expect(gateway?.includes).toEqual(messaging.sort());
    const union = new Set<string>();
    for (const name of messaging) for (const tool of resolve(name)) union.add(tool);
    expect(resolve("hermes-gateway")).toEqual([...union].sort());
    expect(getToolsetInfo("hermes-gateway", { registry })?.isComposite).toBe(true);
  });

  test("hermes-whatsapp and hermes-api-server include web_search", () => {
    expect(resolve("hermes-whatsapp")).toContain("web_search");
    expect(resolve("hermes-api-server")).toContain("web_search");
  });
});

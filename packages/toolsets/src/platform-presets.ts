import {
  CODING_TOOLS,
  HERMES_CORE_TOOLS,
  HERMES_WEBHOOK_SAFE_TOOLS,
  coreToolsWithout,
} from "./core-tools.js";
import { defineToolset } from "./define-toolset.js";
import type { ToolsetDefinition } from "./toolset-types.js";

const FEISHU_TOOLS = [
  "feishu_doc_read",
  "feishu_drive_list_comments",
  "feishu_drive_list_comment_replies",
  "feishu_drive_reply_comment",
  "feishu_drive_add_comment",
];
const YUANBAO_TOOLS = [
  "yb_query_group_info",
  "yb_query_group_members",
  "yb_send_dm",
  "yb_search_sticker",
  "yb_send_sticker",
];

/** A messaging or CLI preset: the whole core list plus the platform's own tools. */
function bundle(description: string, extras: readonly string[] = []): ToolsetDefinition {
  return defineToolset(description, [...HERMES_CORE_TOOLS, ...extras]);
}

/**
 * Messaging platforms: each gets the core list (plus its platform tools). `hermes-gateway`
 * includes every one of them.
 */
const MESSAGING_PRESETS = {
  "hermes-telegram": bundle(
    "Telegram bot: the full core toolset for personal use; shell commands go through approval",
  ),
  "hermes-discord": bundle(
    "Discord bot: the full core toolset plus Discord reading and server administration",
    ["discord", "discord_admin"],
  ),
  "hermes-whatsapp": bundle("WhatsApp bot: the full core toolset for trusted personal messaging"),
  "hermes-slack": bundle(
    "Slack bot: the full core toolset for a workspace; shell commands go through approval",
  ),
  "hermes-signal": bundle("Signal bot: the full core toolset over encrypted messaging"),
  "hermes-bluebubbles": bundle(
    "iMessage through a local BlueBubbles server: the full core toolset",
  ),
  "hermes-homeassistant": bundle(
    "Home Assistant bot: the full core toolset for smart-home events and control",
  ),
  "hermes-email": bundle("Email (IMAP/SMTP) bot: the full core toolset"),
  "hermes-sms": bundle("SMS bot over Twilio: the full core toolset"),
  "hermes-mattermost": bundle("Mattermost bot: the full core toolset for self-hosted team chat"),
  "hermes-matrix": bundle("Matrix bot: the full core toolset over decentralized encrypted chat"),
  "hermes-dingtalk": bundle("DingTalk bot: the full core toolset for enterprise messaging"),
  "hermes-feishu": bundle(
    "Feishu/Lark bot: the full core toolset plus document reading and comments",
    FEISHU_TOOLS,
  ),
  "hermes-wecom": bundle("WeCom bot: the full core toolset for enterprise WeChat"),
  "hermes-wecom-callback": bundle("WeCom self-built app (callback mode): the full core toolset"),
  "hermes-weixin": bundle("Personal WeChat through iLink: the full core toolset"),
  "hermes-qqbot": bundle("QQ bot over the official Bot API v2: the full core toolset"),
  "hermes-yuanbao": bundle(
    "Yuanbao bot: the full core toolset plus group, member, DM and sticker tools",
    YUANBAO_TOOLS,
  ),
  "hermes-webhook": defineToolset(
    "Webhook events: untrusted input, so only web, vision and clarify (no files, no shell)",
    HERMES_WEBHOOK_SAFE_TOOLS,
  ),
} as const satisfies Record<string, ToolsetDefinition>;

/**
 * Every `hermes-*` preset: CLI, cron, editor integration (ACP), the API server, each messaging
 * platform, the webhook receiver and the gateway (which includes all messaging platforms).
 */
export const PLATFORM_PRESETS: Readonly<Record<string, ToolsetDefinition>> = Object.freeze({
  "hermes-cli": bundle("Interactive CLI: every core tool, cron management included"),
  "hermes-cron": bundle("Scheduled (cron) runs: the same core tools as the CLI"),
  "hermes-acp": defineToolset(
    "Editor integration (VS Code, Zed, JetBrains): coding tools only, without messaging, audio or clarify",
    CODING_TOOLS.filter((tool) => tool !== "clarify"),
  ),
  "hermes-api-server": defineToolset(
    "OpenAI-compatible HTTP API: the core agent tools minus interactive ones (clarify), audio and desktop control",
    coreToolsWithout(["clarify", "text_to_speech", "computer_use"]),
  ),
  ...MESSAGING_PRESETS,
  "hermes-gateway": defineToolset(
    "Messaging gateway: the union of every messaging platform preset",
    [],
    Object.keys(MESSAGING_PRESETS),
  ),
});

/** Names of the platform presets, sorted. */
export const PLATFORM_PRESET_NAMES: readonly string[] = Object.freeze(
  Object.keys(PLATFORM_PRESETS).sort(),
);

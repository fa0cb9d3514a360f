import { closeNames } from "./close-names.js";

/**
 * Top-level keys of a Hermes config.yaml that this runtime does not read but Hermes does (or
 * did): kept without a warning, so one config file serves both.
 */
const HERMES_ONLY_KEYS: readonly string[] = [
  "_config_version",
  "agent",
  "browser",
  "checkpoints",
  "compression",
  "context",
  "credential_pool_strategies",
  "cron",
  "custom_providers",
  "dashboard",
  "delegation",
  "discord",
  "display",
  "fallback_model",
  "fallback_providers",
  "file_read_max_chars",
  "group_sessions_per_user",
  "honcho",
  "human_delay",
  "logging",
  "matrix",
  "mattermost",
  "memory",
  "model",
  "network",
  "personalities",
  "platform_toolsets",
  "platforms",
  "prefill_messages_file",
  "privacy",
  "provider_routing",
  "providers",
  "quick_commands",
  "security",
  "session_reset",
  "signal",
  "slack",
  "smart_model_routing",
  "streaming",
  "stt",
  "telegram",
  "timezone",
  "tool_search",
  "toolsets",
  "tts",
  "updates",
  "voice",
  "whatsapp",
];

/** Keys a section may hold without a default in the schema (optional settings). */
const OPTIONAL_SECTION_KEYS: Readonly<Record<string, readonly string[]>> = {
  terminal: ["cwd", "ssh_host", "ssh_user", "ssh_key", "ssh_persistent"],
  approvals: ["smart_policy"],
  web: ["backend", "extract_char_limit"],
};

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Warnings for keys of config.yaml that nothing reads: an unknown top-level key (with the
 * known keys it is close to), and inside a section this runtime defines, a key one or two
 * letters away from a known one (`terminal.timout`). `config` is the loaded config (unknown keys
 * kept); `defaults` the config an empty file gives, whose keys are the ones the schema knows.
 */
export function configKeyWarnings(
  config: Readonly<Record<string, unknown>>,
  defaults: Readonly<Record<string, unknown>>,
): string[] {
  const warnings: string[] = [];
  const topLevel = [...Object.keys(defaults), ...HERMES_ONLY_KEYS];
  for (const key of Object.keys(config)) {
    if (topLevel.includes(key)) continue;
    const close = closeNames(key, topLevel, 1);
    warnings.push(
      `'${key}' is not a config.yaml key that hermes-agent or Hermes reads; it is ignored.` +
        (close.length > 0
          ? ` Did you mean '${close.join("', '")}'? Rename it.`
          : " Remove it, or check its spelling."),
    );
  }
  for (const [section, sectionDefaults] of Object.entries(defaults)) {
    const value = config[section];
    if (!isMapping(value) || !isMapping(sectionDefaults) || section === "mcp_servers") continue;
    const known = [...Object.keys(sectionDefaults), ...(OPTIONAL_SECTION_KEYS[section] ?? [])];
    for (const key of Object.keys(value)) {
      if (known.includes(key)) continue;
      const close = closeNames(key, known, 1).filter((name) => !name.includes(key));
      if (close.length === 0) continue;
      warnings.push(
        `'${section}.${key}' is not a setting; it is ignored. Did you mean '${section}.${close.join("")}'? Rename it.`,
      );
    }
  }
  return warnings;
}

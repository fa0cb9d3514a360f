import type { HermesConfig } from "@hermes-agent/config";

/** The toolsets a platform offers the model, as config.yaml selects them. */
export interface PlatformToolsetSelection {
  /** Toolsets to resolve (static, custom, legacy `*_tools`, MCP server names, plugin toolsets). */
  readonly enabled: readonly string[];
  /** Toolsets subtracted last (`agent.disabled_toolsets`). */
  readonly disabled: readonly string[];
  /** Where the list came from, for messages: `platform_toolsets.cli`, `toolsets` or the preset. */
  readonly source: string;
  /** The names the user wrote (empty when the platform preset applies). */
  readonly explicit: readonly string[];
}

/** What {@link selectPlatformToolsets} reads besides config.yaml. */
export interface PlatformToolsetInput {
  readonly config: HermesConfig;
  /** Hermes' platform key (`cli`, `telegram`, ...); a preset name `hermes-<p>` is accepted. */
  readonly platform: string;
  /** Toolsets of the loaded plugins (they join unless the platform's saved list knew and dropped them). */
  readonly pluginToolsets: readonly string[];
}

/** The sentinel that keeps every MCP server out of a platform's selection. */
export const NO_MCP = "no_mcp";

/** `cli` for `cli` and `hermes-cli`. */
export function platformKey(platform: string): string {
  return platform.startsWith("hermes-") ? platform.slice("hermes-".length) : platform;
}

/**
 * A list of names from config.yaml: a YAML list, a comma-separated string, or a JSON-array
 * string as `config set` may have written it. Anything else is no list.
 */
export function configNameList(value: unknown): string[] | undefined {
  if (Array.isArray(value)) {
    return value
      .filter((item) => typeof item === "string" || typeof item === "number")
      .map((item) => String(item).trim())
      .filter((item) => item !== "");
  }
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (text.startsWith("[")) {
    try {
      return configNameList(JSON.parse(text.replaceAll("'", '"')) as unknown);
    } catch {
      // Not JSON: read it as a comma-separated list below.
    }
  }
  return text
    .replace(/^\[|\]$/g, "")
    .split(",")
    .map((item) => item.trim().replace(/^["']|["']$/g, ""))
    .filter((item) => item !== "");
}

function section(config: HermesConfig, key: string): Readonly<Record<string, unknown>> {
  const value = config[key];
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Names of the MCP servers of config.yaml that are not `enabled: false`. */
export function enabledMcpServerNames(config: HermesConfig): string[] {
  return Object.entries(config.mcp_servers)
    .filter(([, spec]) => spec.enabled !== false && spec.enabled !== "false")
    .map(([name]) => name);
}

/** True when `name` names one of `servers`, as written or as its toolset `mcp-<server>`. */
function isServerName(name: string, servers: ReadonlySet<string>): boolean {
  return servers.has(name) || (name.startsWith("mcp-") && servers.has(name.slice(4)));
}

/**
 * The toolsets of a platform, following Hermes: `platform_toolsets.<platform>` when it is a
 * list (an empty list means no tools), else the legacy top-level `toolsets:` list (CLI only,
 * which Hermes migrated into `platform_toolsets.cli`), else the preset `hermes-<platform>`.
 * Every enabled MCP server joins unless the list names some servers (then only those) or holds
 * `no_mcp`; the loaded plugins' toolsets join unless `known_plugin_toolsets.<platform>` shows
 * the user dropped them; `agent.disabled_toolsets` is subtracted last.
 */
export function selectPlatformToolsets(input: PlatformToolsetInput): PlatformToolsetSelection {
  const { config } = input;
  const platform = platformKey(input.platform);
  const saved = configNameList(section(config, "platform_toolsets")[platform]);
  const legacy = platform === "cli" ? configNameList(config.toolsets) : undefined;
  const explicit = saved ?? legacy;
  const source =
    saved !== undefined
      ? `platform_toolsets.${platform}`
      : legacy !== undefined
        ? "toolsets"
        : `hermes-${platform}`;
  const names = explicit ?? [`hermes-${platform}`];
  const servers = new Set(enabledMcpServerNames(config));
  const enabled = new Set(names.filter((name) => name !== NO_MCP));
  if (!names.includes(NO_MCP) && !names.some((name) => isServerName(name, servers))) {
    for (const server of servers) enabled.add(server);
  }
  const known = new Set(configNameList(section(config, "known_plugin_toolsets")[platform]) ?? []);
  for (const toolset of input.pluginToolsets) {
    if (names.includes(toolset) || !known.has(toolset)) enabled.add(toolset);
  }
  const disabled = configNameList(section(config, "agent").disabled_toolsets) ?? [];
  return { enabled: [...enabled], disabled, source, explicit: explicit ?? [] };
}

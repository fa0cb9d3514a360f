import type { HermesConfig } from "@hermes-agent/config";
import type { Logger } from "@hermes-agent/core";
import type { ToolRegistry } from "@hermes-agent/registry";
import { resolveLegacyToolset, validateToolset, type ToolsetCatalog } from "@hermes-agent/toolsets";
import { enabledMcpServerNames, NO_MCP, selectPlatformToolsets } from "./platform-toolsets.js";

/** A runtime's default selection: what the model is offered when no toolsets are named. */
export interface ToolsetDefaults {
  /** The selection now (it grows as MCP servers and plugins register toolsets). */
  current(): { readonly enabled: readonly string[]; readonly disabled: readonly string[] };
  /** Warn once about names in config.yaml's list that no toolset, server or plugin has. */
  warnUnknown(): void;
}

/** What {@link createToolsetDefaults} reads. */
export interface ToolsetDefaultsInput {
  readonly registry: ToolRegistry;
  readonly catalog: ToolsetCatalog;
  readonly config: HermesConfig;
  /** Tools of the built-in packages; every other non-MCP toolset is a plugin's. */
  readonly builtinTools: ReadonlySet<string>;
  readonly logger: Logger;
  readonly platform?: string;
  /** Explicit toolsets of `createRuntime` (config.yaml's selection is then not read). */
  readonly enabled?: readonly string[];
  readonly disabled?: readonly string[];
}

interface Selection {
  readonly enabled: readonly string[];
  readonly disabled: readonly string[];
}

/** Toolsets of the plugin tools in the registry, sorted. */
function pluginToolsets(registry: ToolRegistry, builtin: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const name of registry.getAllToolNames()) {
    if (builtin.has(name)) continue;
    const toolset = registry.getToolsetForTool(name);
    if (toolset !== undefined && !toolset.startsWith("mcp-")) found.add(toolset);
  }
  return [...found].sort();
}

/**
 * The default selection of a runtime, recomputed only when the registry changes (a server's
 * tools arriving, a plugin reloaded), so `getToolDefinitions()` stays a memo hit otherwise.
 */
export function createToolsetDefaults(input: ToolsetDefaultsInput): ToolsetDefaults {
  const extraDisabled = input.disabled ?? [];
  if (input.enabled !== undefined) {
    const fixed: Selection = Object.freeze({
      enabled: Object.freeze([...input.enabled]),
      disabled: Object.freeze([...extraDisabled]),
    });
    return { current: () => fixed, warnUnknown: () => undefined };
  }
  const platform = input.platform ?? "cli";
  let memo: { generation: number; selection: Selection } | undefined;
  const select = () =>
    selectPlatformToolsets({
      config: input.config,
      platform,
      pluginToolsets: pluginToolsets(input.registry, input.builtinTools),
    });
  return {
    current() {
      const generation = input.registry.generation;
      if (memo?.generation === generation) return memo.selection;
      const chosen = select();
      const selection: Selection = Object.freeze({
        enabled: Object.freeze([...chosen.enabled]),
        disabled: Object.freeze([...new Set([...chosen.disabled, ...extraDisabled])]),
      });
      memo = { generation, selection };
      return selection;
    },
    warnUnknown() {
      const chosen = select();
      const servers = new Set(enabledMcpServerNames(input.config));
      const lookup = { registry: input.registry, catalog: input.catalog };
      const unknown = (names: readonly string[]): string[] =>
        names.filter(
          (name) =>
            name !== NO_MCP &&
            !servers.has(name) &&
            !(name.startsWith("mcp-") && servers.has(name.slice(4))) &&
            !validateToolset(name, lookup) &&
            resolveLegacyToolset(name) === undefined,
        );
      for (const [where, names] of [
        [chosen.source, unknown(chosen.explicit)],
        ["agent.disabled_toolsets", unknown(chosen.disabled)],
      ] as const) {
        if (names.length === 0) continue;
        input.logger.warn(
          `config.yaml ${where} names unknown toolset(s): ${names.join(", ")}. ` +
            "They select no tools; 'hermes-agent toolsets' lists the names.",
        );
      }
    },
  };
}

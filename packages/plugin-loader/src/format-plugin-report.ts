import type { PluginLoadReport, PluginState, PluginStatus } from "./plugin-status.js";

const MARKS: Record<PluginState, string> = {
  loaded: "✓",
  not_enabled: "·",
  disabled: "-",
  failed: "✗",
  skipped: "~",
};

const LABELS: Record<PluginState, string> = {
  loaded: "loaded",
  not_enabled: "not enabled",
  disabled: "disabled",
  failed: "failed",
  skipped: "skipped",
};

/**
 * The report as text for `plugins list` and `doctor`: one line per plugin (state, key,
 * version, source, what it registered or why it is not loaded), unavailable tools with their
 * reason, and the shell hooks.
 */
export function formatPluginReport(report: PluginLoadReport): string {
  if (report.safeMode) return "Plugins: none loaded (HERMES_SAFE_MODE is set).";
  const lines: string[] = [];
  const counts = new Map<PluginState, number>();
  for (const plugin of report.plugins)
    counts.set(plugin.state, (counts.get(plugin.state) ?? 0) + 1);
  const summary = [...counts].map(([state, count]) => `${count} ${LABELS[state]}`).join(", ");
  lines.push(report.plugins.length === 0 ? "Plugins: none found." : `Plugins (${summary}):`);
  for (const plugin of report.plugins) lines.push(...pluginLines(plugin));
  if (report.shellHooks.length > 0) {
    lines.push("Shell hooks:");
    for (const hook of report.shellHooks) {
      const details = [
        hook.matcher === undefined ? undefined : `matcher ${hook.matcher}`,
        `timeout ${hook.timeoutSeconds}s`,
        hook.failClosed ? "fail closed" : undefined,
      ].filter((part) => part !== undefined);
      lines.push(
        `  ${hook.active ? "✓" : "✗"} ${hook.event}: ${hook.command} (${details.join(", ")})` +
          (hook.active ? "" : " not allowlisted"),
      );
    }
  }
  return lines.join("\n");
}

function pluginLines(plugin: PluginStatus): string[] {
  const version = plugin.version === "" ? "" : ` ${plugin.version}`;
  const head = `  ${MARKS[plugin.state]} ${plugin.key}${version} [${plugin.source}]`;
  if (plugin.state !== "loaded") return [`${head} ${plugin.message ?? LABELS[plugin.state]}`];
  const parts = (
    [
      ["tools", plugin.tools],
      ["hooks", plugin.hooks],
      ["middleware", plugin.middleware],
      ["commands", plugin.commands],
      ["skills", plugin.skills],
    ] as const
  )
    .filter(([, names]) => names.length > 0)
    .map(([label, names]) => `${label}: ${[...new Set(names)].join(", ")}`);
  const lines = [`${head}${parts.length === 0 ? "" : ` ${parts.join("; ")}`}`];
  for (const tool of plugin.unavailableTools)
    lines.push(`      unavailable: ${tool.name} (${tool.reason})`);
  return lines;
}

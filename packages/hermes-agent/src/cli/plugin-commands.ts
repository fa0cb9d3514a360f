import { formatPluginReport, disablePlugin, enablePlugin } from "@hermes-agent/plugin-loader";
import type { PluginLoadReport } from "@hermes-agent/plugin-loader";
import { editConfig } from "@hermes-agent/config";
import { CliExit, err, out, type CliIo } from "./cli-io.js";
import { withRuntime, type GlobalOptions } from "./cli-runtime.js";
import { closeNames } from "./close-names.js";

/** The plugin report; `lookUp` is tried as an npm package name too (one not declared yet). */
function pluginReport(
  io: CliIo,
  globals: GlobalOptions,
  lookUp?: string,
): Promise<PluginLoadReport> {
  return withRuntime(
    io,
    globals,
    "deny",
    (runtime) => {
      if (lookUp !== undefined) runtime.plugins.manager.discover({ packages: [lookUp] });
      return Promise.resolve(runtime.plugins.manager.report());
    },
    { mcp: false },
  );
}

/** `plugins list [--json]`: every plugin found, its state and why. */
export async function listPlugins(io: CliIo, globals: GlobalOptions, json: boolean): Promise<void> {
  const report = await pluginReport(io, globals);
  out(io, json ? JSON.stringify(report, null, 2) : formatPluginReport(report));
}

function editOptions(io: CliIo, globals: GlobalOptions) {
  return { env: io.env, ...(globals.home === undefined ? {} : { home: globals.home }) };
}

/** The report's line of one plugin (by key or name). */
function lineOf(report: PluginLoadReport, key: string): string {
  const plugins = report.plugins.filter((plugin) => plugin.key === key || plugin.name === key);
  return formatPluginReport({ ...report, plugins, shellHooks: [] })
    .split("\n")
    .slice(1)
    .join("\n");
}

/**
 * `plugins enable <name>`: add it to `plugins.enabled` (and take it out of `plugins.disabled`)
 * in config.yaml, comments kept; then load it once to show whether it works. An unknown name is
 * an error that lists close names.
 */
export async function enablePluginCommand(
  io: CliIo,
  globals: GlobalOptions,
  key: string,
): Promise<void> {
  const before = await pluginReport(io, globals, key);
  if (before.safeMode) err(io, "note: HERMES_SAFE_MODE is set, so no plugin loads now.");
  const known = [
    ...new Set(
      before.plugins.flatMap((plugin) => [plugin.key, plugin.name, plugin.packageName ?? ""]),
    ),
  ].filter((name) => name !== "");
  if (!before.safeMode && !known.includes(key)) {
    const close = closeNames(key, known);
    throw new CliExit(
      `No plugin '${key}' was found.${close.length > 0 ? ` Did you mean: ${close.join(", ")}?` : ""} 'hermes-agent plugins list' shows the plugins found.`,
    );
  }
  const prior = { hadPlugins: false, hadEnabled: false };
  await editConfig(
    (editor) => {
      prior.hadPlugins = editor.has(["plugins"]);
      prior.hadEnabled = editor.has(["plugins", "enabled"]);
    },
    editOptions(io, globals),
  );
  const result = await enablePlugin(key, editOptions(io, globals));
  if (before.safeMode) {
    out(io, `${result.changed ? "✓ enabled" : "already enabled:"} ${key} in ${result.path}`);
    return;
  }
  const after = await pluginReport(io, globals);
  const failed = after.plugins.some((plugin) => plugin.key === key && plugin.state === "failed");
  if (failed && result.changed) {
    // A plugin that does not load is not left enabled: config.yaml goes back to what it said.
    const wasDisabled = before.plugins.some(
      (plugin) => (plugin.key === key || plugin.name === key) && plugin.state === "disabled",
    );
    await editConfig(
      (editor) => {
        editor.removeFromList(["plugins", "enabled"], key);
        if (wasDisabled) editor.addToList(["plugins", "disabled"], key);
        if (!prior.hadEnabled) editor.delete(["plugins", "enabled"]);
        const plugins = editor.get(["plugins"]);
        const empty =
          typeof plugins === "object" && plugins !== null && Object.keys(plugins).length === 0;
        if (!prior.hadPlugins && empty) editor.delete(["plugins"]);
      },
      editOptions(io, globals),
    );
  }
  if (!failed)
    out(io, `${result.changed ? "✓ enabled" : "already enabled:"} ${key} in ${result.path}`);
  out(io, lineOf(after, key));
  if (failed)
    throw new CliExit(
      result.changed
        ? `'${key}' failed to load, so it was not enabled (${result.path} is unchanged). Fix the plugin and enable it again.`
        : `'${key}' is enabled in ${result.path} but failed to load. Fix the plugin, or disable it.`,
    );
}

/** `plugins disable <name>`: add it to `plugins.disabled` (which always wins), comments kept. */
export async function disablePluginCommand(
  io: CliIo,
  globals: GlobalOptions,
  key: string,
): Promise<void> {
  const result = await disablePlugin(key, editOptions(io, globals));
  out(io, `${result.changed ? "✓ disabled" : "already disabled:"} ${key} in ${result.path}`);
}

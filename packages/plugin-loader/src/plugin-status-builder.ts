import type { EnvironmentVariables } from "@hermes-agent/core";
import { missingEnv } from "./create-plugin-context.js";
import type { DiscoveredPlugin } from "./discovered-plugin.js";
import type { PluginLoaderError } from "./plugin-loader-error.js";
import type { PluginManifest } from "./plugin-manifest.js";
import type { PluginStatus } from "./plugin-status.js";
import type { RegistrationLedger } from "./registration-ledger.js";

/** A plugin instance that loaded, with what it registered. */
export interface LoadedRecord {
  readonly plugin: DiscoveredPlugin;
  readonly manifest: PluginManifest;
  readonly ledger: RegistrationLedger;
}

/** A plugin that was tried and did not load. */
export interface FailedRecord {
  readonly state: "failed" | "skipped";
  readonly error: PluginLoaderError;
}

/** Hermes' hint for a plugin that is found but not enabled. */
export function notEnabledMessage(key: string): string {
  return `not enabled in config (run \`hermes-agent plugins enable ${key}\` to activate)`;
}

/** What a plugin's status is built from. */
export interface PluginStatusInput {
  readonly loaded: LoadedRecord | undefined;
  readonly failed: FailedRecord | undefined;
  /** `plugins.disabled`. */
  readonly disabled: readonly string[];
  readonly env: EnvironmentVariables;
}

/** The status `report()` shows for one discovered plugin. */
export function pluginStatus(plugin: DiscoveredPlugin, input: PluginStatusInput): PluginStatus {
  const manifest = input.loaded?.manifest ?? plugin.manifest;
  const base = {
    key: plugin.key,
    name: manifest?.name ?? plugin.key,
    version: manifest?.version ?? "",
    description: manifest?.description ?? "",
    source: plugin.source,
    dir: plugin.dir,
    ...(plugin.packageName === undefined ? {} : { packageName: plugin.packageName }),
    kind: manifest?.kind,
    tools: [] as string[],
    hooks: [] as string[],
    middleware: [] as string[],
    commands: [] as string[],
    skills: [] as string[],
    unavailableTools: [] as { name: string; reason: string }[],
  };
  const loaded = input.loaded;
  if (loaded !== undefined) {
    const tools = loaded.ledger.names("tool");
    const missing = missingEnv(loaded.manifest.requiresEnv, input.env);
    const reason = `requires ${missing.join(", ")} (not set)`;
    return {
      ...base,
      state: "loaded",
      tools,
      hooks: loaded.ledger.names("hook"),
      middleware: loaded.ledger.names("middleware"),
      commands: loaded.ledger.names("command"),
      skills: loaded.ledger.names("skill"),
      unavailableTools: missing.length === 0 ? [] : tools.map((name) => ({ name, reason })),
    };
  }
  const failed = input.failed;
  if (failed !== undefined) {
    return {
      ...base,
      state: failed.state,
      message: failed.error.message,
      errorCode: failed.error.code,
    };
  }
  const names = [plugin.key, plugin.packageName].filter((name) => name !== undefined);
  if (names.some((name) => input.disabled.includes(name))) {
    return { ...base, state: "disabled", message: "disabled in config (plugins.disabled)" };
  }
  if (plugin.error !== undefined) {
    return {
      ...base,
      state: "failed",
      message: plugin.error.message,
      errorCode: plugin.error.code,
    };
  }
  return { ...base, state: "not_enabled", message: notEnabledMessage(plugin.key) };
}

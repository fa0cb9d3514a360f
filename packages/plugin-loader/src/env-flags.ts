import type { EnvironmentVariables } from "@hermes-agent/core";

const TRUTHY = new Set(["1", "true", "yes", "on"]);

/** True when `name` is set to 1, true, yes or on (any case), as Hermes reads its switches. */
export function envFlag(env: EnvironmentVariables, name: string): boolean {
  const value = env[name];
  return value !== undefined && TRUTHY.has(value.trim().toLowerCase());
}

/** Loads no plugins and no shell hooks when set. */
export const SAFE_MODE_ENV = "HERMES_SAFE_MODE";
/** Project plugins (`./.hermes/plugins`) are discovered only when set. */
export const PROJECT_PLUGINS_ENV = "HERMES_ENABLE_PROJECT_PLUGINS";

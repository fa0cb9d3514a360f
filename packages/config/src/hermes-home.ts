import os from "node:os";
import path from "node:path";

/** Environment variables as read by this package (a subset of `process.env`). */
export type EnvironmentVariables = Readonly<Record<string, string | undefined>>;

/**
 * The Hermes home directory: `HERMES_HOME` when set (a leading `~` is expanded), else `~/.hermes`.
 */
export function resolveHermesHome(env: EnvironmentVariables = process.env): string {
  const fromEnv = env.HERMES_HOME?.trim();
  if (fromEnv) return path.resolve(expandHome(fromEnv, env));
  return path.join(homeDirectory(env), ".hermes");
}

/** Path of `config.yaml` inside a Hermes home (default: {@link resolveHermesHome}). */
export function getConfigPath(home: string = resolveHermesHome()): string {
  return path.join(home, "config.yaml");
}

/** Path of the `.env` secrets file inside a Hermes home. */
export function getEnvFilePath(home: string = resolveHermesHome()): string {
  return path.join(home, ".env");
}

function homeDirectory(env: EnvironmentVariables): string {
  return env.HOME?.trim() || os.homedir();
}

function expandHome(value: string, env: EnvironmentVariables): string {
  if (value === "~") return homeDirectory(env);
  if (value.startsWith("~/")) return path.join(homeDirectory(env), value.slice(2));
  return value;
}

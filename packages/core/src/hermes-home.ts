import os from "node:os";
import path from "node:path";

/** Environment variables as read by Hermes packages (a subset of `process.env`). */
export type EnvironmentVariables = Readonly<Record<string, string | undefined>>;

/** What {@link resolveHermesHome} resolves from. */
export interface ResolveHermesHomeOptions {
  /** An explicit home (an option or flag); wins over the environment. `~` is expanded. */
  readonly explicit?: string | undefined;
  /** The environment to read `HERMES_HOME` and `HOME` from (default `process.env`). */
  readonly env?: EnvironmentVariables;
}

/**
 * The Hermes home directory, absolute: `explicit` when given, else `HERMES_HOME`, else
 * `~/.hermes`. A leading `~` is expanded from the given environment's `HOME` (then the OS home),
 * so `HERMES_HOME=~/hh` means the same folder to every package.
 */
export function resolveHermesHome(options: ResolveHermesHomeOptions = {}): string {
  const env = options.env ?? process.env;
  const chosen = options.explicit?.trim() || env.HERMES_HOME?.trim();
  if (chosen) return path.resolve(expandHome(chosen, env));
  return path.join(userHome(env), ".hermes");
}

/** The user's home directory: `HOME` from `env` when set, else the OS's idea of it. */
export function userHome(env: EnvironmentVariables = process.env): string {
  return env.HOME?.trim() || os.homedir();
}

/** `~` and `~/x` expanded against {@link userHome}; any other path is returned unchanged. */
export function expandHome(value: string, env: EnvironmentVariables = process.env): string {
  if (value === "~") return userHome(env);
  if (value.startsWith("~/")) return path.join(userHome(env), value.slice(2));
  return value;
}

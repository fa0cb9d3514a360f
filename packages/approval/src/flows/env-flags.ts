import type { ApprovalContext } from "./types.js";

/** Environment variables as a manager reads them. */
export type EnvironmentFlags = Readonly<Record<string, string | undefined>>;

const TRUTHY = new Set(["1", "true", "yes", "on"]);

/** `1`, `true`, `yes` or `on`, in any case. */
export function isTruthy(value: string | undefined): boolean {
  return TRUTHY.has((value ?? "").trim().toLowerCase());
}

/** The context Hermes' start-up variables name, so a cron run stays a cron run. */
export function contextFromEnv(env: EnvironmentFlags): ApprovalContext | undefined {
  const set = (name: string): boolean => (env[name] ?? "").trim() !== "" && env[name] !== "0";
  if (set("HERMES_CRON_SESSION")) return "cron";
  if (set("HERMES_SINGLE_QUERY_SESSION")) return "single_query";
  if (set("HERMES_GATEWAY_SESSION") || set("HERMES_EXEC_ASK")) return "gateway";
  return undefined;
}

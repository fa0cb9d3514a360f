import path from "node:path";
import { resolveHermesHome } from "@hermes-agent/core";

/** Path of `config.yaml` inside a Hermes home (default: core's `resolveHermesHome()`). */
export function getConfigPath(home: string = resolveHermesHome()): string {
  return path.join(home, "config.yaml");
}

/** Path of the `.env` secrets file inside a Hermes home. */
export function getEnvFilePath(home: string = resolveHermesHome()): string {
  return path.join(home, ".env");
}

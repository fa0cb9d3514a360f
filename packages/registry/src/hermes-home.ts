import { homedir } from "node:os";
import path from "node:path";

/**
 * The Hermes home directory: the explicit value if given, else `HERMES_HOME`, else `~/.hermes`.
 * Resolved at each use so a changed environment is honoured.
 */
export function resolveHermesHome(explicit?: string): string {
  if (explicit !== undefined && explicit !== "") return path.resolve(explicit);
  const fromEnv = process.env["HERMES_HOME"];
  if (fromEnv !== undefined && fromEnv !== "") return path.resolve(fromEnv);
  return path.join(homedir(), ".hermes");
}

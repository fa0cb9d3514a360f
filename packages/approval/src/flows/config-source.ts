import { stat } from "node:fs/promises";
import { getConfigPath, loadConfig, type HermesConfig } from "@hermes-agent/config";

/** Where a manager's config comes from: a fixed object, a loader, or config.yaml in a home. */
export type ApprovalConfigInput = HermesConfig | (() => Promise<HermesConfig>);

/**
 * A config reader for one manager. config.yaml is re-read whenever the file changes (checked by
 * size and modification time), so edits apply at once without parsing the file for every command.
 */
export function createConfigSource(
  home: string,
  input: ApprovalConfigInput | undefined,
): () => Promise<HermesConfig> {
  if (typeof input === "function") return input;
  if (input !== undefined) return () => Promise.resolve(input);
  const file = getConfigPath(home);
  let cached: { stamp: string; config: HermesConfig } | undefined;
  return async () => {
    const stamp = await stat(file, { bigint: true }).then(
      (s) => `${s.size}:${s.mtimeNs}:${s.ino}`,
      () => "missing",
    );
    if (cached?.stamp === stamp) return cached.config;
    const config = await loadConfig({ home });
    cached = { stamp, config };
    return config;
  };
}

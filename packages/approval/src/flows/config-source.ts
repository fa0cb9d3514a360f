import { createConfigSource, type ConfigSource, type HermesConfig } from "@hermes-agent/config";

/**
 * Where a manager's config comes from: a `ConfigSource` (the runtime's, shared by every
 * package), a fixed object, or a loader.
 */
export type ApprovalConfigInput = ConfigSource | HermesConfig | (() => Promise<HermesConfig>);

function isConfigSource(input: ApprovalConfigInput): input is ConfigSource {
  return (
    typeof (input as Partial<ConfigSource>).read === "function" &&
    typeof (input as Partial<ConfigSource>).fingerprint === "function"
  );
}

/**
 * The config reader of one manager. Without an input, config.yaml in `home` is read through
 * @hermes-agent/config's `ConfigSource`, which re-parses only when the file changed, so edits
 * apply at once without parsing the file for every command.
 */
export function approvalConfigReader(
  home: string,
  env: Readonly<Record<string, string | undefined>>,
  input: ApprovalConfigInput | undefined,
): () => Promise<HermesConfig> {
  if (input === undefined) {
    const source = createConfigSource({ home, env, watch: false });
    return () => source.read();
  }
  if (typeof input === "function") return input;
  if (isConfigSource(input)) return () => input.read();
  return () => Promise.resolve(input);
}

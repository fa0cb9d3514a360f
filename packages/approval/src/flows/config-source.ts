import type { ConfigSource, HermesConfig } from "@hermes-agent/config";

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
 * apply at once without parsing the file for every command. The config package (and its schema
 * library) is loaded on the first read, not when approval is imported: detection alone never
 * needs it.
 */
export function approvalConfigReader(
  home: string,
  env: Readonly<Record<string, string | undefined>>,
  input: ApprovalConfigInput | undefined,
): () => Promise<HermesConfig> {
  if (input === undefined) {
    let source: Promise<ConfigSource> | undefined;
    return async () => {
      source ??= import("@hermes-agent/config").then((config) =>
        config.createConfigSource({ home, env, watch: false }),
      );
      return (await source).read();
    };
  }
  if (typeof input === "function") return input;
  if (isConfigSource(input)) return () => input.read();
  return () => Promise.resolve(input);
}

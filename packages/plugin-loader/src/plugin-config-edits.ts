import { editConfig, type EditConfigOptions, type EditConfigResult } from "@hermes-agent/config";

/**
 * `hermes-agent plugins enable <key>`: add the key to `plugins.enabled` and remove it from
 * `plugins.disabled` in config.yaml (comments and formatting kept, written atomically). The
 * runtime picks it up on its next start or `reload()`.
 */
export function enablePlugin(
  key: string,
  options: EditConfigOptions = {},
): Promise<EditConfigResult> {
  return editConfig((editor) => {
    editor.addToList(["plugins", "enabled"], key);
    editor.removeFromList(["plugins", "disabled"], key);
  }, options);
}

/**
 * `hermes-agent plugins disable <key>`: add the key to `plugins.disabled` (which always wins) and
 * remove it from `plugins.enabled`.
 */
export function disablePlugin(
  key: string,
  options: EditConfigOptions = {},
): Promise<EditConfigResult> {
  return editConfig((editor) => {
    editor.addToList(["plugins", "disabled"], key);
    editor.removeFromList(["plugins", "enabled"], key);
  }, options);
}

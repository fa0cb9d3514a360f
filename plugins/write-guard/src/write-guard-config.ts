import path from "node:path";
import { expandHome } from "@hermes-agent/core";
import { z } from "zod";

/** The plugin's settings, `plugins.entries.write-guard` in config.yaml. */
export interface WriteGuardConfig {
  /** Absolute folders writes may go to. */
  readonly allowedPaths: readonly string[];
  /** Tools whose target paths are checked. */
  readonly guardedTools: readonly string[];
  /** Whether every tool call is appended to the audit log. */
  readonly audit: boolean;
}

const nameList = z.preprocess(
  (value) => (typeof value === "string" ? [value] : value),
  z.array(z.string().min(1)),
);

const settingsSchema = z.looseObject({
  allowed_paths: nameList.optional(),
  guarded_tools: nameList.optional(),
  audit: z.boolean().optional(),
});

/** Tools checked when `guarded_tools` is not set: Hermes' file-writing tools. */
export const DEFAULT_GUARDED_TOOLS: readonly string[] = ["write_file", "patch"];

/**
 * Read the plugin's settings. Relative `allowed_paths` start at `cwd` (and `~` is the home
 * folder); no `allowed_paths` means the runtime's working directory only.
 * @throws Error naming the setting when a value has the wrong type.
 */
export function readWriteGuardConfig(
  settings: Readonly<Record<string, unknown>>,
  cwd: string,
): WriteGuardConfig {
  const parsed = settingsSchema.safeParse(settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `plugins.entries.write-guard.${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`,
    );
  }
  const allowed = parsed.data.allowed_paths ?? [cwd];
  return {
    allowedPaths: allowed.map((folder) => path.resolve(cwd, expandHome(folder))),
    guardedTools: parsed.data.guarded_tools ?? DEFAULT_GUARDED_TOOLS,
    audit: parsed.data.audit ?? true,
  };
}

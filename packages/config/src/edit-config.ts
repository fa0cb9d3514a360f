import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { removeStaleTempFiles, writeFileAtomic } from "./atomic-write.js";
import { ConfigError, ConfigErrorCode } from "./config-error.js";
import { acquireFileLock, type FileLock } from "./config-lock.js";
import { ConfigTextEditor, type ConfigEditor, type ConfigKeyPath } from "./config-text-editor.js";
import { resolveHermesHome, type EnvironmentVariables } from "@hermes-agent/core";
import { getConfigPath } from "./hermes-home.js";
import { parseConfigText } from "./load-config.js";

/** Where {@link editConfig} writes. */
export interface EditConfigOptions {
  /** Hermes home; default {@link resolveHermesHome} of `env`. */
  readonly home?: string;
  /** Explicit config path; overrides `home`. */
  readonly path?: string;
  /** Environment used to resolve the home directory; default `process.env`. */
  readonly env?: EnvironmentVariables;
  /** How long to wait for another writer's lock, in milliseconds (default 10 000). */
  readonly lockTimeoutMs?: number;
}

/** What an edit did. */
export interface EditConfigResult {
  readonly path: string;
  /** False when the edit left the file as it was (nothing was written). */
  readonly changed: boolean;
}

/**
 * Edit config.yaml safely. `edit` receives a {@link ConfigEditor} over the current file; only the
 * lines of the keys it changes are rewritten (comments and formatting elsewhere are kept
 * byte-for-byte), the result is validated, then written atomically.
 *
 * Concurrent writers never lose each other's edits: editors in any process serialise on a lock
 * file, and if the file changes underneath (an editor that does not lock), the edit is re-applied
 * to the new content. `edit` may therefore run more than once; it must only describe the change.
 * Bad YAML or a result that fails validation throws a {@link ConfigError}; nothing is written.
 */
export async function editConfig(
  edit: (editor: ConfigEditor) => void | Promise<void>,
  options: EditConfigOptions = {},
): Promise<EditConfigResult> {
  const file =
    options.path ??
    getConfigPath(options.home ?? resolveHermesHome({ env: options.env ?? process.env }));
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  let lock = await acquireLock(file, lockTimeoutMs);
  try {
    await removeStaleTempFiles(file);
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await readText(file);
      if (before.trim() !== "") parseConfigText(before, file);
      const editor = new ConfigTextEditor(before, file);
      await edit(editor);
      const after = editor.text;
      if (after === before) return { path: file, changed: false };
      parseConfigText(after, file);
      if (!(await lock.isHeld())) {
        // Another writer judged this lock stale and took it: wait for our turn again.
        lock = await acquireLock(file, lockTimeoutMs);
        continue;
      }
      if ((await readText(file)) !== before) continue;
      try {
        await writeFileAtomic(file, after);
      } catch (error) {
        throw new ConfigError(
          ConfigErrorCode.Write,
          `could not be written (${(error as Error).message}); the file is unchanged.`,
          { file },
          { cause: error },
        );
      }
      return { path: file, changed: true };
    }
    throw new ConfigError(ConfigErrorCode.Locked, "kept changing while being edited; try again.", {
      file,
    });
  } finally {
    await lock.release();
  }
}

/** Set one key of config.yaml, keeping the rest of the file as it is. */
export async function setConfigValue(
  keyPath: ConfigKeyPath,
  value: unknown,
  options: EditConfigOptions = {},
): Promise<EditConfigResult> {
  return editConfig((editor) => {
    editor.set(keyPath, value);
  }, options);
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "";
    throw new ConfigError(
      ConfigErrorCode.Parse,
      `cannot be read: ${(error as Error).message}`,
      { file },
      { cause: error },
    );
  }
}

async function acquireLock(file: string, timeoutMs: number): Promise<FileLock> {
  try {
    return await acquireFileLock(`${file}.lock`, { timeoutMs });
  } catch (error) {
    throw new ConfigError(
      ConfigErrorCode.Locked,
      `is locked by another writer (${(error as Error).message}); if no Hermes process is running, delete ${file}.lock.`,
      { file },
      { cause: error },
    );
  }
}

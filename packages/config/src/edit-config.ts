import { mkdir, open, readFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { removeStaleTempFiles, writeFileAtomicAt, writeTarget } from "./atomic-write.js";
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
    const target = await writeTarget(file);
    await removeStaleTempFiles(target);
    // Text to edit instead of the file: what a writer that ignores the lock put into the file we
    // had just replaced, valid while the file still holds exactly what we wrote (`expected`).
    let carried: { base: string; expected: string } | undefined;
    // Text such a writer appended to the replaced file, when the file has changed again since:
    // appended to whatever is on disk now (the common case: a process adding keys at the end).
    const lostAppends: string[] = [];
    const retiredAppend = await takeRetiredAppend(target);
    if (retiredAppend !== "") lostAppends.push(retiredAppend);
    for (let attempt = 0; attempt < 50; attempt++) {
      const onDisk = await readText(target);
      let before = carried !== undefined && carried.expected === onDisk ? carried.base : onDisk;
      carried = undefined;
      for (const piece of lostAppends) {
        if (!before.includes(piece)) {
          before = `${before}${before === "" || before.endsWith("\n") ? "" : "\n"}${piece}`;
        }
      }
      if (before.trim() !== "") parseConfigText(before, file);
      const editor = new ConfigTextEditor(before, file);
      await edit(editor);
      const after = editor.text;
      if (after === onDisk) return { path: file, changed: attempt > 0 };
      parseConfigText(after, file);
      if (!(await lock.isHeld())) {
        // Another writer judged this lock stale and took it: wait for our turn again.
        lock = await acquireLock(file, lockTimeoutMs);
        continue;
      }
      const outcome = await replaceIfUnchanged(target, onDisk, after, file);
      if (outcome === "written") return { path: file, changed: true };
      if (outcome !== "changed") {
        if (outcome.late.startsWith(onDisk)) lostAppends.push(outcome.late.slice(onDisk.length));
        else carried = { base: outcome.late, expected: after };
      }
    }
    throw new ConfigError(ConfigErrorCode.Locked, "kept changing while being edited; try again.", {
      file,
    });
  } finally {
    await lock.release();
  }
}

/**
 * Replace `target` with `after` if it still holds `before`. The old file stays open across the
 * rename, so a writer that ignores the lock and wrote into it after the check (an appender, say)
 * is noticed: its text comes back as `late`, for the edit to be applied to it again.
 */
async function replaceIfUnchanged(
  target: string,
  before: string,
  after: string,
  file: string,
): Promise<"written" | "changed" | { readonly late: string }> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(target, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw readFailure(file, error);
  }
  try {
    const current = handle === undefined ? "" : await readWhole(handle);
    if (current !== before) return "changed";
    let late: string | undefined;
    const readLate = async (): Promise<void> => {
      if (handle === undefined || late !== undefined) return;
      const text = await readWhole(handle);
      if (text !== before) late = text;
    };
    try {
      // Read the replaced file right after the rename and again once the rename is durable.
      await writeFileAtomicAt(target, after, readLate);
    } catch (error) {
      throw new ConfigError(
        ConfigErrorCode.Write,
        `could not be written (${(error as Error).message}); the file is unchanged.`,
        { file },
        { cause: error },
      );
    }
    await readLate();
    if (late !== undefined) return { late };
    if (handle !== undefined) {
      // Keep the replaced file open until the next edit of this file: a writer that opened it
      // just before the rename may still write into it, and the next edit takes that text back.
      await retire(target, { handle, content: before });
      handle = undefined;
    }
    return "written";
  } finally {
    await handle?.close();
  }
}

interface RetiredFile {
  readonly handle: FileHandle;
  readonly content: string;
}

/** Replaced config files still open, by path: see {@link replaceIfUnchanged}. */
const retiredFiles = new Map<string, RetiredFile>();

async function retire(target: string, file: RetiredFile): Promise<void> {
  const previous = retiredFiles.get(target);
  retiredFiles.set(target, file);
  await previous?.handle.close();
}

/**
 * Text appended to the file the last edit of `target` replaced, after that edit finished (a
 * writer that ignores the lock and had the old file open); empty when there is none.
 */
async function takeRetiredAppend(target: string): Promise<string> {
  const retired = retiredFiles.get(target);
  if (retired === undefined) return "";
  retiredFiles.delete(target);
  try {
    const text = await readWhole(retired.handle);
    return text.startsWith(retired.content) ? text.slice(retired.content.length) : "";
  } finally {
    await retired.handle.close();
  }
}

/** The whole content of an open file, read from its start whatever the handle's position. */
async function readWhole(handle: FileHandle): Promise<string> {
  const chunks: Buffer[] = [];
  let position = 0;
  for (;;) {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
  return Buffer.concat(chunks).toString("utf8");
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
    throw readFailure(file, error);
  }
}

function readFailure(file: string, error: unknown): ConfigError {
  return new ConfigError(
    ConfigErrorCode.Parse,
    `cannot be read: ${(error as Error).message}`,
    { file },
    { cause: error },
  );
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

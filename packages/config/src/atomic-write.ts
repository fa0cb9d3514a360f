import { randomBytes } from "node:crypto";
import { open, readdir, realpath, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";

const TEMP_PATTERN = /^\.(.+)\.(\d+)\.[0-9a-f]{12}\.tmp$/;

/**
 * The file a write must replace: `file` itself, or for a symlink (stow, chezmoi, home-manager)
 * the file it points to, so the link stays a link and the real file gets the new content.
 */
export async function writeTarget(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return file;
    throw error;
  }
}

/**
 * Write `data` to `file` atomically: a temp file in the same directory is written and flushed,
 * given the old file's mode, then renamed over `file`. A reader sees the old or the new content,
 * never a mix; if the process dies midway, the old file is intact. A symlinked `file` is
 * written through: the file the link points to is replaced, the link is kept.
 */
export async function writeFileAtomic(file: string, data: string): Promise<void> {
  await writeFileAtomicAt(await writeTarget(file), data);
}

/**
 * {@link writeFileAtomic} to a path already resolved with {@link writeTarget}. `afterRename`
 * runs as soon as the new file is in place, before the directory is flushed.
 */
export async function writeFileAtomicAt(
  file: string,
  data: string,
  afterRename?: () => Promise<void>,
): Promise<void> {
  const dir = path.dirname(file);
  const temp = path.join(
    dir,
    `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`,
  );
  let mode = 0o600;
  try {
    mode = (await stat(file)).mode & 0o777;
  } catch {
    // New file: private by default, it may hold secrets.
  }
  const handle = await open(temp, "wx", mode);
  try {
    try {
      await handle.writeFile(data, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await afterRename?.();
  await syncDirectory(dir);
}

/** Remove temp files left next to `file` by writers that died before renaming. */
export async function removeStaleTempFiles(file: string): Promise<void> {
  const dir = path.dirname(file);
  const base = path.basename(file);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  await Promise.all(
    names.map(async (name) => {
      const match = TEMP_PATTERN.exec(name);
      if (!match || match[1] !== base) return;
      const pid = Number(match[2]);
      if (pid !== process.pid && isAlive(pid)) return;
      if (pid === process.pid) return;
      await unlink(path.join(dir, name)).catch(() => undefined);
    }),
  );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some filesystems cannot fsync a directory; the rename itself is still atomic.
  }
}

import { randomBytes } from "node:crypto";
import { link, open, readFile, rename, stat, unlink } from "node:fs/promises";
import { hostname } from "node:os";

/** Options of {@link acquireFileLock}. */
export interface FileLockOptions {
  /** Give up after this many milliseconds (default 10 000). */
  readonly timeoutMs?: number;
  /** A lock older than this whose holder cannot be checked (another host) is stale (default 60 000). */
  readonly staleMs?: number;
}

/** A held lock. */
export interface FileLock {
  /** True while the lock file still names this holder. */
  isHeld(): Promise<boolean>;
  /** Remove the lock if this holder still owns it. */
  release(): Promise<void>;
}

/** Thrown when the lock could not be taken in time. */
export class LockTimeoutError extends Error {
  readonly holder: string;
  constructor(lockPath: string, holder: string) {
    super(`lock ${lockPath} is held by ${holder || "another writer"}`);
    this.name = "LockTimeoutError";
    this.holder = holder;
  }
}

const HOST = hostname();

/**
 * Take an exclusive lock by creating `lockPath` (O_EXCL) holding `host pid nonce`. A lock whose
 * holder process on this host no longer runs is taken over at once, so a writer killed midway
 * never blocks the next one; a lock from another host is taken over once older than `staleMs`.
 */
export async function acquireFileLock(
  lockPath: string,
  options: FileLockOptions = {},
): Promise<FileLock> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const staleMs = options.staleMs ?? 60_000;
  const identity = `${HOST} ${process.pid} ${randomBytes(8).toString("hex")}`;
  let delay = 5;
  for (;;) {
    if (await tryCreate(lockPath, identity)) return heldLock(lockPath, identity);
    const holder = await readHolder(lockPath);
    if (holder !== undefined && (await isStale(lockPath, holder, staleMs))) {
      await takeOver(lockPath, holder);
      continue;
    }
    if (Date.now() >= deadline) throw new LockTimeoutError(lockPath, holder ?? "");
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 50);
  }
}

async function tryCreate(lockPath: string, identity: string): Promise<boolean> {
  try {
    const handle = await open(lockPath, "wx", 0o600);
    try {
      await handle.writeFile(identity);
    } finally {
      await handle.close();
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

async function readHolder(lockPath: string): Promise<string | undefined> {
  try {
    return await readFile(lockPath, "utf8");
  } catch {
    return undefined;
  }
}

async function isStale(lockPath: string, holder: string, staleMs: number): Promise<boolean> {
  const [host, pidText] = holder.split(" ");
  const pid = Number(pidText);
  if (host === HOST && Number.isInteger(pid) && pid > 0) return !isAlive(pid);
  try {
    return Date.now() - (await stat(lockPath)).mtimeMs > staleMs;
  } catch {
    return false;
  }
}

/**
 * Move the stale lock aside and check that what was moved is the stale holder's; if another
 * writer took the lock in between, put theirs back.
 */
async function takeOver(lockPath: string, staleHolder: string): Promise<void> {
  const aside = `${lockPath}.${randomBytes(6).toString("hex")}.stale`;
  try {
    await rename(lockPath, aside);
  } catch {
    return;
  }
  const moved = await readHolder(aside);
  if (moved !== staleHolder) {
    await link(aside, lockPath).catch(() => undefined);
  }
  await unlink(aside).catch(() => undefined);
}

function heldLock(lockPath: string, identity: string): FileLock {
  return {
    isHeld: async () => (await readHolder(lockPath)) === identity,
    release: async () => {
      if ((await readHolder(lockPath)) === identity) await unlink(lockPath).catch(() => undefined);
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

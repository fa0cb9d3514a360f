import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** A temporary directory that a test owns and removes. */
export interface TempDir {
  readonly path: string;
  /** Remove the directory and everything under it. Safe to call twice. */
  remove(): Promise<void>;
}

/** Create a private temporary directory (mode 0700) under the OS temp dir. */
export async function createTempDir(prefix = "hermes-test-"): Promise<TempDir> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  return {
    path: dir,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

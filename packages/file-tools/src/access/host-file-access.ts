import { buildChildEnv } from "@hermes-agent/core";
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FileAccess, FileStat, RipgrepOutput, TreeEntry } from "./file-access.js";
import { findExecutable } from "./executables.js";

const MAX_OUTPUT_BYTES = 256 * 1024 * 1024;
const MAX_LINK_HOPS = 20;
/**
 * Files up to this size are read and written with direct system calls: each takes
 * microseconds on a local disk, where the promise API pays a thread-pool round trip per step
 * (open, stat, read, close, chmod, rename), which dominates on a busy machine. Larger files
 * go through the promise API so the event loop never waits on a big transfer.
 */
const DIRECT_IO_BYTES = 1024 * 1024;

function kindOf(stats: { isFile(): boolean; isDirectory(): boolean }): FileStat["kind"] {
  if (stats.isFile()) return "file";
  if (stats.isDirectory()) return "directory";
  return "other";
}

function run(
  file: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; stdin?: string; signal?: AbortSignal },
): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  return new Promise((resolve) => {
    const child = execFile(
      file,
      [...args],
      {
        cwd: options.cwd,
        env: options.env,
        maxBuffer: MAX_OUTPUT_BYTES,
        encoding: "utf8",
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      },
      (error, stdout, stderr) => {
        const code =
          error === null ? 0 : typeof error.code === "number" ? error.code : error.killed ? 130 : 2;
        resolve({ stdout, stderr, exitCode: code });
      },
    );
    if (options.stdin !== undefined) child.stdin?.end(options.stdin);
    else child.stdin?.end();
  });
}

/** Options of {@link createHostFileAccess}. */
export interface HostFileAccessOptions {
  /** The live session directory. */
  readonly cwd: () => string;
  /** Host environment child processes (ripgrep, python3) draw their allowlisted variables from. */
  readonly hostEnv?: Readonly<Record<string, string | undefined>>;
}

/** File access on this machine, for the local backend: node:fs, with ripgrep spawned directly. */
export function createHostFileAccess(options: HostFileAccessOptions): FileAccess {
  const hostEnv = options.hostEnv ?? process.env;
  const childEnv = buildChildEnv({ hostEnv });
  return {
    kind: "host",
    cwd: options.cwd,
    home: () => Promise.resolve(hostEnv.HOME ?? os.homedir()),
    stat(file) {
      const stats = statSync(file, { throwIfNoEntry: false });
      if (stats === undefined) return Promise.resolve(undefined);
      return Promise.resolve({
        kind: kindOf(stats),
        size: stats.size,
        mtimeMs: stats.mtimeMs,
        mode: stats.mode & 0o7777,
      });
    },
    resolveLinks(file) {
      const hops: string[] = [];
      let current = file;
      for (let i = 0; i < MAX_LINK_HOPS; i++) {
        let target: string;
        try {
          target = readlinkSync(current);
        } catch {
          break;
        }
        current = path.resolve(path.dirname(current), target);
        if (hops.includes(current)) break;
        hops.push(current);
      }
      let real: string | undefined;
      try {
        real = realpathSync(file);
      } catch {
        real = undefined;
      }
      return Promise.resolve({ hops, real });
    },
    async readBytes(file) {
      const size = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
      return size <= DIRECT_IO_BYTES ? readFileSync(file) : readFile(file);
    },
    async writeAtomic(file, data) {
      let target = file;
      if (lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink() === true) {
        try {
          target = realpathSync(file);
        } catch {
          target = file;
        }
      }
      const directory = path.dirname(target);
      mkdirSync(directory, { recursive: true });
      const existing = statSync(target, { throwIfNoEntry: false });
      const temp = path.join(directory, `.hermes-tmp.${randomBytes(6).toString("hex")}`);
      try {
        if (data.length <= DIRECT_IO_BYTES) writeFileSync(temp, data, { flag: "wx", mode: 0o666 });
        else await writeFile(temp, data, { flag: "wx", mode: 0o666 });
        if (existing !== undefined) chmodSync(temp, existing.mode & 0o7777);
        renameSync(temp, target);
      } catch (error) {
        try {
          unlinkSync(temp);
        } catch {
          // never created, or already renamed
        }
        throw error;
      }
    },
    async remove(file) {
      await rm(file);
    },
    async rename(from, to) {
      await mkdir(path.dirname(to), { recursive: true });
      await rename(from, to);
    },
    mtimes(directory, files) {
      return Promise.all(
        files.map(
          async (file) =>
            (await stat(path.join(directory, file)).catch(() => undefined))?.mtimeMs ?? 0,
        ),
      );
    },
    async listNames(directory) {
      return readdir(directory).catch(() => []);
    },
    openTree(root) {
      return Promise.resolve(async (relativeDir: string): Promise<TreeEntry[]> => {
        const directory = path.join(root, relativeDir);
        const dirents = await readdir(directory, { withFileTypes: true }).catch(() => []);
        return Promise.all(
          dirents.map(async (dirent) => {
            let kind: TreeEntry["kind"] = dirent.isDirectory()
              ? "directory"
              : dirent.isFile()
                ? "file"
                : "other";
            let mtimeMs = 0;
            if (kind !== "directory") {
              // Symlinks to files count as files, like ripgrep's file listing does not follow them: skip.
              const stats = await lstat(path.join(directory, dirent.name)).catch(() => undefined);
              mtimeMs = stats?.mtimeMs ?? 0;
              if (stats?.isSymbolicLink() === true) kind = "other";
            }
            return { name: dirent.name, kind, mtimeMs };
          }),
        );
      });
    },
    async ripgrep(args, cwd, signal): Promise<RipgrepOutput | undefined> {
      const rg = findExecutable("rg", hostEnv.PATH);
      if (rg === undefined) return undefined;
      return run(rg, args, { cwd, env: childEnv, ...(signal === undefined ? {} : { signal }) });
    },
    async python(code, stdin) {
      const python = findExecutable("python3", hostEnv.PATH);
      if (python === undefined) return undefined;
      const result = await run(python, ["-c", code], { cwd: os.tmpdir(), env: childEnv, stdin });
      return { output: result.stdout + result.stderr, exitCode: result.exitCode };
    },
  };
}

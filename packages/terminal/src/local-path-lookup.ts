// The local backend's lookup of command words in directories the session added to PATH
// (see path-commands.ts): on this machine's filesystem (through the sandbox's view when there
// is one), with asynchronous calls only, one directory listing per added directory and one
// stat per word found there.
import { constants } from "node:fs";
import { access, lstat, open, readdir, readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import {
  KNOWN_PROGRAMS,
  linkedProgram,
  MAX_PATH_SCRIPT_BYTES,
  STANDARD_COMMAND_DIRS,
  type PathLookup,
  type SessionPathCommand,
  type SessionPathCommands,
} from "./path-commands.js";

interface KnownProgram {
  readonly name: string;
  readonly file: string;
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
}

async function isRunnable(file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function sameBytes(a: string, b: string): Promise<boolean> {
  try {
    const [left, right] = await Promise.all([readFile(a), readFile(b)]);
    return left.equals(right);
  } catch {
    return false;
  }
}

/** The head of `file` (up to `bytes`), read without loading a large file whole. */
async function head(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Looks up command words on this machine; keeps the table of known programs between calls. */
export class LocalPathLookup {
  readonly #hostPath: (file: string) => string;
  #known: Promise<readonly KnownProgram[]> | undefined;

  /** `hostPath` maps a path as the commands see it to this machine's path. */
  constructor(hostPath: (file: string) => string) {
    this.#hostPath = hostPath;
  }

  /** What each name of `lookup` runs, for those that resolve into an added directory. */
  async lookup(lookup: PathLookup): Promise<SessionPathCommands> {
    const wanted = new Set(lookup.names);
    const found = new Set<string>();
    for (const dir of lookup.added) {
      const entries = await readdir(this.#hostPath(dir)).catch(() => [] as string[]);
      for (const entry of entries) if (wanted.has(entry)) found.add(entry);
    }
    const added = new Set(lookup.added);
    const result: Record<string, SessionPathCommand> = {};
    for (const name of found) {
      const winner = await this.#firstRunnable(lookup.dirs, name);
      if (winner === undefined || !added.has(path.posix.dirname(winner))) continue;
      result[name] = await this.#classify(name, winner);
    }
    return result;
  }

  async #firstRunnable(dirs: readonly string[], name: string): Promise<string | undefined> {
    for (const dir of dirs) {
      const file = path.posix.join(dir, name);
      if (await isRunnable(this.#hostPath(file))) return file;
    }
    return undefined;
  }

  async #classify(name: string, file: string): Promise<SessionPathCommand> {
    const host = this.#hostPath(file);
    try {
      let target = host;
      if ((await lstat(host)).isSymbolicLink()) {
        target = await realpath(host);
        const program = linkedProgram(name, target);
        if (program !== undefined) return { kind: "program", path: file, program };
      }
      const info = await stat(target);
      if (info.size <= MAX_PATH_SCRIPT_BYTES) {
        const bytes = await head(target, MAX_PATH_SCRIPT_BYTES);
        if (!bytes.includes(0)) return { kind: "script", path: file, text: bytes.toString("utf8") };
      }
      for (const known of await this.#knownPrograms()) {
        if (known.dev === info.dev && known.ino === info.ino)
          return { kind: "program", path: file, program: known.name };
        if (known.size === info.size && (await sameBytes(known.file, target)))
          return { kind: "program", path: file, program: known.name };
      }
    } catch {
      // Unreadable: an unknown program.
    }
    return { kind: "unknown", path: file };
  }

  #knownPrograms(): Promise<readonly KnownProgram[]> {
    this.#known ??= (async () => {
      const table: KnownProgram[] = [];
      for (const name of KNOWN_PROGRAMS) {
        for (const dir of STANDARD_COMMAND_DIRS) {
          const file = path.posix.join(dir, name);
          const info = await stat(file).catch(() => undefined);
          if (info === undefined || !info.isFile()) continue;
          table.push({ name, file, dev: info.dev, ino: info.ino, size: info.size });
          break;
        }
      }
      return table;
    })();
    return this.#known;
  }
}

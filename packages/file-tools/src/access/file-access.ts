/** What a path is, following symlinks. */
export interface FileStat {
  readonly kind: "file" | "directory" | "other";
  readonly size: number;
  /** Modification time in milliseconds (sub-millisecond precision where the platform has it). */
  readonly mtimeMs: number;
  /** Permission bits. */
  readonly mode: number;
}

/** One entry of a directory listing. */
export interface TreeEntry {
  readonly name: string;
  readonly kind: "file" | "directory" | "other";
  readonly mtimeMs: number;
}

/** Output of one ripgrep run. */
export interface RipgrepOutput {
  readonly stdout: string;
  /** ripgrep's diagnostics. */
  readonly stderr: string;
  readonly exitCode: number;
}

/**
 * How the file tools reach files: the same operations on this machine (the local backend)
 * or through an Environment's commands and file transfer (containers, remote hosts).
 * Paths given here are absolute.
 */
export interface FileAccess {
  /** "host" when files are this machine's, "environment" when they go through commands. */
  readonly kind: "host" | "environment";
  /** The session's current directory (the terminal's live cwd). */
  cwd(): string;
  /** The home directory `~` stands for. */
  home(): Promise<string>;
  /** Stat following symlinks; undefined when the path does not exist. */
  stat(path: string): Promise<FileStat | undefined>;
  /** The symlink targets met resolving `path`, hop by hop (absolute), then the real path. */
  resolveLinks(path: string): Promise<{ hops: string[]; real: string | undefined }>;
  readBytes(path: string): Promise<Uint8Array>;
  /**
   * Replace a file's content atomically (temp file in the same directory, then rename),
   * keeping its mode, writing through a symlink to its target, creating parent directories.
   */
  writeAtomic(path: string, data: Uint8Array): Promise<void>;
  /** Remove a file. */
  remove(path: string): Promise<void>;
  /** Rename a file, creating the destination's parent directories. */
  rename(from: string, to: string): Promise<void>;
  /** Modification times (ms, 0 when unknown) of files given relative to `directory`. */
  mtimes(directory: string, files: readonly string[]): Promise<number[]>;
  /** Names in a directory (empty when it cannot be listed). */
  listNames(directory: string): Promise<string[]>;
  /** The entries of each directory under `root`, loaded on demand. */
  openTree(root: string): Promise<(relativeDir: string) => Promise<TreeEntry[]>>;
  /** Run ripgrep with these arguments in `cwd`; undefined when ripgrep is not installed. */
  ripgrep(
    args: readonly string[],
    cwd: string,
    signal?: AbortSignal,
  ): Promise<RipgrepOutput | undefined>;
  /** Run `python3 -c code` with `stdin`; undefined when there is no python3. */
  python(code: string, stdin: string): Promise<{ output: string; exitCode: number } | undefined>;
}

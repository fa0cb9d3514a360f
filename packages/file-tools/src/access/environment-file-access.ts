import type { Environment } from "@hermes-agent/terminal";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { FileToolsError, FileToolsErrorCode } from "../file-tools-error.js";
import type { FileAccess, FileStat, TreeEntry } from "./file-access.js";
import { shellQuote } from "./shell-quote.js";

const COMMAND_TIMEOUT_SECONDS = 60;
/** Search output can be large; keep all of it (the environment's cap defaults to 50 000). */
const LARGE_OUTPUT = 64 * 1024 * 1024;
const MISSING = "__hermes_missing__";

/** The kind of a file from its raw `st_mode` (`stat -c %f`, hexadecimal). */
function kindOfMode(mode: number): FileStat["kind"] {
  const type = mode & 0o170000;
  if (type === 0o100000) return "file";
  if (type === 0o040000) return "directory";
  return "other";
}

/** The kind of a file from GNU find's `%y` letter. */
function kindOfLetter(letter: string): FileStat["kind"] {
  if (letter === "f") return "file";
  if (letter === "d") return "directory";
  return "other";
}

/**
 * File access through an Environment: files move with its readFile/writeFile, and
 * everything else (stat, rename, listings, ripgrep) is one POSIX shell command each,
 * so it works wherever the environment's commands run (containers, remote hosts), with GNU
 * coreutils/findutils or with BusyBox (Alpine and other small images): only `stat -c` formats
 * both understand, and GNU find's `-printf` only where it exists.
 */
export function createEnvironmentFileAccess(env: Environment): FileAccess {
  let homeDirectory: string | undefined;
  let hasRipgrep: boolean | undefined;

  const sh = async (
    command: string,
    options: { stdin?: string; large?: boolean; signal?: AbortSignal } = {},
  ): Promise<{ output: string; exitCode: number }> => {
    const result = await env.execute(command, {
      cwd: "/",
      timeout: COMMAND_TIMEOUT_SECONDS,
      ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
      ...(options.large === true ? { maxOutputChars: LARGE_OUTPUT } : {}),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    if (result.timedOut || result.interrupted) {
      throw new FileToolsError(
        FileToolsErrorCode.CommandFailed,
        `The ${env.type} environment did not answer in time.`,
      );
    }
    return { output: result.output, exitCode: result.exitCode };
  };

  const mustSucceed = async (command: string, what: string): Promise<string> => {
    const { output, exitCode } = await sh(command);
    if (exitCode !== 0) {
      throw new FileToolsError(FileToolsErrorCode.CommandFailed, `${what}: ${output.trim()}`);
    }
    return output;
  };

  return {
    kind: "environment",
    cwd: () => env.cwd,
    async home() {
      homeDirectory ??= (await sh('printf %s "$HOME"')).output.trim() || "/";
      return homeDirectory;
    },
    async stat(file) {
      const q = shellQuote(file);
      const { output } = await sh(
        `if [ -e ${q} ]; then stat -L -c '%f %s %.9Y' -- ${q}; else echo ${MISSING}; fi`,
      );
      const line = output.trim();
      if (line === MISSING || line === "") return undefined;
      const [rawMode = "0", size = "0", mtime = "0"] = line.split(" ");
      const mode = Number.parseInt(rawMode, 16);
      return {
        kind: kindOfMode(mode),
        size: Number(size),
        mtimeMs: Number(mtime) * 1000,
        mode: mode & 0o7777,
      };
    },
    async resolveLinks(file) {
      const q = shellQuote(file);
      const { output } = await sh(
        `c=${q}; i=0; while [ $i -lt 20 ] && l="$(readlink -- "$c")"; do ` +
          `case "$l" in /*) c="$l";; *) c="$(dirname -- "$c")/$l";; esac; ` +
          `printf 'hop\\t%s\\n' "$c"; i=$((i+1)); done; ` +
          `[ -e ${q} ] && r="$(realpath -e -- ${q} 2>/dev/null || realpath ${q} 2>/dev/null)" && ` +
          `printf 'real\\t%s\\n' "$r"; true`,
      );
      const hops: string[] = [];
      let real: string | undefined;
      for (const line of output.split("\n")) {
        const [tag, value] = line.split("\t");
        if (tag === "hop" && value !== undefined) hops.push(path.posix.normalize(value));
        if (tag === "real" && value !== undefined) real = value;
      }
      return { hops, real };
    },
    async readBytes(file) {
      return env.readFile(file);
    },
    async writeAtomic(file, data) {
      const q = shellQuote(file);
      const target = (
        await mustSucceed(
          `t=${q}; if [ -L "$t" ]; then t="$(readlink -f -- "$t")"; fi; mkdir -p -- "$(dirname -- "$t")" && printf %s "$t"`,
          `Could not prepare ${file}`,
        )
      ).trim();
      const temp = path.posix.join(
        path.posix.dirname(target),
        `.hermes-tmp.${randomBytes(6).toString("hex")}`,
      );
      await env.writeFile(temp, data);
      const qt = shellQuote(target);
      const qtemp = shellQuote(temp);
      const { output, exitCode } = await sh(
        `if [ -e ${qt} ]; then chmod "$(stat -c %a -- ${qt})" ${qtemp}; fi && mv -f -- ${qtemp} ${qt} || { rm -f -- ${qtemp}; exit 1; }`,
      );
      if (exitCode !== 0) {
        throw new FileToolsError(
          FileToolsErrorCode.WriteFailed,
          `Could not write ${file}: ${output.trim()}`,
        );
      }
    },
    async remove(file) {
      await mustSucceed(`rm -f -- ${shellQuote(file)}`, `Could not delete ${file}`);
    },
    async rename(from, to) {
      await mustSucceed(
        `mkdir -p -- "$(dirname -- ${shellQuote(to)})" && mv -- ${shellQuote(from)} ${shellQuote(to)}`,
        `Could not move ${from} -> ${to}`,
      );
    },
    async mtimes(directory, files) {
      if (files.length === 0) return [];
      // "<mtime> <name>" per existing file, matched back by name (a missing file prints nothing).
      const { output } = await sh(
        `cd ${shellQuote(directory)} && xargs -0 -r stat -c '%.9Y %n' -- 2>/dev/null`,
        { stdin: `${files.join("\0")}\0`, large: true },
      );
      const byName = new Map<string, number>();
      for (const line of output.split("\n")) {
        const space = line.indexOf(" ");
        if (space > 0) byName.set(line.slice(space + 1), Number(line.slice(0, space)) * 1000);
      }
      return files.map((file) => byName.get(file) ?? 0);
    },
    async listNames(directory) {
      const { output, exitCode } = await sh(`ls -1A -- ${shellQuote(directory)} 2>/dev/null`);
      if (exitCode !== 0) return [];
      return output.split("\n").filter((name) => name !== "");
    },
    async openTree(root) {
      // One listing of the whole tree; hidden directories are not descended (except to find
      // nothing). GNU find prints "<%y> <mtime> <relative path>" NUL-terminated; elsewhere
      // (BusyBox) stat prints "<raw mode> <mtime> <path>" per line for batches of entries.
      const q = shellQuote(root);
      const { output } = await sh(
        `if find / -maxdepth 0 -printf '' 2>/dev/null; then printf 'gnu\\0'; ` +
          `find ${q} -mindepth 1 -path '*/.git' -prune -o -printf '%y %T@ %P\\0' 2>/dev/null; ` +
          `else printf 'posix\\n'; ` +
          `find ${q} -mindepth 1 -path '*/.git' -prune -o -exec stat -c '%f %.9Y %n' {} + 2>/dev/null; fi`,
        { large: true },
      );
      const gnu = output.startsWith("gnu\0");
      const records = output.slice(gnu ? 4 : 6).split(gnu ? "\0" : "\n");
      const prefix = root.endsWith("/") ? root : `${root}/`;
      const byDirectory = new Map<string, TreeEntry[]>();
      for (const record of records) {
        const first = record.indexOf(" ");
        const second = record.indexOf(" ", first + 1);
        if (first === -1 || second === -1) continue;
        const named = record.slice(second + 1);
        const relative = gnu ? named : named.startsWith(prefix) ? named.slice(prefix.length) : "";
        if (relative === "") continue;
        const directory = path.posix.dirname(relative);
        const type = record.slice(0, first);
        const entry: TreeEntry = {
          name: path.posix.basename(relative),
          kind: gnu ? kindOfLetter(type) : kindOfMode(Number.parseInt(type, 16)),
          mtimeMs: Number(record.slice(first + 1, second)) * 1000,
        };
        const key = directory === "." ? "" : directory;
        const list = byDirectory.get(key);
        if (list === undefined) byDirectory.set(key, [entry]);
        else list.push(entry);
      }
      return (relativeDir: string) => Promise.resolve(byDirectory.get(relativeDir) ?? []);
    },
    async ripgrep(args, cwd, signal) {
      hasRipgrep ??= (await sh("command -v rg >/dev/null 2>&1")).exitCode === 0;
      if (!hasRipgrep) return undefined;
      const sentinel = `__hermes_rg_${randomBytes(8).toString("hex")}__`;
      const words = args.map(shellQuote).join(" ");
      const { output, exitCode } = await sh(
        `e="$(mktemp)"; cd ${shellQuote(cwd)} && rg ${words} 2>"$e"; s=$?; printf '\\n%s\\n' ${sentinel}; cat "$e"; rm -f "$e"; exit $s`,
        { large: true, ...(signal === undefined ? {} : { signal }) },
      );
      const cut = output.lastIndexOf(`\n${sentinel}`);
      if (cut === -1)
        return { stdout: "", stderr: output, exitCode: exitCode === 0 ? 2 : exitCode };
      return {
        stdout: output.slice(0, cut),
        stderr: output.slice(cut + sentinel.length + 1).replace(/^\n/, ""),
        exitCode,
      };
    },
    async python(code, stdin) {
      const { output, exitCode } = await sh(
        `command -v python3 >/dev/null 2>&1 || exit 127; python3 -c ${shellQuote(code)}`,
        { stdin },
      );
      if (exitCode === 127) return undefined;
      return { output, exitCode };
    },
  };
}

// What a command changes about where later paths of the line point: links it makes
// (`ln -s / r`, `cp -s`, `link`), data it moves into the working tree from outside it
// (`mv /srv/data ./x`: deleting `x` later deletes that data), and where a relative `cd`
// lands when CDPATH may send it elsewhere.
import { statSync } from "node:fs";
import path from "node:path";
import {
  commandBaseName,
  DYNAMIC,
  parseFlags,
  type SimpleCommand,
  type Word,
} from "@hermes-agent/shell";
import { isInsideDir, type SessionState } from "./command-context.js";
import { absolutePathOf, treeOf } from "./link-paths.js";
import { classifyDeleteTarget, type DeleteScope } from "./paths.js";

/** Delete scopes whose loss breaks the system or the account (the hard-line ones). */
export const HARD_SCOPES: ReadonlySet<DeleteScope> = new Set(["root", "system-dir", "home-root"]);
const TEMP_DIRS = ["/tmp", "/var/tmp", "/dev/shm"];
// The options of ln, cp and mv that take a value (the suffix of backups, the target directory).
const PLACING_OPTIONS = { shortWithValue: "St", longWithValue: ["suffix", "target-directory"] };

/** A source and the name it gets (or may get) at the destination. */
interface Placement {
  readonly source: Word;
  readonly names: readonly string[];
}

/**
 * Where `ln`/`cp`/`mv`-style operands go: `-t DIR`, `SRC... DIR`, or `SRC DEST` (which may
 * also be an existing directory, unless `-T`/`--no-target-directory`).
 */
function placements(
  operands: readonly Word[],
  targetDir: string | undefined,
  noTargetDir: boolean,
): Placement[] | null {
  const base = (word: Word): string => path.posix.basename(word.text.replace(/\/+$/, "")) || "/";
  if (targetDir !== undefined)
    return operands.map((source) => ({ source, names: [`${targetDir}/${base(source)}`] }));
  if (operands.length === 1) {
    const source = operands[0] as Word;
    return [{ source, names: [base(source)] }];
  }
  const dest = operands[operands.length - 1];
  if (dest === undefined || dest.dynamic) return null;
  const sources = operands.slice(0, -1);
  const intoDir = sources.length > 1 || dest.text.endsWith("/");
  return sources.map((source) => ({
    source,
    names: intoDir
      ? [`${dest.text.replace(/\/+$/, "")}/${base(source)}`]
      : noTargetDir
        ? [dest.text]
        : [dest.text, `${dest.text}/${base(source)}`],
  }));
}

function normalised(state: SessionState, text: string): string | null {
  const file = absolutePathOf(text, state);
  return file === null ? null : path.posix.normalize(file).replace(/(.)\/+$/, "$1");
}

/** What a link made from `source` points at, as later paths are resolved. */
function linkTarget(state: SessionState, source: Word, at: string, symbolic: boolean): string {
  if (source.dynamic || source.text.includes(DYNAMIC)) return DYNAMIC;
  const text = source.text;
  if (text.startsWith("/")) return path.posix.normalize(text);
  if (text === "~" || text.startsWith("~/"))
    return state.home === null ? text : path.posix.normalize(`${state.home}${text.slice(1)}`);
  if (text.startsWith("~")) return DYNAMIC;
  // A symbolic link's relative target is read from the link's directory; a hard link's
  // source is a path from the working directory.
  if (symbolic) return path.posix.resolve(path.posix.dirname(at), text);
  return normalised(state, text) ?? DYNAMIC;
}

/** Record the links `ln`, `link` and `cp -s`/`cp -l` make: later paths through them follow. */
export function trackLinks(state: SessionState, cmd: SimpleCommand): void {
  const name = commandBaseName(cmd.words[0]?.text ?? "");
  const args = cmd.words.slice(1);
  let symbolic = false;
  let flags;
  if (name === "ln" || name === "gln") {
    flags = parseFlags(args, PLACING_OPTIONS);
    symbolic = flags.short.has("s") || flags.long.has("symbolic");
  } else if (name === "link") {
    flags = parseFlags(args, {});
  } else if (name === "cp" || name === "gcp") {
    flags = parseFlags(args, PLACING_OPTIONS);
    symbolic = flags.short.has("s") || flags.long.has("symbolic-link");
    if (!symbolic && !flags.short.has("l") && !flags.long.has("link")) return;
  } else return;
  const targetDir = flags.shortValues.get("t") ?? flags.long.get("target-directory");
  const noTargetDir =
    flags.short.has("T") || flags.short.has("n") || flags.long.has("no-target-directory");
  for (const { source, names } of placements(flags.operands, targetDir, noTargetDir) ?? []) {
    for (const name of names) {
      const at = normalised(state, name);
      if (at === null) continue;
      state.links.set(at, linkTarget(state, source, at, symbolic));
      state.work.version++;
    }
  }
}

function isTemp(file: string): boolean {
  return TEMP_DIRS.some((dir) => isInsideDir(file, dir));
}

/**
 * Record data `mv` brings into the working tree from outside it (a temp dir included): the
 * names it lands under are outside data for the rest of the line.
 */
export function trackMovedIn(state: SessionState, cmd: SimpleCommand): void {
  const name = commandBaseName(cmd.words[0]?.text ?? "");
  if (name !== "mv" && name !== "gmv") return;
  const tree = treeOf(state);
  const flags = parseFlags(cmd.words.slice(1), PLACING_OPTIONS);
  const targetDir = flags.shortValues.get("t") ?? flags.long.get("target-directory");
  const noTargetDir = flags.short.has("T") || flags.long.has("no-target-directory");
  for (const { source, names } of placements(flags.operands, targetDir, noTargetDir) ?? []) {
    const from = normalised(state, source.text);
    if (from !== null && !from.includes(DYNAMIC) && isInsideDir(from, tree)) continue;
    for (const name of names) {
      const at = normalised(state, name);
      if (at !== null && isInsideDir(at, tree)) state.movedIn.add(at);
    }
  }
}

/**
 * The scope of a move's source outside the tree and the temp dirs (`mv /srv/data ./x` takes
 * `/srv/data` away from where it was), or null for a source in the tree or a temp dir.
 */
export function movedAwayScope(state: SessionState | null, text: string): DeleteScope | null {
  if (state === null || text.includes(DYNAMIC)) return null;
  const file = normalised(state, text);
  if (file === null || isTemp(file)) return null;
  if (isInsideDir(file, treeOf(state))) return null;
  const scope = classifyDeleteTarget(file, false);
  return scope === "inside" || scope === "tree-root" ? null : scope;
}

// `CDPATH=...`, `export CDPATH=...` (and declare/local/typeset/readonly) anywhere in a line.
const CDPATH_SETTING =
  /(?:^|[\s;&|(`])(?:\w+\s+(?:-\w+\s+)*)?CDPATH=("[^"]*"|'[^']*'|[^\s;&|)`]*)/g;

/**
 * The CDPATH entries a relative `cd` of the line may search: the session's value and every
 * value the line assigns (any of them may be in force), {@link DYNAMIC} when one is only known
 * at run time, or null when CDPATH is unset throughout.
 */
export function cdpathEntries(state: SessionState): readonly string[] | null {
  let cached = state.work.cdpath;
  if (cached !== undefined) return cached;
  const values: string[] = state.cdpath === null ? [] : [state.cdpath];
  const text = state.work.lineText;
  if (text.includes("CDPATH")) {
    let any = false;
    for (const match of text.matchAll(CDPATH_SETTING)) {
      any = true;
      const raw = match[1] ?? "";
      const value = /^["']/.test(raw) ? raw.slice(1, -1) : raw;
      values.push(/[$`\\]/.test(value) ? DYNAMIC : value);
    }
    // Named some other way (`declare -x "CDPATH"=...`, `read CDPATH`): not known.
    if (!any && !/\bunset\s+(?:-v\s+)?CDPATH\b/.test(text)) values.push(DYNAMIC);
  }
  cached = values.length === 0 ? null : values.flatMap((value) => value.split(":"));
  state.work.cdpath = cached;
  return cached;
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

const SEVERITY: Readonly<Record<DeleteScope, number>> = {
  inside: 0,
  "tree-root": 1,
  dynamic: 2,
  outside: 3,
  "home-root": 4,
  "system-dir": 5,
  root: 6,
};

/**
 * Where `cd DIR` lands when CDPATH may be searched (a relative DIR not starting with `.`):
 * the directory on this machine when the paths are this machine's and it is certain, else
 * the most dangerous candidate; {@link DYNAMIC} when an entry is only known at run time.
 * Null when CDPATH plays no part.
 */
export function cdpathLanding(state: SessionState, dir: string): string | null {
  if (/^[/~.]/.test(dir) || dir.includes(DYNAMIC) || dir === "-") return null;
  const entries = cdpathEntries(state);
  if (entries === null) return null;
  if (entries.includes(DYNAMIC)) return DYNAMIC;
  const candidates = entries.map((entry) =>
    entry === "" || entry === "." ? dir : `${entry.replace(/\/+$/, "")}/${dir}`,
  );
  if (state.hostFilesystem && state.cdpath !== null && !state.work.lineText.includes("CDPATH")) {
    // Bash takes the first entry where the directory exists, then the working directory.
    for (const candidate of candidates) {
      const file = absolutePathOf(candidate, state);
      if (file !== null && isDirectory(file)) return candidate;
    }
    return dir;
  }
  let worst = dir;
  let worstSeverity = -1;
  for (const candidate of [...candidates, dir]) {
    const file = absolutePathOf(candidate, state);
    let severity = file === null ? SEVERITY.dynamic : SEVERITY[classifyDeleteTarget(file, false)];
    if (file !== null && state.workspace !== null && !isInsideDir(file, state.workspace))
      severity = Math.max(severity, SEVERITY.outside);
    if (severity > worstSeverity) {
      worst = candidate;
      worstSeverity = severity;
    }
  }
  return worst;
}

// Target classes scope session and permanent approvals: approving `find /tmp/build-cache
// -name '*.o' -delete` approves deletes with `find` inside temp dirs, not `find /etc -delete`.
import { commandBaseName } from "@hermes-agent/shell";
import { type TracedCommand, type CommandTrace } from "./command-trace.js";
import {
  isInside,
  targetOfPath,
  targetPlaces,
  type PathPlace,
  type TargetPlaces,
} from "./target-paths.js";
import type { ApprovalCommandContext } from "./types.js";

/** Where a command's targets are, from least to most severe. */
export const TargetClass = {
  /** Inside the workspace (the terminal's working directory when none is given). */
  Workspace: "workspace",
  /** Inside a temporary directory (`/tmp`, `/var/tmp`, `/dev/shm`, the OS temp dir). */
  Temp: "temp",
  /** Anywhere else that is known: system directories, home, other projects. */
  System: "system",
  /** The root itself, a path known only at run time, or a command that cannot be analysed. */
  Everything: "everything",
} as const;

/**
 * One of the {@link TargetClass} values, or a system path class `system:<path>`: a target
 * outside the workspace and temp dirs, scoped to that path (what an approval of a write to
 * `/etc/hosts` covers is `/etc/hosts`, not `/etc/sudoers`).
 */
export type TargetClass = (typeof TargetClass)[keyof typeof TargetClass] | `system:/${string}`;

const CLASSES: readonly string[] = Object.values(TargetClass);
const SYSTEM_PATH = "system:";
/** More system paths than this in one command are scoped as `system` as a whole. */
const MAX_SYSTEM_PATHS = 16;

/** True when `text` names a target class. */
export function isTargetClass(text: string): text is TargetClass {
  return CLASSES.includes(text) || (text.startsWith(`${SYSTEM_PATH}/`) && !text.includes("\n"));
}

/**
 * Whether an approval given for `approved` covers a command whose targets are in `target`:
 * each class covers itself; `system:<path>` covers that path and what is inside it, and the
 * workspace and temp dirs; `system` covers every system path, the workspace and temp dirs;
 * `everything` covers all. The workspace and temp dirs do not cover each other.
 */
export function coversTarget(approved: TargetClass, target: TargetClass): boolean {
  if (approved === target || approved === "everything") return true;
  if (target === "everything") return false;
  if (approved === "system") return true;
  if (!approved.startsWith(SYSTEM_PATH)) return false;
  if (target === "workspace" || target === "temp") return true;
  return (
    target.startsWith(SYSTEM_PATH) &&
    isInside(target.slice(SYSTEM_PATH.length), approved.slice(SYSTEM_PATH.length))
  );
}

function classOfPlace(target: { readonly place: PathPlace; readonly path?: string }): TargetClass {
  switch (target.place) {
    case "workspace":
      return "workspace";
    case "temp":
      return "temp";
    case "system":
      return target.path === undefined ? "system" : `system:/${target.path.slice(1)}`;
    case "root":
    case "unknown":
      return "everything";
  }
}

/** The order classes are listed in: by severity, system paths by name. */
function severity(target: TargetClass): number {
  const index = CLASSES.indexOf(target);
  return index >= 0 ? index : CLASSES.indexOf("system") + 0.5;
}

// Interpreters whose inline code (`-c`, `-e`) acts where the code says, not where a path
// operand points: what they touch is not known from the words.
const INLINE_CODE_PROGRAM =
  /^(?:python[\d.]*|pypy3?|node(?:js)?|deno|bun|perl[\d.]*|ruby[\d.]*|php[\d.]*|lua[\d.]*|luajit|tclsh[\d.]*|Rscript|osascript|pwsh|powershell)$/;

// Programs whose every operand is a file they change.
const FILE_PROGRAMS = new Set([
  "rm",
  "rmdir",
  "unlink",
  "shred",
  "wipe",
  "srm",
  "mv",
  "cp",
  "ln",
  "install",
  "touch",
  "truncate",
  "tee",
  "chmod",
  "chown",
  "chgrp",
  "chattr",
  "setfacl",
  "mkdir",
  "rsync",
  "scp",
  "sed",
  "perl",
]);

/** A word that reads as a path: with a slash, `~`, a leading dot, or a glob (not a URL). */
function looksLikePath(word: string): boolean {
  if (word.includes("://")) return false;
  return word.includes("/") || /^[~.]/.test(word) || /[*?[]/.test(word);
}

/** find's starting points: the words before its expression (after -H/-L/-P/-D/-O). */
function findStartingPoints(args: readonly string[]): string[] {
  let i = 0;
  while (i < args.length && /^-(?:[HLP]|O\d*)$/.test(args[i] ?? "")) i++;
  if (args[i] === "-D") i += 2;
  const starts: string[] = [];
  while (i < args.length && !/^[-(!)]/.test(args[i] ?? "")) starts.push(args[i++] ?? "");
  return starts.length === 0 ? ["."] : starts;
}

/**
 * The words of a command that name what it acts on: the files it writes through redirections;
 * find's starting points; dd's `of=`; every operand of a program that changes files (`rm`,
 * `mv`, `chmod`, ...); for other programs the operands and `--opt=value` values that look like
 * paths. `cd` moves, it does not act.
 */
export function targetWords(command: TracedCommand): string[] {
  const [programWord, ...args] = command.layers.at(-1) ?? [];
  const program = commandBaseName(programWord ?? "");
  const words: string[] = [...command.writes];
  if (program === "find") return [...words, ...findStartingPoints(args)];
  if (program === "dd")
    return [...words, ...args.flatMap((arg) => (arg.startsWith("of=") ? [arg.slice(3)] : []))];
  const changesFiles = FILE_PROGRAMS.has(program);
  for (const word of args) {
    if (!word.startsWith("-") || word === "-") {
      if (changesFiles || looksLikePath(word)) words.push(word);
      continue;
    }
    const value = /^--?[\w-]+=(.*)$/.exec(word)?.[1];
    if (value !== undefined && /^[/~.]/.test(value)) words.push(value);
  }
  return words;
}

/** Where one command acts: each target word in each directory it may run in. */
export function placesOfCommand(
  command: TracedCommand,
  places: TargetPlaces,
): { readonly place: PathPlace; readonly path?: string }[] {
  if (command.cwds === null) return [{ place: "unknown" }];
  const [program, ...args] = command.layers.at(-1) ?? [];
  if (
    INLINE_CODE_PROGRAM.test(commandBaseName(program ?? "")) &&
    args.some((arg) => /^-[^-]*[ceE]/.test(arg) || arg.startsWith("--eval") || arg === "-")
  ) {
    return [{ place: "unknown" }];
  }
  const words = targetWords(command);
  // A command without operands acts where it runs.
  const targets = words.length === 0 ? ["."] : words;
  const out: { readonly place: PathPlace; readonly path?: string }[] = command.cwds.flatMap((cwd) =>
    targets.map((word) => targetOfPath(word, cwd, places)),
  );
  if (command.fromInput) out.push({ place: "unknown" });
  return out;
}

/**
 * The places a context measures targets against; with `resolveOnHost` (the command runs on
 * this machine) symlinks are resolved before a path is placed.
 */
export function placesOfContext(
  context: ApprovalCommandContext | undefined,
  resolveOnHost = false,
): TargetPlaces {
  const cwd = context?.cwd ?? process.cwd();
  return targetPlaces(context?.workspace ?? cwd, context?.home ?? process.env.HOME, resolveOnHost);
}

/**
 * The target classes of a command line, one per class touched (sorted by severity). A line
 * that cannot be fully analysed also touches `everything`.
 */
export function targetClassesOf(
  analysis: CommandTrace,
  context: ApprovalCommandContext | undefined,
  resolveOnHost = false,
): TargetClass[] {
  const places = placesOfContext(context, resolveOnHost);
  const found = new Set<TargetClass>();
  for (const command of analysis.commands) {
    const program = command.layers.at(-1)?.[0];
    if (program === "cd" || program === "pushd") continue;
    for (const target of placesOfCommand(command, places)) found.add(classOfPlace(target));
  }
  if (analysis.unresolved !== undefined || found.size === 0) {
    if (analysis.unresolved !== undefined) found.add("everything");
    else found.add(classOfPlace(targetOfPath(".", context?.cwd ?? process.cwd(), places)));
  }
  let classes = [...found];
  const systemPaths = classes.filter((target) => target.startsWith(SYSTEM_PATH));
  if (systemPaths.length > MAX_SYSTEM_PATHS) {
    classes = [...classes.filter((target) => !target.startsWith(SYSTEM_PATH)), "system"];
  }
  return [...new Set(classes)].sort(
    (a, b) => severity(a) - severity(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
}

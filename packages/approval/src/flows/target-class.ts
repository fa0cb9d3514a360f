// Target classes scope session and permanent approvals: approving `find /tmp/build-cache
// -name '*.o' -delete` approves deletes with `find` inside temp dirs, not `find /etc -delete`.
import { commandBaseName } from "@hermes-agent/shell";
import { type TracedCommand, type CommandTrace } from "./command-trace.js";
import { placeOfPath, targetPlaces, type PathPlace, type TargetPlaces } from "./target-paths.js";
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

/** One of the {@link TargetClass} values. */
export type TargetClass = (typeof TargetClass)[keyof typeof TargetClass];

const CLASSES: readonly string[] = Object.values(TargetClass);

/** True when `text` names a target class. */
export function isTargetClass(text: string): text is TargetClass {
  return CLASSES.includes(text);
}

/**
 * Whether an approval given for `approved` covers a command whose targets are in `target`:
 * each class covers itself, `system` also covers the workspace and temp dirs, `everything`
 * covers all. The workspace and temp dirs do not cover each other.
 */
export function coversTarget(approved: TargetClass, target: TargetClass): boolean {
  if (approved === target || approved === "everything") return true;
  return approved === "system" && target !== "everything";
}

function classOfPlace(place: PathPlace): TargetClass {
  switch (place) {
    case "workspace":
      return "workspace";
    case "temp":
      return "temp";
    case "system":
      return "system";
    case "root":
    case "unknown":
      return "everything";
  }
}

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
  "git",
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
export function placesOfCommand(command: TracedCommand, places: TargetPlaces): PathPlace[] {
  if (command.cwds === null) return ["unknown"];
  const words = targetWords(command);
  // A command without operands acts where it runs.
  const targets = words.length === 0 ? ["."] : words;
  const out = command.cwds.flatMap((cwd) => targets.map((word) => placeOfPath(word, cwd, places)));
  if (command.fromInput) out.push("unknown");
  return out;
}

/** The places a context measures targets against. */
export function placesOfContext(context: ApprovalCommandContext | undefined): TargetPlaces {
  const cwd = context?.cwd ?? process.cwd();
  return targetPlaces(context?.workspace ?? cwd, context?.home ?? process.env.HOME);
}

/**
 * The target classes of a command line, one per class touched (sorted by severity). A line
 * that cannot be fully analysed also touches `everything`.
 */
export function targetClassesOf(
  analysis: CommandTrace,
  context: ApprovalCommandContext | undefined,
): TargetClass[] {
  const places = placesOfContext(context);
  const found = new Set<TargetClass>();
  for (const command of analysis.commands) {
    const program = command.layers.at(-1)?.[0];
    if (program === "cd" || program === "pushd") continue;
    for (const place of placesOfCommand(command, places)) found.add(classOfPlace(place));
  }
  if (analysis.unresolved !== undefined || found.size === 0) {
    if (analysis.unresolved !== undefined) found.add("everything");
    else found.add(classOfPlace(placeOfPathOrUnknown(context, places)));
  }
  return CLASSES.filter((name): name is TargetClass => found.has(name as TargetClass));
}

function placeOfPathOrUnknown(
  context: ApprovalCommandContext | undefined,
  places: TargetPlaces,
): PathPlace {
  return placeOfPath(".", context?.cwd ?? process.cwd(), places);
}

// The hard-line forms that aim a destructive command at the root filesystem: `find / -delete`,
// `rsync --delete empty/ /`, `chmod -R 000 /` (and chown, chgrp, `chattr -R +i`, `setfacl -R`),
// a command name built at run time applied to `/`, and `rm -r` on `/` reached through a
// directory (`cd / && rm -rf *`). Nothing approves
// them: not `approvals.mode: off`, YOLO, `cron_mode: approve`, or a remembered approval.
import { commandBaseName, DYNAMIC } from "@hermes-agent/shell";
import type { TracedCommand, CommandTrace } from "./command-trace.js";
import { placeOfPath, type TargetPlaces } from "./target-paths.js";
import { placesOfContext } from "./target-class.js";
import type { ApprovalCommandContext } from "./types.js";

/** A hard-line rule of the approval flows (reported like a detection rule). */
export interface RootTargetRule {
  readonly key: string;
  readonly description: string;
}

/** The root-targeting hard-line rules, by key. */
export const ROOT_TARGET_RULES: Readonly<
  Record<
    "findDelete" | "rsyncDelete" | "recursiveDelete" | "recursiveMode" | "dynamicCommand",
    RootTargetRule
  >
> = {
  findDelete: {
    key: "find-delete-root",
    description: "find deleting from the root filesystem",
  },
  rsyncDelete: {
    key: "rsync-delete-root",
    description: "rsync --delete onto the root filesystem",
  },
  recursiveDelete: {
    key: "rm-root-via-directory",
    description: "recursive delete of the root filesystem",
  },
  recursiveMode: {
    key: "chmod-chown-root-recursive",
    description: "recursive permission, ownership or attribute change of the root filesystem",
  },
  dynamicCommand: {
    key: "dynamic-command-on-root",
    description: "command name built at run time applied to the root filesystem",
  },
};

const FIND_GLOBAL_OPTIONS = /^-(?:[HLP]|O\d*)$/;
const FIND_DELETING_PROGRAMS = new Set(["rm", "rmdir", "unlink", "shred", "wipe", "srm"]);
const RSYNC_DELETE = /^--(?:del|delete(?:-\w+)?)$/;

/** True when `word`, run from any of the command's directories, is the root or a glob over it. */
function isRoot(
  word: string,
  command: TracedCommand,
  places: TargetPlaces,
  keepLast = false,
): boolean {
  if (word.includes(DYNAMIC)) return false;
  // A relative path from an unknown directory is not known to be the root.
  const cwds = command.cwds ?? (word.startsWith("/") ? ["/"] : []);
  return cwds.some((cwd) => placeOfPath(word, cwd, places, keepLast) === "root");
}

const operands = (argv: readonly string[]): string[] =>
  argv.slice(1).filter((word) => !word.startsWith("-") || word === "-");

/** True when a short option bundle has one of `letters`, or `--recursive` is given. */
function hasRecursiveFlag(argv: readonly string[], letters: RegExp): boolean {
  return argv
    .slice(1)
    .some(
      (word) =>
        word === "--recursive" || (/^-[A-Za-z]+$/.test(word) && letters.test(word.slice(1))),
    );
}

function findDeletesRoot(
  argv: readonly string[],
  command: TracedCommand,
  places: TargetPlaces,
): boolean {
  let i = 1;
  while (i < argv.length && FIND_GLOBAL_OPTIONS.test(argv[i] ?? "")) i++;
  if (argv[i] === "-D") i += 2;
  const starts: string[] = [];
  while (i < argv.length && !/^[-(!)]/.test(argv[i] ?? "")) starts.push(argv[i++] ?? "");
  const expression = argv.slice(i);
  const deletes =
    expression.includes("-delete") ||
    expression.some((word, j) => {
      if (!/^-(?:exec|execdir|ok|okdir)$/.test(word)) return false;
      const program = expression[j + 1] ?? "";
      return program.includes(DYNAMIC) || FIND_DELETING_PROGRAMS.has(commandBaseName(program));
    });
  if (!deletes) return false;
  return (starts.length === 0 ? ["."] : starts).some((word) => isRoot(word, command, places, true));
}

function ruleOf(command: TracedCommand, places: TargetPlaces): RootTargetRule | undefined {
  const argv = command.layers.at(-1);
  if (argv === undefined) return undefined;
  const program = commandBaseName(argv[0] ?? "");
  const rootOperand = (): boolean => operands(argv).some((word) => isRoot(word, command, places));
  if (command.layers.some((layer) => (layer[0] ?? "").includes(DYNAMIC)) && rootOperand())
    return ROOT_TARGET_RULES.dynamicCommand;
  switch (program) {
    case "find":
      return findDeletesRoot(argv, command, places) ? ROOT_TARGET_RULES.findDelete : undefined;
    case "rsync": {
      // --delete empties the destination; --remove-source-files empties the sources.
      const paths = operands(argv);
      const destination = paths.at(-1);
      const deletesDestination =
        argv.some((word) => RSYNC_DELETE.test(word)) &&
        destination !== undefined &&
        isRoot(destination, command, places);
      const removesSources =
        argv.includes("--remove-source-files") &&
        paths.slice(0, -1).some((word) => isRoot(word, command, places));
      return deletesDestination || removesSources ? ROOT_TARGET_RULES.rsyncDelete : undefined;
    }
    case "rm":
      return hasRecursiveFlag(argv, /[rR]/) &&
        operands(argv).some((word) => isRoot(word, command, places, true))
        ? ROOT_TARGET_RULES.recursiveDelete
        : undefined;
    case "chmod":
    case "chown":
    case "chgrp":
    case "chattr":
    case "setfacl":
      return hasRecursiveFlag(argv, /R/) && rootOperand()
        ? ROOT_TARGET_RULES.recursiveMode
        : undefined;
    default:
      return undefined;
  }
}

/** The first root-targeting hard-line rule the line breaks, if any. */
export function rootTargetingRule(
  analysis: CommandTrace,
  context: ApprovalCommandContext | undefined,
  resolveOnHost = false,
): RootTargetRule | undefined {
  const places = placesOfContext(context, resolveOnHost);
  for (const command of analysis.commands) {
    const rule = ruleOf(command, places);
    if (rule !== undefined) return rule;
  }
  return undefined;
}

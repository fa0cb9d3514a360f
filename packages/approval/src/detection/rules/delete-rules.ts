import {
  DYNAMIC,
  findEntries,
  hasLong,
  parseFlags,
  type ResolvedCommand,
  staticWord,
  type Word,
} from "@hermes-agent/shell";
import { classifyDeleteTarget, isBlockDevice, type DeleteScope } from "../paths.js";
import { allInsideTree, deleteScopeOf, homeFolded, writeKindOf } from "../session-paths.js";
import { activeSession } from "../command-context.js";
import { HARD_SCOPES, movedAwayScope } from "../path-tracking.js";
import { mayBeSystemAtRunTime } from "../run-time-targets.js";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";

/** Rules about deleting files and directories. */
export const DELETE_RULES: Readonly<
  Record<
    | "root"
    | "systemDir"
    | "home"
    | "outside"
    | "worktree"
    | "systemFile"
    | "shred"
    | "findDelete"
    | "xargsRm"
    | "move"
    | "moveRoot"
    | "runTimeSystem"
    | "moveIntoTree"
    | "linkToSystem",
    RuleInfo
  >
> = {
  root: rule("rm-root", "recursive delete of the root filesystem", true),
  systemDir: rule("rm-system-dir", "recursive delete of a system directory", true),
  home: rule("rm-home", "recursive delete of the home directory", true),
  outside: rule("rm-outside-worktree", "recursive or forced delete outside the working tree"),
  worktree: rule("rm-worktree", "recursive delete of the whole working tree or its .git"),
  systemFile: rule("rm-system-file", "delete of a system, credential or shell-startup file"),
  shred: rule("shred", "irreversible overwrite of file contents (shred/wipe)"),
  findDelete: rule(
    "find-delete",
    "find -delete / find -exec rm outside the working tree or without a filter",
  ),
  xargsRm: rule("xargs-rm", "xargs feeding file names from input to rm"),
  move: rule("mv-system", "move of the root, a system or home directory, or onto a device"),
  moveRoot: rule(
    "mv-root",
    "move of the root, a system directory or a home directory (the system or the account stops working)",
    true,
  ),
  runTimeSystem: rule(
    "rm-run-time-system",
    "recursive delete of a target only known at run time that may be the root or a system directory",
    true,
  ),
  moveIntoTree: rule(
    "mv-outside-into-worktree",
    "move of data from outside the working tree into it (it leaves where it was, and a later delete in the tree destroys it)",
  ),
  linkToSystem: rule(
    "link-to-system-dir",
    "symlink to the root, a system directory or the home (deletes through it reach them)",
  ),
} as const;

const HARDLINE_SCOPE: Partial<Record<DeleteScope, DangerousCommandMatch>> = {
  root: matchOf(DELETE_RULES.root),
  "system-dir": matchOf(DELETE_RULES.systemDir),
  "home-root": matchOf(DELETE_RULES.home),
};

function scopeOf(word: Word): DeleteScope {
  if (word.text.startsWith(DYNAMIC)) return "dynamic";
  const scope = deleteScopeOf(word.text, word.glob);
  // `${dir:-build}`: the environment may set dir to anything.
  return word.overridable !== undefined && (scope === "inside" || scope === "tree-root")
    ? "dynamic"
    : scope;
}

const rm: CommandRule = (cmd) => {
  const flags = parseFlags(cmd.args);
  const recursive =
    flags.short.has("r") ||
    flags.short.has("R") ||
    hasLong(flags, "recursive", 3) ||
    flags.dynamicArgs;
  const force = flags.short.has("f") || hasLong(flags, "force", 3);
  const noPreserve = hasLong(flags, "no-preserve-root", 4);
  const targets = [...flags.operands];
  if (cmd.argsFromInput) targets.push(staticWord(DYNAMIC));
  let found: DangerousCommandMatch | null = null;
  const state = activeSession();
  for (const target of targets) {
    const scope = scopeOf(target);
    const hard = HARDLINE_SCOPE[scope];
    if (hard && (recursive || noPreserve)) return hard;
    if ((recursive || noPreserve) && mayBeSystemAtRunTime(state, target))
      return matchOf(DELETE_RULES.runTimeSystem);
    if (hard || (scope === "tree-root" && recursive))
      found ??= matchOf(hard ? DELETE_RULES.systemFile : DELETE_RULES.worktree);
    else if ((recursive || force) && (scope === "outside" || scope === "dynamic"))
      found ??= matchOf(DELETE_RULES.outside);
    else if (scope === "dynamic" && cmd.argsFromInput) found ??= matchOf(DELETE_RULES.xargsRm);
    else {
      // Removing a link removes the link, not what it points at.
      const kind = writeKindOf(target.text, false);
      if (kind !== null && kind !== "project-config") found ??= matchOf(DELETE_RULES.systemFile);
    }
  }
  if (cmd.argsFromInput && cmd.via.includes("xargs")) found ??= matchOf(DELETE_RULES.xargsRm);
  return found;
};

const shred: CommandRule = (cmd) => {
  const flags = parseFlags(cmd.args, {
    shortWithValue: "ns",
    longWithValue: ["iterations", "size", "random-source"],
  });
  if (flags.operands.some((word) => isBlockDevice(word.text)))
    return matchOf({
      ...DELETE_RULES.shred,
      key: "wipe-block-device",
      description: "wipe of a raw block device",
      hardline: true,
    });
  // Shredding a file of the project (a test key in `./tmp`) is like deleting it.
  return allInsideTree(flags.operands) ? null : matchOf(DELETE_RULES.shred);
};

const unlink: CommandRule = (cmd) => {
  for (const word of cmd.args) {
    const kind = writeKindOf(word.text, false);
    if (kind === "system" || kind === "credential" || word.text.startsWith(DYNAMIC))
      return matchOf(DELETE_RULES.systemFile);
  }
  return null;
};

const FIND_FILTERS =
  /^-(?:i?name|i?path|i?regex|i?wholename|newer\w*|[acm]time|[acm]min|size|empty|inum|links|perm|lname|samefile|used)$/;
const DESTRUCTIVE_EXEC = new Set(["rm", "unlink", "shred", "rmdir", "srm", "wipe"]);

const SAFE_WORD = /^[\w./~:=@%+,-]+$/;

/**
 * A `find -exec`/`-execdir` payload judged with `{}` as each entry the search may list: the
 * fallback `entry` and the named ones (`-name .git` gives `./.git`). An `-execdir` payload runs
 * in the directory of each entry, so it is judged after a `cd` there, with `{}` as `./NAME`.
 */
function findPayloadMatch(
  template: readonly Word[],
  entry: string | null,
  listed: readonly string[],
  starts: readonly Word[],
  ctx: RuleContext,
): DangerousCommandMatch | null {
  let found: DangerousCommandMatch | null = null;
  const withEntry = (value: string): Word[] =>
    template.map((word) =>
      word.text.includes("{}") ? { ...word, text: word.text.split("{}").join(value) } : word,
    );
  if (entry !== null) {
    for (const value of [entry, ...listed]) {
      const match = ctx.analyseCommand({
        assignments: [],
        words: withEntry(value),
        redirects: [],
        upstream: [],
      });
      if (match?.hardline) return match;
      found ??= match;
    }
    return found;
  }
  const directories = starts.length === 0 ? ["."] : starts.map((word) => word.text);
  const names =
    listed.length === 0
      ? ["found-entry"]
      : listed.map((path) => path.slice(path.lastIndexOf("/") + 1));
  if (template.some((word) => word.dynamic) || starts.some((word) => word.dynamic)) {
    return ctx.analyseCommand({
      assignments: [],
      words: withEntry("./found-entry"),
      redirects: [],
      upstream: [],
    });
  }
  for (const directory of directories)
    for (const name of names) {
      const words = withEntry(`./${name}`).map((word) =>
        SAFE_WORD.test(word.text) ? word.text : `'${word.text.replace(/'/g, "'\\''")}'`,
      );
      const quotedDirectory = SAFE_WORD.test(directory)
        ? directory
        : `'${directory.replace(/'/g, "'\\''")}'`;
      const match = ctx.analyseText(`cd ${quotedDirectory} && ${words.join(" ")}`);
      if (match?.hardline) return match;
      found ??= match;
    }
  return found;
}

const find: CommandRule = (cmd, ctx) => {
  const args = cmd.args;
  const starts: Word[] = [];
  let i = 0;
  while (i < args.length && !/^[-(!]/.test(args[i]?.text ?? "-")) starts.push(args[i++] as Word);
  if (starts.length === 0) starts.push(staticWord("."));
  const outside = starts.some((word) => {
    const scope = scopeOf(word);
    return scope !== "inside" && scope !== "tree-root";
  });
  const runTimeSystem = starts.some((word) => mayBeSystemAtRunTime(activeSession(), word));
  // What `{}` stands for: an entry of the tree searched; under /dev, any disk.
  const entry = starts.some((word) => /^\/dev(?:\/|$)/.test(word.text))
    ? "/dev/sda"
    : outside
      ? (starts[0]?.text ?? "/")
      : "./found-entry";
  const listed = findEntries([cmd.nameWord, ...args]) ?? [];
  let filtered = false;
  let destructive = false;
  let found: DangerousCommandMatch | null = null;
  for (; i < args.length; i++) {
    const text = args[i]?.text ?? "";
    if (FIND_FILTERS.test(text)) filtered = true;
    if (text === "-delete") destructive = true;
    if (/^-(?:exec|execdir|ok|okdir)$/.test(text)) {
      const inDirectory = text.endsWith("dir");
      const template: Word[] = [];
      for (i++; i < args.length; i++) {
        const word = args[i] as Word;
        if (word.text === ";" || word.text === "+") break;
        template.push(word);
      }
      const name = (template[0]?.text ?? "").split("/").pop() ?? "";
      if (DESTRUCTIVE_EXEC.has(name)) destructive = true;
      const inner = findPayloadMatch(template, inDirectory ? null : entry, listed, starts, ctx);
      if (inner?.hardline) return inner;
      found ??= inner;
    }
  }
  if (destructive && runTimeSystem) return matchOf(DELETE_RULES.runTimeSystem);
  if (destructive && (outside || !filtered)) return matchOf(DELETE_RULES.findDelete);
  return found;
};

const mv: CommandRule = (cmd) => {
  const flags = parseFlags(cmd.args, {
    shortWithValue: "tS",
    longWithValue: ["target-directory", "suffix"],
  });
  const operands = flags.operands;
  const dest =
    flags.shortValues.get("t") ??
    flags.long.get("target-directory") ??
    operands[operands.length - 1]?.text ??
    "";
  const sources =
    flags.shortValues.has("t") || flags.long.has("target-directory")
      ? operands
      : operands.slice(0, -1);
  const state = activeSession();
  const destScope = dest === "" || dest.includes(DYNAMIC) ? null : deleteScopeOf(dest, false);
  const intoTree = destScope === "inside" || destScope === "tree-root";
  let found: DangerousCommandMatch | null = null;
  for (const source of sources) {
    const scope = scopeOf(source);
    if (scope === "root" || scope === "system-dir" || scope === "home-root")
      return matchOf(DELETE_RULES.moveRoot);
    // Moving data in from elsewhere takes it away from there, as a delete would.
    if (intoTree && movedAwayScope(state, source.text) !== null)
      found ??= matchOf(DELETE_RULES.moveIntoTree);
    const kind = writeKindOf(source.text);
    if (kind === "system" || kind === "credential") return matchOf(DELETE_RULES.systemFile);
    // `ls -A ~ | xargs -I{} mv ~/{} /tmp/`: an entry of the home or root directory that is
    // only known at run time may be any of them.
    const folded = homeFolded(source.text);
    if (folded.startsWith(`~/${DYNAMIC}`) || folded.startsWith(`/${DYNAMIC}`))
      return matchOf(DELETE_RULES.move);
  }
  if (dest.startsWith("/dev/") && writeKindOf(dest) !== "block-device" && sources.length > 0) {
    return matchOf(DELETE_RULES.move);
  }
  return found;
};

/** `ln -s / r`: a link to the root, a system directory or the home turns deletes through it. */
const ln: CommandRule = (cmd) => {
  const flags = parseFlags(cmd.args, {
    shortWithValue: "St",
    longWithValue: ["suffix", "target-directory"],
  });
  if (!flags.short.has("s") && !flags.long.has("symbolic")) return null;
  const sources =
    flags.shortValues.has("t") || flags.long.has("target-directory") || flags.operands.length < 2
      ? flags.operands
      : flags.operands.slice(0, -1);
  for (const source of sources) {
    if (source.text.includes(DYNAMIC)) continue;
    const scope = classifyDeleteTarget(homeFolded(source.text), false);
    if (/^[/~]/.test(source.text) && HARD_SCOPES.has(scope))
      return matchOf(DELETE_RULES.linkToSystem);
  }
  return null;
};

const BY_NAME: ReadonlyMap<string, CommandRule> = new Map([
  ["rm", rm],
  ["grm", rm],
  ["rimraf", (cmd, ctx) => rm({ ...cmd, args: [staticWord("-rf"), ...cmd.args] }, ctx)],
  ["del-cli", (cmd, ctx) => rm({ ...cmd, args: [staticWord("-rf"), ...cmd.args] }, ctx)],
  ["shred", shred],
  ["srm", shred],
  ["wipe", shred],
  ["unlink", unlink],
  ["find", find],
  ["gfind", find],
  ["mv", mv],
  ["gmv", mv],
  ["ln", ln],
  ["gln", ln],
]);

/** Delete, move and find rules, dispatched by command name. */
export const deleteRules: CommandRule = (cmd: ResolvedCommand, ctx) =>
  BY_NAME.get(cmd.name)?.(cmd, ctx) ?? null;

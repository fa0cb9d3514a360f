import {
  commandBaseName,
  DYNAMIC,
  parseFlags,
  type ResolvedCommand,
  type SimpleCommand,
  type Word,
} from "@hermes-agent/shell";
import { isBlockDevice } from "../paths.js";
import { matchOf, worse, type CommandRule } from "../rule-context.js";
import { hermesHomeFile, isPrivateSecretPath } from "../secret-paths.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { EXEC_RULES } from "./exec-rules.js";

/**
 * The runtime's own files and the machine's floor: the agent's credentials and state read by
 * any program, its config changed by a program not known to only read it, the process
 * environment printed by `ps e`, destructive programs or shells copied under a new name, and
 * partition tables destroyed.
 */
export const RUNTIME_FILE_RULES: Readonly<
  Record<"config" | "processEnvironment" | "renamedProgram" | "partitionTable", RuleInfo>
> = {
  config: rule(
    "hermes-config-change",
    "the agent's own configuration or state touched by a program not known to only read it",
  ),
  processEnvironment: rule(
    "process-environment-read",
    "process environments printed (ps e): the agent's secrets are in them",
  ),
  renamedProgram: rule(
    "program-renamed",
    "a destructive program or a shell copied or linked under another name, or a program installed under a common command's name",
  ),
  partitionTable: rule(
    "partition-table-destroy",
    "partition table, RAID superblock or pool label destroyed on a disk",
    true,
  ),
};

// Programs that only read a file, or only its metadata.
const READ_ONLY: ReadonlySet<string> = new Set(
  (
    "cat less more head tail grep egrep fgrep rg ag ack jq yq diff cmp wc stat ls file md5sum " +
    "sha1sum sha256sum sha512sum bat batcat view test [ [[ realpath readlink dirname basename du"
  ).split(" "),
);
// Programs that touch only a file's metadata (a secret's content stays unread).
const METADATA_ONLY: ReadonlySet<string> = new Set(
  "ls stat test [ [[ realpath readlink dirname basename du touch chmod chown file".split(" "),
);

function operandPath(word: Word): string {
  return word.text.replace(/^--?[\w-]+=|^\w+=/, "");
}

/** The agent's credential, state and config files named by operands or input redirections. */
function runtimeFiles(cmd: ResolvedCommand): DangerousCommandMatch | null {
  if (METADATA_ONLY.has(cmd.name)) return null;
  let found: DangerousCommandMatch | null = null;
  const paths = [
    ...cmd.args.map(operandPath),
    ...cmd.source.redirects.flatMap((r) => (r.op === "<" && r.target ? [r.target.text] : [])),
  ];
  for (const path of paths) {
    const kind = hermesHomeFile(path);
    if (kind === "secret") return matchOf(EXEC_RULES.credentialRead);
    if (kind === "config" && !READ_ONLY.has(cmd.name)) found ??= matchOf(RUNTIME_FILE_RULES.config);
  }
  return found;
}

/**
 * A credential read into the shell itself: `$(< ~/.ssh/id_rsa)`, `while read l; do ...; done <
 * ~/.hermes/.env` (a redirection with no program reads into whatever the shell does next).
 */
export function inputSecretMatch(cmd: SimpleCommand): DangerousCommandMatch | null {
  if (cmd.words.length > 0) return null;
  for (const redirect of cmd.redirects)
    if (
      (redirect.op === "<" || redirect.op === "<>") &&
      redirect.target !== null &&
      (isPrivateSecretPath(redirect.target.text) ||
        hermesHomeFile(redirect.target.text) === "secret")
    )
      return matchOf(EXEC_RULES.credentialRead);
  return null;
}

/** `ps e`, `ps auxe`, `ps eww`: BSD-style `e` prints every process's environment. */
function processEnvironment(cmd: ResolvedCommand): DangerousCommandMatch | null {
  if (cmd.name !== "ps") return null;
  const bsd = cmd.args.some((word) => /^[a-zA-Z]*e[a-zA-Z]*$/.test(word.text));
  const format = cmd.args.some(
    (word, i) =>
      /(?:^|,)environ?(?:,|$)/.test(word.text) &&
      /^-[a-zA-Z]*o$|^--format$|^o$/.test(cmd.args[i - 1]?.text ?? ""),
  );
  return bsd || format ? matchOf(RUNTIME_FILE_RULES.processEnvironment) : null;
}

// Programs whose copy under another name hides what runs, and names a copy must not shadow.
const DESTRUCTIVE_OR_SHELL =
  /^(?:rm|dd|shred|wipefs|mkfs(?:\.\w+)?|mv|chmod|chown|find|truncate|kill|pkill|killall|shutdown|reboot|halt|poweroff|sh|bash|dash|zsh|ksh|fish|busybox|toybox|sudo|su|doas|env|xargs|parted|sfdisk|fdisk|sgdisk|blkdiscard)$/;
const SHADOWED =
  /^(?:sudo|su|doas|ls|cat|cd|echo|git|ssh|scp|ls|cp|mv|rm|make|npm|npx|node|python[\d.]*|pip[\d.]*|bash|sh|env|which|ps|kill|grep|find|curl|wget|tar|docker|kubectl|hermes|hermes-agent)$/;
const COPIERS: ReadonlyMap<string, string> = new Map([
  ["cp", "tS"],
  ["ln", "tS"],
  ["install", "gmotS"],
  ["mv", "tS"],
  ["rsync", "e"],
]);

function family(name: string): string {
  return name.replace(/[\d.]+$/, "");
}

/** `cp /bin/rm bin/tidy`, `ln -s /bin/sh ./ls`, `install -m 755 ./x ~/bin/sudo`. */
function renamedProgram(cmd: ResolvedCommand): DangerousCommandMatch | null {
  let pairs: { source: Word; dest: string }[] = [];
  const withValue = COPIERS.get(cmd.name);
  if (withValue !== undefined) {
    const flags = parseFlags(cmd.args, {
      shortWithValue: withValue,
      longWithValue: ["target-directory", "mode", "owner", "group", "suffix"],
    });
    const target = flags.shortValues.get("t") ?? flags.long.get("target-directory");
    const operands = flags.operands;
    const sources = target === undefined ? operands.slice(0, -1) : operands;
    const dest = target ?? operands[operands.length - 1]?.text;
    if (dest === undefined || dest.includes(DYNAMIC)) return null;
    pairs = sources.map((source) => ({ source, dest }));
  } else if (cmd.name === "cat") {
    const output = cmd.source.redirects.find(
      (r) => r.op === ">" && (r.fd === null || r.fd === "1"),
    );
    const source = cmd.args.filter((word) => word.text !== "--");
    if (output?.target && !output.target.dynamic && source.length === 1 && source[0] !== undefined)
      pairs = [{ source: source[0], dest: output.target.text }];
  }
  for (const { source, dest } of pairs) {
    if (source.dynamic) continue;
    const from = commandBaseName(source.text);
    const into =
      dest.endsWith("/") || (!dest.includes("/") && dest === ".") ? from : commandBaseName(dest);
    const renamed = into !== from && family(into) !== family(from);
    if (renamed && DESTRUCTIVE_OR_SHELL.test(from) && /^\/|^~\//.test(source.text))
      return matchOf(RUNTIME_FILE_RULES.renamedProgram);
    if (renamed && SHADOWED.test(into) && /\/(?:s?bin|\.local\/bin)\/[^/]+$/.test(dest))
      return matchOf(RUNTIME_FILE_RULES.renamedProgram);
  }
  return null;
}

// Partitioning subcommands and options that destroy what is on the disk.
const DESTROYS_TABLE: ReadonlyMap<string, RegExp> = new Map([
  ["parted", /^(?:mklabel|mktable|rm)$/],
  ["sfdisk", /^(?:--delete|--wipe=always|-w)$/],
  ["mdadm", /^--zero-superblock$/],
  ["zpool", /^(?:labelclear|destroy)$/],
]);

function partitionTable(cmd: ResolvedCommand): DangerousCommandMatch | null {
  const destroys = DESTROYS_TABLE.get(cmd.name);
  if (destroys === undefined || !cmd.args.some((word) => destroys.test(word.text))) return null;
  const device = cmd.args.some(
    (word) => isBlockDevice(word.text) || (word.dynamic && !word.text.startsWith("-")),
  );
  return device || cmd.name === "zpool" ? matchOf(RUNTIME_FILE_RULES.partitionTable) : null;
}

/** Every rule of this file over one layer: the worst verdict. */
export const runtimeFileRules: CommandRule = (cmd) => {
  let found: DangerousCommandMatch | null = null;
  for (const check of [partitionTable, runtimeFiles, processEnvironment, renamedProgram]) {
    found = worse(found, check(cmd));
    if (found?.hardline) return found;
  }
  return found;
};

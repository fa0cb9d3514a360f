import {
  hasLong,
  parseFlags,
  type ResolvedCommand,
  type SimpleCommand,
  type Word,
} from "@hermes-agent/shell";
import { isBlockDevice, type WriteTargetKind } from "../paths.js";
import { writeKindOf } from "../session-paths.js";
import { matchOf, type CommandRule } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";

/** Rules about writing into sensitive places. */
export const WRITE_RULES: Readonly<
  Record<
    | "blockDevice"
    | "kernelControl"
    | "codeHook"
    | "system"
    | "credential"
    | "userConfig"
    | "projectConfig"
    | "network"
    | "inPlace"
    | "permissions"
    | "setuid"
    | "permsSystem"
    | "chownRoot"
    | "truncate"
    | "extract"
    | "diskRead",
    RuleInfo
  >
> = {
  blockDevice: rule("write-block-device", "write onto a raw block device", true),
  kernelControl: rule(
    "write-kernel-control",
    "write to a kernel control file (sysrq trigger, EFI variables): crashes or bricks the machine",
    true,
  ),
  codeHook: rule(
    "write-code-hook",
    "write of a file whose content runs later without asking (git config or hooks, husky, .pth)",
  ),
  system: rule("write-system-config", "write into /etc or another system path"),
  credential: rule("write-credentials", "overwrite of ssh keys, shell startup or credential files"),
  userConfig: rule(
    "write-user-tool-config",
    "write into the user's dotfiles, tool configuration or PATH directories (code that runs later, outside the task)",
  ),
  projectConfig: rule("write-project-config", "overwrite of a project .env or config.yaml"),
  network: rule(
    "network-redirect",
    "network redirection to /dev/tcp or /dev/udp (possible reverse shell)",
  ),
  inPlace: rule(
    "in-place-edit-sensitive",
    "in-place edit of a system, credential or shell-startup file",
  ),
  permissions: rule("chmod-world-writable", "world-writable permissions"),
  setuid: rule("chmod-setuid", "setuid/setgid bit set on a file"),
  permsSystem: rule(
    "chmod-chown-system",
    "ownership or permission change on a system or home path",
  ),
  chownRoot: rule("chown-recursive-root", "recursive chown to root"),
  truncate: rule("truncate-sensitive", "truncation of a system, log or credential file"),
  extract: rule(
    "extract-into-system",
    "archive extracted into the root, a system directory, the home directory or a credential directory",
  ),
  diskRead: rule("raw-disk-read", "raw copy from a block device"),
} as const;

const BY_KIND: Readonly<Record<WriteTargetKind, RuleInfo>> = {
  "block-device": WRITE_RULES.blockDevice,
  "kernel-control": WRITE_RULES.kernelControl,
  "code-hook": WRITE_RULES.codeHook,
  system: WRITE_RULES.system,
  credential: WRITE_RULES.credential,
  "user-config": WRITE_RULES.userConfig,
  "project-config": WRITE_RULES.projectConfig,
  network: WRITE_RULES.network,
};

/** The match for writing to `path`, if the target is sensitive. */
export function writeTargetMatch(path: string): DangerousCommandMatch | null {
  const kind = writeKindOf(path);
  return kind === null ? null : matchOf(BY_KIND[kind]);
}

/** Check every output redirection of a simple command. */
export function redirectMatch(cmd: SimpleCommand): DangerousCommandMatch | null {
  let found: DangerousCommandMatch | null = null;
  for (const redirect of cmd.redirects) {
    if (!redirect.op.includes(">") || redirect.target === null) continue;
    const target = redirect.target.text;
    if (redirect.op.endsWith("&") && /^[0-9-]+$/.test(target)) continue;
    const match = writeTargetMatch(target);
    if (match?.hardline) return match;
    found ??= match;
  }
  for (const redirect of cmd.redirects) {
    if (
      redirect.op === "<" &&
      redirect.target &&
      /^\/dev\/(?:tcp|udp)\//.test(redirect.target.text)
    )
      found ??= matchOf(WRITE_RULES.network);
  }
  return found;
}

function firstMatch(paths: readonly string[], info?: RuleInfo): DangerousCommandMatch | null {
  let found: DangerousCommandMatch | null = null;
  for (const path of paths) {
    const match = writeTargetMatch(path);
    if (match?.hardline) return match;
    if (match)
      found ??= info && match.patternKey !== WRITE_RULES.projectConfig.key ? matchOf(info) : match;
  }
  return found;
}

const texts = (words: readonly Word[]): string[] => words.map((word) => word.text);

const tee: CommandRule = (cmd) => firstMatch(texts(parseFlags(cmd.args).operands));

// Directories whose every file is run later (git hooks): a copy into one writes a file there.
const RUN_LATER_DIRECTORY = /(?:^|\/)\.git\/hooks\/?$/;

/** The paths a copy writes: `dest`, or `dest/<source name>` when dest is a directory. */
function intoDirectory(dest: string, sources: readonly string[]): string[] {
  if (!dest.endsWith("/") && !RUN_LATER_DIRECTORY.test(dest)) return [dest];
  const dir = dest.endsWith("/") ? dest : `${dest}/`;
  return [dest, ...sources.map((source) => dir + source.slice(source.lastIndexOf("/") + 1))];
}

const copy: CommandRule = (cmd) => {
  const flags = parseFlags(cmd.args, {
    shortWithValue: "tSmogeB",
    longWithValue: ["target-directory", "suffix", "mode", "owner", "group", "backup"],
  });
  // `install -m 4755 /bin/sh /tmp/x`: a copy that comes out setuid or setgid.
  const mode =
    cmd.name === "install" ? (flags.shortValues.get("m") ?? flags.long.get("mode")) : undefined;
  if (mode !== undefined && setuid(mode)) return matchOf(WRITE_RULES.setuid);
  const target = flags.shortValues.get("t") ?? flags.long.get("target-directory");
  const operands = texts(flags.operands).filter((text) => !/^[\w.-]+@?[\w.-]*:$/.test(text));
  if (target !== undefined) return firstMatch([target]);
  const dest = operands[operands.length - 1];
  if (dest === undefined || operands.length < 2) return null;
  const remote = /^[^/]*:/.exec(dest);
  const match = remote ? null : firstMatch(intoDirectory(dest, operands.slice(0, -1)));
  // `cp -n` never overwrites: creating a missing project .env is not an overwrite of one.
  const noClobber =
    flags.short.has("n") || flags.long.has("no-clobber") || flags.long.get("update") === "none";
  return noClobber && match?.patternKey === WRITE_RULES.projectConfig.key ? null : match;
};

const dd: CommandRule = (cmd) => {
  let found: DangerousCommandMatch | null = null;
  for (const word of cmd.args) {
    const [key, value = ""] = word.text.split(/=(.*)/s);
    if (key === "of") {
      const match = writeTargetMatch(value);
      if (match?.hardline) return match;
      found ??= match;
    } else if (key === "if" && isBlockDevice(value)) found ??= matchOf(WRITE_RULES.diskRead);
  }
  return found;
};

function inPlaceFiles(cmd: ResolvedCommand): string[] | null {
  const args = cmd.args;
  let inPlace = false;
  let scriptSeen = false;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text ?? "";
    if (text === "--in-place" || text.startsWith("--in-place=")) inPlace = true;
    else if (/^-[A-Za-z]+/.test(text) && !text.startsWith("--")) {
      const letters = text.slice(1);
      for (let j = 0; j < letters.length; j++) {
        const ch = letters.charAt(j);
        if (ch === "i") {
          inPlace = true;
          break;
        }
        if (ch === "e" || ch === "f" || (cmd.name === "sed" && ch === "l")) {
          if (j === letters.length - 1) i++;
          scriptSeen = true;
          break;
        }
      }
    } else if (text.startsWith("--expression") || text.startsWith("--file")) {
      scriptSeen = true;
      if (!text.includes("=")) i++;
    } else if (!text.startsWith("-")) {
      if (!scriptSeen && cmd.name === "sed") scriptSeen = true;
      else if (!scriptSeen && cmd.name !== "sed") scriptSeen = true;
      else files.push(text);
    }
  }
  return inPlace ? files : null;
}

const inPlaceEdit: CommandRule = (cmd) => {
  const files = inPlaceFiles(cmd);
  return files === null ? null : firstMatch(files, WRITE_RULES.inPlace);
};

function worldWritable(mode: string): boolean {
  if (/^[0-7]{3,4}$/.test(mode)) return "2367".includes(mode.charAt(mode.length - 1));
  return mode.split(",").some((clause) => /^[ugoa]*[oa][ugoa]*[+=][rwxXst]*w/.test(clause));
}

function setuid(mode: string): boolean {
  if (/^[0-7]{4}$/.test(mode)) return (Number(mode.charAt(0)) & 6) !== 0;
  return mode.split(",").some((clause) => /^[ugoa]*\+[rwxX]*s/.test(clause));
}

const permissions: CommandRule = (cmd) => {
  const flags = parseFlags(cmd.args, { longWithValue: ["reference"] });
  const recursive = flags.short.has("R") || hasLong(flags, "recursive", 3);
  const operands = texts(flags.operands);
  const chmod = cmd.name === "chmod";
  const spec = flags.long.has("reference") ? "" : (operands.shift() ?? "");
  if (chmod && worldWritable(spec)) return matchOf(WRITE_RULES.permissions);
  if (chmod && setuid(spec)) return matchOf(WRITE_RULES.setuid);
  if (!chmod && recursive && /^root(?:[:.]|$)/.test(spec)) return matchOf(WRITE_RULES.chownRoot);
  for (const path of operands) {
    const kind = writeKindOf(path);
    const top =
      /^(?:\/+|~\/?|\/home\/?|\/Users\/?|\/(?:etc|usr|var|bin|sbin|lib\w*|boot|root|opt|srv)\/?)$/.test(
        path,
      );
    if (
      top ||
      ((kind === "system" || kind === "block-device") &&
        (recursive || !chmod || !/^(?:[0-7]?[0-7][0-5][0-5]|[ugoa]*[-=][rwx]+)$/.test(spec)))
    ) {
      return matchOf(WRITE_RULES.permsSystem);
    }
  }
  return null;
};

const truncate: CommandRule = (cmd) => {
  const flags = parseFlags(cmd.args, {
    shortWithValue: "sr",
    longWithValue: ["size", "reference"],
  });
  for (const path of texts(flags.operands)) {
    const kind = writeKindOf(path);
    if (kind === "block-device") return matchOf(WRITE_RULES.blockDevice);
    if (kind !== null || /^\/var\/log\//.test(path)) return matchOf(WRITE_RULES.truncate);
  }
  return null;
};

const extract: CommandRule = (cmd) => {
  const joined = texts(cmd.args);
  const dirIndex = joined.findIndex(
    (text) => text === "-C" || text === "--directory" || text === "-d",
  );
  const dir =
    dirIndex >= 0
      ? joined[dirIndex + 1]
      : joined.find((text) => text.startsWith("--directory="))?.slice(12);
  if (dir === undefined) return null;
  const kind = writeKindOf(dir.endsWith("/") ? dir + "x" : dir + "/x");
  // Into the home directory itself, an archive's entries land on the dotfiles (`.bashrc`,
  // `.ssh/`) as they are; into a dotfile or credential directory, they replace its files.
  const home = /^(?:~|\/root|\/home\/[^/]+|\/Users\/[^/]+)\/?$/.test(dir);
  return kind === "system" ||
    kind === "credential" ||
    kind === "code-hook" ||
    home ||
    /^\/+$/.test(dir)
    ? matchOf(WRITE_RULES.extract)
    : null;
};

const download: CommandRule = (cmd) => {
  const flags = parseFlags(cmd.args, {
    shortWithValue: cmd.name === "curl" ? "oHdXuAeFTwrCmUEKbcxy" : "OPoaeUtTwQYBTlDI",
    longWithValue: ["output", "output-document", "header", "data", "request", "user"],
  });
  const out =
    cmd.name === "curl"
      ? (flags.shortValues.get("o") ?? flags.long.get("output"))
      : (flags.shortValues.get("O") ?? flags.long.get("output-document"));
  return out === undefined || out === "-" ? null : firstMatch([out]);
};

const BY_NAME: ReadonlyMap<string, CommandRule> = new Map([
  ["tee", tee],
  ["cp", copy],
  ["mv", copy],
  ["install", copy],
  ["ln", copy],
  ["rsync", copy],
  ["scp", copy],
  ["dd", dd],
  ["sed", inPlaceEdit],
  ["gsed", inPlaceEdit],
  ["perl", inPlaceEdit],
  ["ruby", inPlaceEdit],
  ["chmod", permissions],
  ["chown", permissions],
  ["chgrp", permissions],
  ["truncate", truncate],
  [
    "chattr",
    (cmd) =>
      firstMatch(
        texts(cmd.args).filter(
          (text) => !/^[-+=][aAcCdDeFijPsStTux]+$/.test(text) && text !== "-R",
        ),
        WRITE_RULES.permsSystem,
      ),
  ],
  [
    "setfacl",
    (cmd) =>
      firstMatch(
        texts(cmd.args).filter((text) => text.startsWith("/") || text.startsWith("~")),
        WRITE_RULES.permsSystem,
      ),
  ],
  [
    "find",
    // `find -fprintf FILE FORMAT`, `-fprint FILE`, `-fls FILE`: find writes FILE itself.
    (cmd) => {
      const args = texts(cmd.args);
      for (let i = 0; i < args.length - 1; i++)
        if (/^-f(?:printf|print0?|ls)$/.test(args[i] ?? "")) {
          const match = writeTargetMatch(args[i + 1] ?? "");
          if (match !== null) return match;
        }
      return null;
    },
  ],
  ["tar", extract],
  ["unzip", extract],
  ["curl", download],
  ["wget", download],
  ["sponge", tee],
]);

/** Write rules dispatched by command name. */
export const writeRules: CommandRule = (cmd, ctx) => BY_NAME.get(cmd.name)?.(cmd, ctx) ?? null;

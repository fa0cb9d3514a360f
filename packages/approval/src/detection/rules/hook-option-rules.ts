// Programs that run a command given in an option or as their operands, read over their own
// option tables: `tcpdump -z` (run on each saved file, often as root), apt `-o` invoke hooks,
// `dpkg --pre-invoke`, file watchers (`entr`, `nodemon --exec`, `watchexec`, `reflex`),
// `sg GROUP CMD`, `cmake -E rm` / `cmake -P` scripts, `fd -x`, and `npx`/`npm exec` of a
// package fetched from a URL or git host. A static command is analysed as shell; a script
// path or a value built at run time is held, since what it runs cannot be seen.
import {
  readOptions,
  staticWord,
  type OptionTable,
  type ResolvedCommand,
  type SimpleCommand,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, worse, type CommandRule, type RuleContext } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { EXEC_RULES, payloadMatch } from "./exec-rules.js";
import { stdinText } from "./tool-exec-rules.js";

type Match = DangerousCommandMatch | null;

/** Rules for hooks that run a script whose contents are not visible. */
export const HOOK_RULES: Readonly<Record<"script", RuleInfo>> = {
  script: rule(
    "option-runs-script",
    "program option runs a script or program whose contents are not visible (tcpdump -z, apt/dpkg hooks)",
  ),
} as const;

/** A command line given as one word: analysed, and held when it only names a script. */
function hookLine(word: Word, ctx: RuleContext, safePrograms: RegExp | null): Match {
  const inner = payloadMatch([word], ctx);
  if (inner !== null || safePrograms === null) return inner;
  const program = word.text.trim().split(/\s+/)[0] ?? "";
  return safePrograms.test(program.replace(/^.*\//, "")) ? null : matchOf(HOOK_RULES.script);
}

function argvMatch(words: readonly Word[], ctx: RuleContext): Match {
  if (words.length === 0) return null;
  const synthetic: SimpleCommand = { assignments: [], words, redirects: [], upstream: [] };
  return ctx.analyseCommand(synthetic);
}

const TCPDUMP: OptionTable = {
  shortWithValue: "BcCDEFGiIjmMrsTVwWyzZQ",
  longWithValue: [
    "count",
    "interface",
    "snapshot-length",
    "time-stamp-type",
    "direction",
    "relinquish-privileges",
    "micro",
    "nano",
  ],
};
const COMPRESSORS = /^(?:gzip|bzip2|xz|zstd|lz4|pigz|pbzip2|lzma|lzop|brotli)$/;

function tcpdump(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, TCPDUMP);
  let found: Match = null;
  for (const option of read.options)
    if (option.name === "z" && option.valueWord !== null)
      found = worse(
        found,
        hookLine({ ...option.valueWord, text: option.value ?? "" }, ctx, COMPRESSORS),
      );
  return found;
}

// apt configuration keys whose values are command lines run by apt or dpkg.
const APT_HOOK_KEYS =
  /(?:^|::)(?:Pre-Invoke|Post-Invoke|Post-Invoke-Success|Pre-Install-Pkgs|Tools::Options|Dir::Bin::[\w-]+|Methods::[\w-]+|Proxy-Auto-Detect|Dir::Bin::dpkg)(?:::.*)?$|^DPkg::(?:Pre|Post)-Invoke|^APT::Update::|^Acquire::[\w-]+::Proxy-Auto-Detect$/i;

function aptHooks(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, {
    shortWithValue: "octqdtS",
    longWithValue: ["option", "config-file", "target-release", "host-architecture"],
  });
  let found: Match = null;
  for (const option of read.options) {
    if ((option.name !== "o" && option.name !== "option") || option.valueWord === null) continue;
    const value = option.value ?? "";
    const eq = value.indexOf("=");
    const key = eq < 0 ? value : value.slice(0, eq);
    if (!APT_HOOK_KEYS.test(key.replace(/::$/, ""))) continue;
    found = worse(
      found,
      hookLine({ ...option.valueWord, text: value.slice(eq + 1) }, ctx, null) ??
        matchOf(HOOK_RULES.script),
    );
  }
  return found;
}

function dpkgHooks(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, {
    longWithValue: [
      "pre-invoke",
      "post-invoke",
      "admindir",
      "root",
      "instdir",
      "log",
      "status-fd",
      "force",
    ],
  });
  let found: Match = null;
  for (const option of read.options)
    if (
      (option.name === "pre-invoke" || option.name === "post-invoke") &&
      option.valueWord !== null
    )
      found = worse(
        found,
        hookLine({ ...option.valueWord, text: option.value ?? "" }, ctx, null) ??
          matchOf(HOOK_RULES.script),
      );
  return found;
}

/** File watchers: `entr [-s] CMD`, `nodemon --exec CMD`, `watchexec [-s] -- CMD`, ... */
function watcher(cmd: ResolvedCommand, ctx: RuleContext): Match {
  switch (cmd.name) {
    case "entr": {
      const read = readOptions(cmd.args, { posix: true, short: "acdnprsz" });
      const shell = read.options.some((o) => o.name === "s");
      const words = read.operands.map((word) =>
        word.text === "/_" ? { ...word, dynamic: true } : word,
      );
      return shell ? payloadMatch(words.slice(0, 1), ctx) : argvMatch(words, ctx);
    }
    case "nodemon":
    case "ts-node-dev":
    case "chokidar":
    case "watchman-make":
    case "onchange":
    case "reflex":
    case "watchexec": {
      const read = readOptions(cmd.args, {
        shortWithValue:
          cmd.name === "chokidar" ? "cdt" : cmd.name === "watchexec" ? "ewfdr" : "xwe",
        longWithValue: [
          "exec",
          "command",
          "run",
          "watch",
          "ext",
          "ignore",
          "delay",
          "signal",
          "filter",
          "exts",
          "config",
          "regex",
          "glob",
        ],
      });
      let found: Match = null;
      for (const option of read.options)
        if (/^(?:x|c|exec|command|run)$/.test(option.name) && option.valueWord !== null)
          found = worse(
            found,
            payloadMatch([{ ...option.valueWord, text: option.value ?? "" }], ctx),
          );
      const at = cmd.args.findIndex((word) => word.text === "--");
      if (at >= 0) found = worse(found, argvMatch(cmd.args.slice(at + 1), ctx));
      else if (cmd.name === "watchexec" && read.operands.length > 0)
        found = worse(
          found,
          payloadMatch([staticWord(read.operands.map((w) => w.text).join(" "))], ctx),
        );
      return found;
    }
    default:
      return null;
  }
}

/** `sg GROUP CMD` / `sg GROUP -c CMD`: the command string is run by `/bin/sh -c`. */
function sg(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const words = cmd.args.filter((word) => word.text !== "-c" && word.text !== "-");
  const body = words.slice(1);
  if (body.length === 0) return null;
  return payloadMatch(
    [{ ...(body[0] as Word), text: body.map((word) => word.text).join(" ") }],
    ctx,
  );
}

/** `cmake -E rm -rf X`, `cmake -E remove_directory X`, `cmake -P script` reading stdin. */
function cmake(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const texts = cmd.args.map((word) => word.text);
  const at = texts.indexOf("-E");
  if (at >= 0) {
    const tool = texts[at + 1] ?? "";
    const rest = cmd.args.slice(at + 2);
    if (/^(?:rm|remove|remove_directory|rmdir)$/.test(tool)) {
      const flags = tool === "remove_directory" || tool === "rmdir" ? [staticWord("-rf")] : [];
      return argvMatch([staticWord("rm"), ...flags, ...rest], ctx);
    }
    return null;
  }
  const script = texts.indexOf("-P");
  if (script < 0) return null;
  const file = texts[script + 1] ?? "";
  const text = /^\/dev\/stdin$|^-$/.test(file) ? stdinText(cmd.source) : null;
  if (text === null) return null;
  let found: Match = null;
  for (const call of text.matchAll(/execute_process\s*\(\s*COMMAND\s+([^)]*)\)/gi))
    found = worse(found, ctx.analyseText(call[1] ?? ""));
  return found;
}

/** `fd PATTERN PATH -x CMD` / `-X CMD`: CMD runs on each match under PATH. */
function fd(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const texts = cmd.args.map((word) => word.text);
  const at = texts.findIndex((text) => /^(?:-x|--exec|-X|--exec-batch)$/.test(text));
  if (at < 0) return null;
  const before = readOptions(cmd.args.slice(0, at), {
    shortWithValue: "tdeEcjSoTg",
    longWithValue: [
      "type",
      "max-depth",
      "min-depth",
      "extension",
      "exclude",
      "color",
      "threads",
      "size",
      "owner",
      "changed-within",
      "changed-before",
      "base-directory",
      "search-path",
      "max-results",
      "format",
    ],
  });
  const roots = before.operands.slice(1);
  const root = roots[0] ?? staticWord(".");
  // Each match is some file under the root: judged as the glob that could name any of them.
  const found = `${root.text.replace(/\/$/, "")}/*`;
  const body = cmd.args.slice(at + 1);
  const end = body.findIndex((word) => word.text === ";" || word.text === "\\;");
  const words = (end < 0 ? body : body.slice(0, end)).map((word) =>
    /\{[/.\w]*\}/.test(word.text)
      ? { ...word, text: word.text.replace(/\{[/.\w]*\}/g, found), glob: true }
      : word,
  );
  const placeholder = body.some((word) => /\{[/.\w]*\}/.test(word.text));
  return argvMatch(placeholder ? words : [...words, { ...root, text: found, glob: true }], ctx);
}

// Package specs fetched and run at once: git hosts, URLs and tarballs.
const REMOTE_SPEC =
  /^(?:github:|gitlab:|bitbucket:|gist:|git\+|git:\/\/|https?:\/\/|[\w.-]+@[\w.-]+:)|\.(?:tgz|tar\.gz)$/;

function npxRemote(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  if (cmd.name === "npm" && !texts.some((text) => text === "exec" || text === "x")) return null;
  const read = readOptions(cmd.args, {
    shortWithValue: "pc",
    longWithValue: ["package", "call", "registry", "cache"],
  });
  const specs = [
    ...read.options.filter((o) => o.name === "p" || o.name === "package").map((o) => o.value ?? ""),
    ...read.operands
      .map((word) => word.text)
      .filter((text) => text !== "exec" && text !== "x")
      .slice(0, 1),
  ];
  return specs.some((spec) => REMOTE_SPEC.test(spec)) ? matchOf(EXEC_RULES.remoteExec) : null;
}

// Programs `scp -S`, `sftp -S` and `rsync -e` are meant to name: ssh and its stand-ins.
const TRANSPORTS =
  /^(?:ssh|autossh|sshpass|rsh|dbclient|mosh|tsh|gcloud|aws|az|kubectl|oc|docker|podman|nerdctl|lxc|incus|ssh-[\w-]+|tailscale|teleport)$/;

/** `scp -S /tmp/fake-ssh`, `rsync -e ./wrapper`: the transport is a program nobody can see. */
function transport(cmd: ResolvedCommand): Match {
  const read =
    cmd.name === "rsync"
      ? readOptions(cmd.args, { shortWithValue: "eBTfM", longWithValue: ["rsh", "rsync-path"] })
      : readOptions(cmd.args, { shortWithValue: "cDFiJloPSX" });
  for (const option of read.options) {
    if (!/^(?:S|e|rsh)$/.test(option.name) || option.valueWord === null) continue;
    if (option.valueWord.dynamic) continue;
    const program = (option.value ?? "").trim().split(/\s+/)[0] ?? "";
    if (program !== "" && !TRANSPORTS.test(program.replace(/^.*\//, "")))
      return matchOf(HOOK_RULES.script);
  }
  return null;
}

/** `nmap --script ./x.nse`: a local NSE script is Lua that may run anything (`os.execute`). */
function nmapScript(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, {
    shortWithValue: "psoeiDSgb",
    longWithValue: [
      "script",
      "script-args",
      "script-args-file",
      "datadir",
      "top-ports",
      "min-rate",
      "max-rate",
    ],
  });
  const scripts = read.options.filter((o) => o.name === "script" || o.name === "datadir");
  return scripts.some(
    (o) =>
      o.name === "datadir" ||
      /\/|\.nse$|\.lua$/.test(o.value ?? "") ||
      (o.valueWord?.dynamic ?? false),
  )
    ? matchOf(HOOK_RULES.script)
    : null;
}

/** Hook and watcher rules dispatched by command name. */
export const hookOptionRules: CommandRule = (cmd, ctx) => {
  switch (cmd.name) {
    case "tcpdump":
      return tcpdump(cmd, ctx);
    case "nmap":
      return nmapScript(cmd);
    case "scp":
    case "sftp":
    case "rsync":
      return transport(cmd);
    case "apt":
    case "apt-get":
    case "aptitude":
      return aptHooks(cmd, ctx);
    case "dpkg":
      return dpkgHooks(cmd, ctx);
    case "sg":
      return sg(cmd, ctx);
    case "cmake":
      return cmake(cmd, ctx);
    case "fd":
    case "fdfind":
      return fd(cmd, ctx);
    case "npx":
    case "npm":
    case "pnpx":
    case "bunx":
      return npxRemote(cmd);
    default:
      return watcher(cmd, ctx);
  }
};

import {
  commandBaseName,
  isWrapper,
  optionValues,
  readOptions,
  type OptionTable,
  type ResolvedCommand,
  type Word,
} from "@hermes-agent/shell";
import { activeSession } from "../command-context.js";
import { matchOf, worse, type CommandRule, type RuleContext } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { RUNTIME_EVAL } from "./code-capabilities.js";
import { EXEC_RULES, SHELLS } from "./exec-rules.js";
import { COMMAND_SETTING, GIT_RULES } from "./git-rules.js";
import { codeMatch, inlineCode } from "./interpreter-rules.js";
import { languageOf, SHELL_CALLS } from "./interpreter-languages.js";
import { scriptFileMatch } from "./script-files.js";

/**
 * Forms that run code without naming it as a command: bash's `mapfile -C` callback, code an
 * interpreter one-liner takes from its arguments or environment, git settings given through
 * `GIT_CONFIG_*` variables, scripts run or sourced from files, and a program this analyser
 * does not know whose operands read as a dangerous command line.
 */
export const RUN_FORM_RULES: { readonly argumentCode: RuleInfo } = {
  argumentCode: rule(
    "code-from-arguments",
    "interpreter evaluates code taken from its arguments or environment, which is not known here",
  ),
} as const;

const MAPFILE_OPTIONS: OptionTable = { shortWithValue: "dnOsuCc" };

/** `mapfile -C CALLBACK`: bash evaluates the callback (with an index and a line appended). */
function mapfileCallback(cmd: ResolvedCommand, ctx: RuleContext): DangerousCommandMatch | null {
  if (cmd.name !== "mapfile" && cmd.name !== "readarray") return null;
  let found: DangerousCommandMatch | null = null;
  for (const option of optionValues(readOptions(cmd.args, MAPFILE_OPTIONS), "C")) {
    if (option.valueWord?.dynamic) return matchOf(EXEC_RULES.dynamicPayload);
    found = worse(found, ctx.analyseText(`${option.value ?? ""} 0 line`));
  }
  return found;
}

// Code reading its own arguments or environment: `sys.argv`, `process.argv`, `@ARGV`, `ENV[...]`.
const ARGUMENT_READ =
  /\bsys\s*\.\s*argv\b|\bprocess\s*\.\s*argv\b|@ARGV|\$ARGV\s*\[|\bARGV\b|\$argv\b|\bos\s*\.\s*(?:environ|getenv)\b|\bprocess\s*\.\s*env\b|\$ENV\s*\{|\bENV\s*\[|\bgetenv\s*\(|\bshift\b/;

/**
 * `python3 -c "import sys; exec(sys.argv[1])" CODE`, `perl -e 'system @ARGV' rm -rf x`: when
 * the one-liner evaluates or runs what it reads from its arguments or environment, those are
 * the payload, judged as code of the language and as a shell line.
 */
function argumentCode(cmd: ResolvedCommand, ctx: RuleContext): DangerousCommandMatch | null {
  const language = languageOf(cmd.name);
  if (language === null || language === "awk") return null;
  const code = inlineCode(cmd, language);
  if (code === null) return null;
  const runs = (text: string): boolean =>
    ARGUMENT_READ.test(text) &&
    (RUNTIME_EVAL.test(text) || new RegExp(SHELL_CALLS[language].source).test(text));
  if (!code.some(runs)) return null;
  const last = cmd.args.findLastIndex((word) => code.includes(word.text));
  const payloads: Word[] = [
    ...cmd.args.slice(last + 1),
    ...cmd.source.assignments.map((assignment) => assignment.value),
  ];
  let found: DangerousCommandMatch | null = null;
  const argv = cmd.args.slice(last + 1);
  // `system @ARGV`, `subprocess.run(sys.argv[1:])`: the arguments together are one command.
  if (argv.length > 1 && argv.every((word) => !word.dynamic))
    found = ctx.analyseCommand({ assignments: [], words: argv, redirects: [], upstream: [] });
  for (const payload of payloads) {
    if (payload.dynamic) {
      found = worse(found, matchOf(RUN_FORM_RULES.argumentCode));
      continue;
    }
    found = worse(
      found,
      worse(codeMatch(payload.text, language, ctx), ctx.analyseText(payload.text)),
    );
    if (found?.hardline) return found;
  }
  return found;
}

const CONFIG_KEY = /^GIT_CONFIG_KEY_(\d+)$/;

/** Settings the environment gives git: assignments, `env K=V git`, the session's exports. */
function gitEnvironment(cmd: ResolvedCommand): Map<string, Word> {
  const settings = new Map<string, Word>();
  for (const [name, value] of activeSession()?.environment ?? [])
    if (name.startsWith("GIT_CONFIG_"))
      settings.set(name, {
        text: value,
        dynamic: false,
        glob: false,
        substitutions: [],
        processSubstitution: false,
      });
  for (const { name, value } of cmd.source.assignments) settings.set(name, value);
  for (const word of cmd.source.words) {
    const eq = word.text.indexOf("=");
    if (eq > 0 && /^GIT_CONFIG_/.test(word.text))
      settings.set(word.text.slice(0, eq), { ...word, text: word.text.slice(eq + 1) });
  }
  return settings;
}

/**
 * `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0='!cmd' git x` is `git -c`:
 * a setting whose value git runs is judged as the command it runs.
 */
function gitConfigEnvironment(
  cmd: ResolvedCommand,
  ctx: RuleContext,
): DangerousCommandMatch | null {
  if (cmd.name !== "git") return null;
  const settings = gitEnvironment(cmd);
  let found: DangerousCommandMatch | null = null;
  for (const [name, key] of settings) {
    const index = CONFIG_KEY.exec(name)?.[1];
    if (index === undefined) continue;
    const value = settings.get(`GIT_CONFIG_VALUE_${index}`);
    if (key.dynamic) found = worse(found, matchOf(GIT_RULES.configCommand));
    if (key.dynamic || value === undefined || !COMMAND_SETTING.test(key.text)) continue;
    found = worse(
      found,
      value.dynamic
        ? matchOf(GIT_RULES.configCommand)
        : ctx.analyseText(value.text.replace(/^!/, "")),
    );
  }
  const parameters = settings.get("GIT_CONFIG_PARAMETERS");
  if (parameters !== undefined)
    for (const entry of parameters.text.matchAll(/'([^'=]+)'='([^']*)'|'([^'=]+)=([^']*)'/g)) {
      const key = entry[1] ?? entry[3] ?? "";
      if (COMMAND_SETTING.test(key))
        found = worse(found, ctx.analyseText((entry[2] ?? entry[4] ?? "").replace(/^!/, "")));
    }
  return found;
}

// Programs whose operands are data, or that have rules of their own for what they run.
const NOT_RUNNERS: ReadonlySet<string> = new Set(
  (
    "echo printf man info help which whereis whatis apropos tldr type grep egrep fgrep rg ag ack " +
    "alias unalias hash complete compgen declare typeset local export readonly unset read test [ [[ " +
    "true false : history fc jobs wait bg fg disown cd pushd popd ls cat less more head tail wc sort " +
    "uniq cut tr sed awk tee diff cmp file stat touch mkdir basename dirname realpath readlink " +
    "trap eval exec command builtin apt apt-get apt-cache dpkg yum dnf zypper pacman apk brew port " +
    "pip pip3 pipx npm yarn pnpm cargo go gem snap flatpak conda mamba git svn hg docker podman " +
    "nerdctl kubectl oc helm ssh scp sftp mosh rsync tmux screen make cmake ninja bazel gradle mvn " +
    "ansible ansible-playbook terraform vagrant systemctl service journalctl crontab at batch " +
    "script expect gdb lldb strace ltrace valgrind perf time timeout watch nohup xargs find " +
    "parallel sudo doas su env nice ionice chroot kill pkill killall logger notify-send say " +
    "jq yq xmllint column fold fmt nl rev tac base64 xxd od hexdump strings md5sum sha1sum " +
    "sha256sum sha512sum cksum gzip gunzip zip unzip tar bzip2 xz zstd 7z lsof ps pgrep top htop " +
    "date cal sleep seq yes expr bc dc factor id whoami groups hostname uname uptime free df du"
  ).split(" "),
);

// Command words that begin a line worth judging when an unknown program is given them.
const TAIL_STARTS: ReadonlySet<string> = new Set(
  (
    "rm rmdir dd shred wipefs mkfs mv chmod chown chgrp find truncate sh bash dash zsh ksh fish " +
    "sudo doas env eval parted fdisk sfdisk sgdisk " +
    "crontab iptables nft systemctl python python3 perl ruby node php curl wget"
  ).split(" "),
);
const MAX_TAILS = 2;

/**
 * A program this analyser knows nothing about (`frobnicate rm -rf /etc`) may run its operands:
 * an operand that is a known command word starts a line judged as that command.
 */
function unknownProgramTail(cmd: ResolvedCommand, ctx: RuleContext): DangerousCommandMatch | null {
  const name = cmd.name;
  if (
    NOT_RUNNERS.has(name) ||
    isWrapper(name) ||
    SHELLS.has(name) ||
    languageOf(name) !== null ||
    cmd.nameWord.dynamic ||
    name.startsWith("mkfs")
  )
    return null;
  let tails = 0;
  let found: DangerousCommandMatch | null = null;
  for (let i = 0; i < cmd.args.length && tails < MAX_TAILS; i++) {
    const word = cmd.args[i] as Word;
    if (word.dynamic || word.text.includes("=")) continue;
    const base = commandBaseName(word.text);
    if (!TAIL_STARTS.has(base) && !/^mkfs\.\w+$/.test(base)) continue;
    if (i + 1 >= cmd.args.length && !SHELLS.has(base)) continue;
    tails++;
    found = worse(
      found,
      ctx.analyseCommand({
        assignments: [],
        words: cmd.args.slice(i),
        redirects: [],
        upstream: cmd.source.upstream,
      }),
    );
    if (found?.hardline) return found;
  }
  return found;
}

/** Every rule of this file over one layer: the worst verdict. */
export const runFormRules: CommandRule = (cmd, ctx) => {
  let found = mapfileCallback(cmd, ctx);
  for (const check of [argumentCode, gitConfigEnvironment, scriptFileMatch, unknownProgramTail]) {
    if (found?.hardline) return found;
    found = worse(found, check(cmd, ctx));
  }
  return found;
};

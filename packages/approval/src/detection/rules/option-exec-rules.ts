// Options that make an ordinary program run another program or a shell string
// (`tar --to-command=...`, `rg --pre ...`, `ssh -o ProxyCommand=...`, `vim -c ':!...'`).
// A static operand is analysed like a `-c` payload; a dynamic one, or a globbed option word
// that could expand to such an option, is flagged.
import { matchOf, worse, type CommandRule, type RuleContext } from "../rule-context.js";
import { vimWriteMatch } from "./editor-writes.js";
import { stdinText } from "@hermes-agent/shell";
import { DYNAMIC, type ResolvedCommand, type Word } from "@hermes-agent/shell";
import { globToRegExp } from "../paths.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { codeMatch } from "./interpreter-rules.js";
import type { Language } from "./code-capabilities.js";
import { gdbAction, lldbAction } from "./debugger-commands.js";

/** Rules for commands run through another program's options or environment. */
export const OPTION_EXEC_RULES: Readonly<
  Record<"dynamic" | "dataAsCode" | "globbed" | "envCommand", RuleInfo>
> = {
  dynamic: rule(
    "option-command-dynamic",
    "program option that runs a command is given a command built at run time",
  ),
  dataAsCode: rule(
    "option-runs-shell-on-data",
    "program option runs a shell or interpreter on its data (file or archive contents become code)",
  ),
  globbed: rule(
    "option-glob-exec",
    "unquoted glob or brace word may expand to an option that runs a command or deletes",
  ),
  envCommand: rule(
    "env-command-dynamic",
    "environment variable that names a command to run (pager, editor, ssh) is built at run time",
  ),
} as const;

/** How an option's value is run: as a shell string, or as an editor/debugger command line. */
type Dialect = "shell" | "vim" | "gdb" | "lldb" | "less" | "lessopen";

interface OptionSpec {
  /** Options taking the command as the next word or after `=` (long) / attached (short). */
  readonly options: readonly string[];
  /** `-o Key=value` style options whose keys name a command (ssh). */
  readonly keyed?: { readonly option: string; readonly keys: RegExp };
  /** Option words that are whole commands after a prefix (`+:!cmd` for vim). */
  readonly plusCommand?: boolean;
  readonly dialect: Dialect;
}

const SSH_KEYS = /^(?:proxycommand|localcommand|knownhostscommand|remotecommand)$/i;

const PROGRAMS: ReadonlyMap<string, OptionSpec> = new Map<string, OptionSpec>([
  [
    "tar",
    {
      options: [
        "--to-command",
        "--use-compress-program",
        "-I",
        "--info-script",
        "--new-volume-script",
        "-F",
        "--rsh-command",
      ],
      dialect: "shell",
    },
  ],
  ["bsdtar", { options: ["--use-compress-program", "-I"], dialect: "shell" }],
  ["rg", { options: ["--pre", "--hostname-bin"], dialect: "shell" }],
  ["sort", { options: ["--compress-program"], dialect: "shell" }],
  ["man", { options: ["-P", "--pager", "--html", "-H"], dialect: "shell" }],
  ["ag", { options: ["--pager"], dialect: "shell" }],
  ["rsync", { options: ["-e", "--rsh", "--rsync-path"], dialect: "shell" }],
  ["zip", { options: ["-TT", "--unzip-command"], dialect: "shell" }],
  ["ssh", { options: [], keyed: { option: "-o", keys: SSH_KEYS }, dialect: "shell" }],
  ["scp", { options: ["-S"], keyed: { option: "-o", keys: SSH_KEYS }, dialect: "shell" }],
  ["sftp", { options: ["-S"], keyed: { option: "-o", keys: SSH_KEYS }, dialect: "shell" }],
  ["less", { options: [], plusCommand: true, dialect: "less" }],
  [
    "gdb",
    {
      options: [
        "-ex",
        "--ex",
        "-eval-command",
        "--eval-command",
        "-iex",
        "--iex",
        "-init-eval-command",
        "--init-eval-command",
      ],
      dialect: "gdb",
    },
  ],
  [
    "lldb",
    {
      options: ["-o", "--one-line", "-O", "--one-line-before-file", "-k", "--one-line-on-crash"],
      dialect: "lldb",
    },
  ],
]);
const VIM: OptionSpec = { options: ["-c", "--cmd"], plusCommand: true, dialect: "vim" };
const VIMS = /^(?:vim?|nvim|gvim|view|vimdiff|ex|rvim|mvim|nvi|elvis|vimx)$/;

/** Environment variables whose value is a command line the program runs. */
const COMMAND_ENV =
  /^(?:PAGER|GIT_PAGER|MANPAGER|SYSTEMD_PAGER|BAT_PAGER|DELTA_PAGER|GH_PAGER|PSQL_PAGER|MYSQL_PAGER|GIT_SSH_COMMAND|GIT_SSH|GIT_EDITOR|GIT_SEQUENCE_EDITOR|EDITOR|VISUAL|SUDO_EDITOR|GIT_EXTERNAL_DIFF|GIT_ASKPASS|SSH_ASKPASS|SUDO_ASKPASS|RSYNC_RSH|LESSOPEN|LESSCLOSE|BROWSER|FCEDIT|PROMPT_COMMAND|BASH_ENV|ENV)$/;

/** Analyse a command string given in dialect `dialect`. */
function runStringMatch(
  text: string,
  dialect: Dialect,
  ctx: RuleContext,
): DangerousCommandMatch | null {
  let shell: string | null = text;
  if (dialect === "vim") {
    // `:lua CODE`, `:py3 CODE`, `:perl CODE`, `:ruby CODE`: the editor's embedded interpreters.
    const embedded = vimEmbeddedCode(text);
    if (embedded !== null) return codeMatch(embedded.code, embedded.language, ctx);
    // Ex commands: `:!cmd`, `:r !cmd`, `:w !cmd`, `:silent !cmd`, `:%!cmd`, `:call system('...')`.
    const bang = /^[\s:]*(?:sil(?:ent)?!?\s*)?(?:[%.$\d,]*|r(?:ead)?\s*|w(?:rite)?\s*)!(.*)$/s.exec(
      text,
    );
    const call = /\b(?:system|systemlist|jobstart|termopen)\s*\(\s*(['"])(.*?)\1/s.exec(text);
    const term = /^[\s:]*(?:ter(?:minal)?)\s+(.+)$/s.exec(text);
    shell = bang?.[1] ?? call?.[2] ?? term?.[1] ?? null;
  } else if (dialect === "gdb" || dialect === "lldb") {
    const action = dialect === "gdb" ? gdbAction(text) : lldbAction(text);
    if (action !== null && "code" in action) return codeMatch(action.code, action.language, ctx);
    shell = action?.shell ?? null;
  } else if (dialect === "less") {
    shell = /^\+?[:\s]*[!|](.*)$/s.exec(text)?.[1] ?? null;
  } else if (dialect === "lessopen") {
    shell = text.replace(/^\|{1,2}-?/, "").replace(/%s/g, "file");
  }
  if (shell === null || shell.trim() === "") return null;
  const match = ctx.analyseText(shell);
  if (
    match === null &&
    dialect !== "vim" &&
    dialect !== "gdb" &&
    dialect !== "lldb" &&
    shell.split(/\|\|?|&&|;/).some(readsDataAsCode)
  )
    return matchOf(OPTION_EXEC_RULES.dataAsCode);
  return match;
}

const VIM_INTERPRETERS: Readonly<Record<string, Language>> = {
  lua: "lua",
  py: "python",
  py3: "python",
  python: "python",
  python3: "python",
  pyx: "python",
  pythonx: "python",
  perl: "perl",
  ruby: "ruby",
  rub: "ruby",
};

function vimEmbeddedCode(text: string): { code: string; language: Language } | null {
  const m =
    /^[\s:]*(?:sil(?:ent)?!?\s+)?(lua|py3?|python3?|pyx|pythonx|perl|ruby?|rub)\s+([\s\S]+)$/.exec(
      text,
    );
  const language = m === null ? undefined : VIM_INTERPRETERS[m[1] ?? ""];
  return m === null || language === undefined ? null : { code: m[2] ?? "", language };
}

const CODE_RUNNERS =
  /^(?:[\w./-]*\/)?(?:(?:ba|da|z|k|c|tc|mk|a)?sh|fish|python[\d.]*|perl|ruby|node|php|lua|tclsh|osascript|pwsh|powershell|source|eval)$/;

/** A command line that is just a shell or interpreter (no `-c`/`-e` code): it runs its input. */
function readsDataAsCode(command: string): boolean {
  const words = command.trim().split(/\s+/);
  const first = words[0] ?? "";
  const program = first === "env" || first === "exec" ? (words[1] ?? "") : first;
  if (!CODE_RUNNERS.test(program)) return false;
  return !words.some((word) => /^-[a-zA-Z]*[ceE]$|^--(?:command|eval)$/.test(word));
}

function valueMatch(word: Word, value: string, dialect: Dialect, ctx: RuleContext) {
  if (word.dynamic && value.includes(DYNAMIC)) return matchOf(OPTION_EXEC_RULES.dynamic);
  return runStringMatch(value, dialect, ctx);
}

/** A globbed or brace-built option word that could expand into a dangerous option. */
function globbedOption(word: Word, dangerous: readonly string[]): boolean {
  if (!word.glob || !/^-[^/]*[*?[]/.test(word.text)) return false;
  const pattern = globToRegExp(word.text);
  return dangerous.some((option) => pattern.test(option));
}

const FIND_DANGEROUS = ["-delete", "-exec", "-execdir", "-ok", "-okdir", "-fprint", "-fls"];

function optionValues(
  cmd: ResolvedCommand,
  spec: OptionSpec,
  ctx: RuleContext,
): DangerousCommandMatch | null {
  const args = cmd.args;
  let found: DangerousCommandMatch | null = null;
  const names = [...spec.options, ...(spec.keyed ? [spec.keyed.option] : [])];
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    const text = word.text;
    if (text === "--") break;
    if (globbedOption(word, names)) return matchOf(OPTION_EXEC_RULES.globbed);
    let value: { word: Word; text: string } | null = null;
    for (const option of spec.options) {
      if (text === option) {
        const next = args[i + 1];
        if (next !== undefined) value = { word: next, text: next.text };
        i++;
      } else if (option.startsWith("--") && text.startsWith(`${option}=`)) {
        value = { word, text: text.slice(option.length + 1) };
      } else if (!option.startsWith("--") && option.length === 2 && text.startsWith(option)) {
        value = { word, text: text.slice(2) };
      } else if (
        option.length === 2 &&
        /^-[a-zA-Z]+$/.test(text) &&
        text.endsWith(option[1] ?? "")
      ) {
        // A bundle ending in the option letter (`rsync -avze ssh`): the value is the next word.
        const next = args[i + 1];
        if (next !== undefined) value = { word: next, text: next.text };
        i++;
      } else continue;
      break;
    }
    if (value === null && spec.keyed && text.startsWith(spec.keyed.option)) {
      const setting = text === spec.keyed.option ? (args[++i]?.text ?? "") : text.slice(2);
      const eq = setting.search(/[=\s]/);
      if (eq > 0 && spec.keyed.keys.test(setting.slice(0, eq)))
        value = { word: args[i] ?? word, text: setting.slice(eq + 1).replace(/^[=\s]+/, "") };
    }
    if (value === null && spec.plusCommand && text.startsWith("+") && text.length > 1)
      value = { word, text: text.slice(1) };
    if (value === null) continue;
    const match = valueMatch(value.word, value.text, spec.dialect, ctx);
    if (match?.hardline) return match;
    found ??= match;
  }
  return found;
}

/** `tar --checkpoint-action=exec=CMD`: the action value carries the command. */
function tarCheckpoint(cmd: ResolvedCommand, ctx: RuleContext): DangerousCommandMatch | null {
  for (let i = 0; i < cmd.args.length; i++) {
    const word = cmd.args[i] as Word;
    let action: string | null = null;
    let source = word;
    if (word.text.startsWith("--checkpoint-action=")) action = word.text.slice(20);
    else if (word.text === "--checkpoint-action" && cmd.args[i + 1]) {
      source = cmd.args[i + 1] as Word;
      action = source.text;
    }
    if (action === null) continue;
    const exec = /^exec=(.*)$/s.exec(action);
    if (exec === null) {
      if (source.dynamic && action.includes(DYNAMIC)) return matchOf(OPTION_EXEC_RULES.dynamic);
      continue;
    }
    return valueMatch(source, exec[1] ?? "", "shell", ctx);
  }
  return null;
}

/**
 * The verdict for setting a variable whose value a program runs as a command (`PAGER`,
 * `GIT_SSH_COMMAND`, `LESSOPEN`, ...): its command line analysed, held when built at run
 * time; null for any other variable.
 */
export function commandVariableMatch(
  name: string,
  value: Word,
  ctx: RuleContext,
): DangerousCommandMatch | null {
  if (!COMMAND_ENV.test(name)) return null;
  if (value.dynamic && value.text.includes(DYNAMIC)) return matchOf(OPTION_EXEC_RULES.envCommand);
  const dialect: Dialect = name === "LESSOPEN" || name === "LESSCLOSE" ? "lessopen" : "shell";
  return runStringMatch(value.text, dialect, ctx);
}

function envCommandMatch(cmd: ResolvedCommand, ctx: RuleContext): DangerousCommandMatch | null {
  let found: DangerousCommandMatch | null = null;
  for (const { name, value } of cmd.source.assignments) {
    const match = commandVariableMatch(name, value, ctx);
    if (match?.hardline) return match;
    found ??= match;
  }
  return found;
}

const PARALLEL_WITH_VALUE =
  /^(?:-[jSINnPdaEXL]|--(?:jobs|sshlogin|colsep|delimiter|arg-file|joblog|results|timeout|tmpdir|env|max-args|max-replace-args|replace|workdir|basefile|return|transfer-file|halt|memfree|load|delay|retries|tag-string|tagstring|header))$/;
const PARALLEL_PLACEHOLDER = /\{(?:\d+)?(?:\.|\/|\/\/|\/\.|#|%)?\}/g;
const PARALLEL_PLACEHOLDER_TEST = new RegExp(PARALLEL_PLACEHOLDER.source);

/**
 * GNU parallel without a command template runs each input item as a command line: the `:::`
 * arguments, or the lines of stdin or of `::::` files (unknown here, so held).
 */
function parallelCommandsMatch(
  cmd: ResolvedCommand,
  sources: readonly Word[],
  ctx: RuleContext,
): DangerousCommandMatch | null {
  if (sources.some((word) => /^::::\+?$/.test(word.text)))
    return matchOf(OPTION_EXEC_RULES.dynamic);
  const items = sources.filter((word) => !/^:::\+?$/.test(word.text));
  const input = items.length > 0 ? null : stdinText(cmd.source);
  if (items.length === 0 && input === null) {
    // Only input that is really fed to it (a pipe, a redirection) is run.
    const fed =
      cmd.source.upstream.length > 0 ||
      cmd.source.redirects.some((r) => r.op.startsWith("<") && (r.fd === null || r.fd === "0"));
    return fed ? matchOf(OPTION_EXEC_RULES.dynamic) : null;
  }
  let found: DangerousCommandMatch | null = null;
  const lines = input === null ? items.map((word) => word.text) : input.split("\n");
  for (const [index, line] of lines.entries()) {
    const word = items[index];
    const match =
      word !== undefined && word.dynamic && word.text.includes(DYNAMIC)
        ? matchOf(OPTION_EXEC_RULES.dynamic)
        : line.trim() === ""
          ? null
          : ctx.analyseText(line);
    if (match?.hardline) return match;
    found ??= match;
  }
  return found;
}

/** GNU parallel runs its command template through a shell with `{}` replaced by each item. */
function parallelMatch(cmd: ResolvedCommand, ctx: RuleContext): DangerousCommandMatch | null {
  const args = cmd.args;
  let i = 0;
  while (i < args.length && (args[i]?.text ?? "").startsWith("-") && args[i]?.text !== "-")
    i += PARALLEL_WITH_VALUE.test(args[i]?.text ?? "") ? 2 : 1;
  const template: Word[] = [];
  for (; i < args.length && !/^::::?\+?$/.test(args[i]?.text ?? ""); i++)
    template.push(args[i] as Word);
  if (template.length === 0) return parallelCommandsMatch(cmd, args.slice(i), ctx);
  if (template.some((word) => word.dynamic && word.text.includes(DYNAMIC)))
    return matchOf(OPTION_EXEC_RULES.dynamic);
  // `::::` reads items from files: they are unknown here.
  const fromFiles = args.slice(i).some((word) => /^::::\+?$/.test(word.text));
  const items = fromFiles ? [] : args.slice(i + 1).filter((word) => !/^:::\+?$/.test(word.text));
  const text = template.map((word) => word.text).join(" ");
  const candidates =
    items.length > 0 && items.length <= 8 && items.every((word) => !word.dynamic)
      ? items.map((word) => word.text)
      : ['"$PARALLEL_ITEM"'];
  let found: DangerousCommandMatch | null = null;
  for (const item of candidates) {
    const line =
      text.includes("{") && PARALLEL_PLACEHOLDER_TEST.test(text)
        ? text.replace(PARALLEL_PLACEHOLDER, () => item)
        : `${text} ${item}`;
    const match = ctx.analyseText(line);
    if (match?.hardline) return match;
    found ??= match;
  }
  return found;
}

/** Programs whose options or environment hand a command line to a shell. */
export const optionExecRules: CommandRule = (cmd, ctx) => {
  // Assignments apply to the outermost layer only; judge them once.
  const env = cmd.via.length === 0 ? envCommandMatch(cmd, ctx) : null;
  if (env?.hardline) return env;
  const name = cmd.name;
  let found: DangerousCommandMatch | null = null;
  if (name === "parallel") {
    found = parallelMatch(cmd, ctx);
  } else if (name === "find") {
    if (cmd.args.some((word) => globbedOption(word, FIND_DANGEROUS)))
      found = matchOf(OPTION_EXEC_RULES.globbed);
  } else {
    const spec = VIMS.test(name) ? VIM : PROGRAMS.get(name);
    if (spec !== undefined) found = optionValues(cmd, spec, ctx);
    if (spec === VIM && !found?.hardline) found = worse(found, vimWriteMatch(cmd));
    if (name === "tar" && !found?.hardline) found = found ?? tarCheckpoint(cmd, ctx);
  }
  if (found?.hardline) return found;
  return env ?? found;
};

import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import {
  DYNAMIC,
  isSimple,
  type ResolvedCommand,
  type Script,
  type SimpleCommand,
  type Stage,
  stageOutput,
  type Word,
} from "@hermes-agent/shell";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { joinedWithinBudget } from "../alias-expansion.js";

/** Rules about running code the analyser cannot see. */
export const EXEC_RULES: Readonly<
  Record<
    | "dynamicCommand"
    | "remotePipe"
    | "decodePipe"
    | "dynamicPipe"
    | "processSubstitution"
    | "dynamicPayload"
    | "remoteExec"
    | "reverseShell"
    | "exfiltration"
    | "credentialRead"
    | "nesting",
    RuleInfo
  >
> = {
  dynamicCommand: rule(
    "dynamic-command-word",
    "command name built at run time (variable, substitution, glob or decoding) may hide a dangerous command",
  ),
  remotePipe: rule("pipe-remote-to-shell", "remote content piped into a shell or interpreter"),
  decodePipe: rule(
    "decode-and-execute",
    "decoded or transformed content executed by a shell (possible obfuscation)",
  ),
  dynamicPipe: rule("pipe-dynamic-to-shell", "generated content piped into a shell or interpreter"),
  processSubstitution: rule(
    "exec-process-substitution",
    "shell or source running a process substitution (remote or generated script)",
  ),
  dynamicPayload: rule(
    "dynamic-shell-payload",
    "shell, eval or interpreter payload built at run time",
  ),
  remoteExec: rule("download-and-execute", "downloaded file executed"),
  reverseShell: rule("reverse-shell", "network tool spawning a shell (possible reverse shell)"),
  exfiltration: rule(
    "credential-exfiltration",
    "ssh keys or credential files sent over the network",
  ),
  credentialRead: rule(
    "credential-read",
    "private key or credential file printed (secret disclosure)",
  ),
  nesting: rule("nesting-too-deep", "command nests shells too deeply to analyse"),
} as const;

/** Shells whose script can come from `-c`, stdin or a file. */
export const SHELLS: ReadonlySet<string> = new Set([
  "sh",
  "bash",
  "zsh",
  "ksh",
  "dash",
  "ash",
  "mksh",
  "yash",
  "fish",
  "csh",
  "tcsh",
  "rbash",
  "posh",
  "oksh",
  "loksh",
  "pdksh",
]);
const DOWNLOADERS =
  /^(?:curl|wget|fetch|aria2c|http|https|xh|lwp-request|lynx|links|w3m|ftp|tftp|nc|ncat|netcat|socat|scp|sftp|rsync|ssh|gh|iwr|invoke-webrequest|wget2|curlie|httpie|axel|openssl|powershell|pwsh)$/;
const DECODERS =
  /^(?:base64|base32|basenc|xxd|od|openssl|gzip|gunzip|zcat|bzip2|bunzip2|bzcat|xz|unxz|xzcat|zstd|unzstd|lz4|uudecode|rev|tr|sed|awk|perl|python\d*(?:\.\d+)?|printf|echo|python|ruby|node|iconv|recode|gpg|uncompress|tac|cut)$/;
// Output of these is environment setup or completion code: evaluating it is ordinary work.
const ENV_GENERATORS =
  /^(?:ssh-agent|gpg-agent|pyenv|rbenv|nodenv|jenv|goenv|plenv|direnv|starship|zoxide|fnm|mise|rtx|rbenv|brew|conda|micromamba|mamba|opam|dircolors|thefuck|atuin|keychain|luarocks|pip|poetry|register-python-argcomplete|kubectl|helm|gh|npm|rustup|asdf|tmuxinator|navi|fzf|mcfly|oh-my-posh|pdm|uv|pixi|devbox|nix-direnv|dbus-launch|resize|locale|aws-vault|op|flux|minikube|docker-machine|podman-machine|colima|jump|pnpm|deno|bun|volta|hub|sccache|vcpkg|rye|hatch|just|task|cargo|gcloud|az|terraform)$/;

/** Lowercased basename of a pipeline stage's command word ("" for compound stages). */
export function stageName(stage: Stage): string {
  if (!isSimple(stage)) return "";
  const first = stage.words[0]?.text ?? "";
  return first.slice(first.lastIndexOf("/") + 1).toLowerCase();
}

function allStageNames(stage: Stage): string[] {
  if (isSimple(stage)) {
    const names = [stageName(stage)];
    // `sudo curl`, `env X=1 wget`: look one wrapper deep.
    const second = stage.words[1]?.text ?? "";
    if (
      /^(?:sudo|env|command|nice|timeout|doas|busybox|proxychains4?|torsocks|exec)$/.test(
        names[0] ?? "",
      )
    ) {
      for (const word of stage.words.slice(1))
        if (!word.text.startsWith("-") && !word.text.includes("=")) {
          names.push(word.text.slice(word.text.lastIndexOf("/") + 1).toLowerCase());
          break;
        }
    }
    void second;
    return names;
  }
  return stage.commands.map((cmd) => stageName(cmd));
}

function scriptRunsDownloader(scripts: readonly Script[]): boolean {
  return scripts.some((script) =>
    script.commands.some((cmd) => allStageNames(cmd).some((name) => DOWNLOADERS.test(name))),
  );
}

function scriptIsGenerator(scripts: readonly Script[]): boolean {
  return (
    scripts.length > 0 &&
    scripts.every(
      (script) =>
        script.commands.length > 0 &&
        script.commands.every((cmd) => {
          const names = allStageNames(cmd);
          const name = names[names.length - 1] ?? "";
          return (
            ENV_GENERATORS.test(name) ||
            (cmd.words.some((word) =>
              /^(?:completion|completions|shellenv|init|hook|env|activate|shell-init|--completion.*)$/.test(
                word.text,
              ),
            ) &&
              !DOWNLOADERS.test(name))
          );
        }),
    )
  );
}

/** Classify code that arrives on stdin from a pipeline, for a shell or interpreter. */
export function pipedCodeMatch(
  source: SimpleCommand,
  ctx: RuleContext,
  asShell: boolean,
): DangerousCommandMatch | null {
  const upstream = source.upstream;
  const last = upstream[upstream.length - 1];
  if (last === undefined) return null;
  const names = upstream.flatMap(allStageNames);
  if (names.some((name) => DOWNLOADERS.test(name))) return matchOf(EXEC_RULES.remotePipe);
  const output = stageOutput(last);
  if (output !== null) {
    const inner = asShell ? ctx.analyseText(output) : null;
    const decoded = names.some((name) =>
      /^(?:base64|base32|basenc|xxd|openssl|gzip|gunzip|zcat|bzip2|xz|uudecode|rev|tr)$/.test(name),
    );
    if (inner?.hardline) return inner;
    if (decoded) return matchOf(EXEC_RULES.decodePipe);
    return asShell ? inner : null;
  }
  if (names.some((name) => DECODERS.test(name))) return matchOf(EXEC_RULES.decodePipe);
  const producer = isSimple(last) ? last : null;
  if (
    producer &&
    stageName(producer) === "cat" &&
    producer.upstream.length === 0 &&
    producer.words.length > 1 &&
    producer.words.slice(1).every((word) => !word.dynamic)
  )
    return null;
  return matchOf(EXEC_RULES.dynamicPipe);
}

/** Classify code given to a shell through `<`, here-docs or here-strings. */
export function redirectedCodeMatch(
  source: SimpleCommand,
  ctx: RuleContext,
): DangerousCommandMatch | null | undefined {
  for (const redirect of source.redirects) {
    if (redirect.heredoc !== null) return ctx.analyseText(redirect.heredoc);
    if (redirect.op === "<<<" && redirect.target) {
      if (redirect.target.dynamic) return matchOf(EXEC_RULES.dynamicPayload);
      return ctx.analyseText(redirect.target.text);
    }
    if (redirect.op === "<&" && (redirect.fd === null || redirect.fd === "0")) {
      // Stdin duplicated from another descriptor: what it holds was opened elsewhere.
      const from = redirect.target?.text ?? "";
      const opened = source.redirects.find((other) => other.fd === from && other !== redirect);
      if (from === "-") return null;
      if (opened === undefined) return matchOf(EXEC_RULES.dynamicPipe);
      return redirectedCodeMatch({ ...source, redirects: [{ ...opened, fd: null }] }, ctx);
    }
    if (redirect.op === "<" && redirect.target) {
      if (redirect.target.processSubstitution || redirect.target.text.startsWith(DYNAMIC))
        return processSubstitutionMatch(redirect.target);
      if (/^\/dev\/(?:tcp|udp)\//.test(redirect.target.text))
        return matchOf(EXEC_RULES.reverseShell);
      return null;
    }
  }
  return undefined;
}

/** A shell reading a process substitution or dynamic path as its script. */
export function processSubstitutionMatch(word: Word): DangerousCommandMatch | null {
  if (scriptRunsDownloader(word.substitutions)) return matchOf(EXEC_RULES.remotePipe);
  if (scriptIsGenerator(word.substitutions)) return null;
  return matchOf(EXEC_RULES.processSubstitution);
}

/** `eval` and `bash -c` payloads: analyse when static, judge by producer when not. */
export function payloadMatch(
  words: readonly Word[],
  ctx: RuleContext,
): DangerousCommandMatch | null {
  if (words.length === 0) return null;
  const decoded = words
    .flatMap((word) => word.substitutions)
    .some((script) =>
      script.commands.some((cmd) =>
        allStageNames(cmd).some((name) =>
          /^(?:base64|base32|basenc|xxd|openssl|gunzip|zcat|rev|uudecode)$/.test(name),
        ),
      ),
    );
  if (decoded) {
    const inner = words.some((word) => word.dynamic)
      ? null
      : ctx.analyseText(joinedWithinBudget(words.map((word) => word.text)));
    return inner?.hardline ? inner : matchOf(EXEC_RULES.decodePipe);
  }
  if (words.some((word) => word.dynamic)) {
    const subs = words.flatMap((word) => word.substitutions);
    if (scriptRunsDownloader(subs)) return matchOf(EXEC_RULES.remotePipe);
    if (
      subs.some((script) =>
        script.commands.some((cmd) =>
          allStageNames(cmd).some((name) =>
            /^(?:base64|base32|xxd|openssl|gzip|gunzip|zcat|rev|uudecode)$/.test(name),
          ),
        ),
      )
    )
      return matchOf(EXEC_RULES.decodePipe);
    if (
      subs.length > 0 &&
      scriptIsGenerator(subs) &&
      words.every((word) => !word.dynamic || word.substitutions.length > 0)
    )
      return null;
    return matchOf(EXEC_RULES.dynamicPayload);
  }
  return ctx.analyseText(joinedWithinBudget(words.map((word) => word.text)));
}

const NETCAT = /^(?:nc|ncat|netcat|nc\.traditional|nc\.openbsd)$/;

const networkShell: CommandRule = (cmd) => {
  if (
    NETCAT.test(cmd.name) &&
    cmd.args.some(
      (word) =>
        /^-\w*[ec]/.test(word.text) ||
        word.text === "--exec" ||
        word.text === "--sh-exec" ||
        word.text === "--lua-exec",
    )
  )
    return matchOf(EXEC_RULES.reverseShell);
  if (
    cmd.name === "socat" &&
    cmd.args.some(
      (word) =>
        /(?:^|,|:)(?:exec|system):/i.test(word.text) || /^(?:exec|system):/i.test(word.text),
    )
  )
    return matchOf(EXEC_RULES.reverseShell);
  if (
    (NETCAT.test(cmd.name) ||
      cmd.name === "telnet" ||
      cmd.name === "socat" ||
      cmd.name === "openssl") &&
    cmd.source.upstream.some((stage) => allStageNames(stage).some((name) => SHELLS.has(name)))
  )
    return matchOf(EXEC_RULES.reverseShell);
  return null;
};

/** True when the command word could name any program (variable, substitution, glob). */
export function isDynamicCommandWord(cmd: ResolvedCommand): boolean {
  const text = cmd.nameWord.text;
  const base = text.slice(text.lastIndexOf("/") + 1);
  if (cmd.nameWord.dynamic && base.includes(DYNAMIC)) return true;
  return cmd.nameWord.glob && base !== "[" && base !== "[[" && /[*?[]/.test(base);
}

/** Exec-style rules for one layer. */
export const execRules: CommandRule = (cmd, ctx) => networkShell(cmd, ctx);

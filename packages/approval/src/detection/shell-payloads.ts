import { DYNAMIC, type ResolvedCommand, type Word } from "@hermes-agent/shell";
import { matchOf, worse, type RuleContext } from "./rule-context.js";
import {
  EXEC_RULES,
  SHELLS,
  payloadMatch,
  pipedCodeMatch,
  processSubstitutionMatch,
  redirectedCodeMatch,
} from "./rules/exec-rules.js";
import type { DangerousCommandMatch } from "./types.js";

const SHELL_OPTION_WITH_VALUE = /^(?:[-+]o|-O|\+O|--rcfile|--init-file)$/;
const SSH_WITH_VALUE = /^-[bcDEeFIiJLlmOoPpQRSWw]$/;

/** A script operand produced by a process or command substitution (not a plain variable path). */
function isGeneratedScript(word: Word): boolean {
  return (
    word.processSubstitution || (word.text.startsWith(DYNAMIC) && word.substitutions.length > 0)
  );
}

function stdinCode(cmd: ResolvedCommand, ctx: RuleContext): DangerousCommandMatch | null {
  const redirected = redirectedCodeMatch(cmd.source, ctx);
  if (redirected !== undefined) return redirected;
  return pipedCodeMatch(cmd.source, ctx, true);
}

// A script path that names an open file descriptor: `/dev/stdin`, `/dev/fd/3`, `/proc/self/fd/0`.
const FD_PATH = /^\/(?:dev\/(?:stdin$|fd\/(\d+)$)|proc\/(?:self|\d+)\/fd\/(\d+)$)/;

/**
 * The code a shell reads from a descriptor path: stdin for descriptor 0, what a redirection on
 * the same command opened for another one (`3<<<CODE`), and unknown code otherwise.
 */
function descriptorCode(
  cmd: ResolvedCommand,
  path: string,
  ctx: RuleContext,
): DangerousCommandMatch | null | undefined {
  const match = FD_PATH.exec(path);
  if (match === null) return undefined;
  const fd = match[1] ?? match[2] ?? "0";
  if (fd === "0") return stdinCode(cmd, ctx);
  const own = cmd.source.redirects.find((redirect) => redirect.fd === fd);
  if (own === undefined) return matchOf(EXEC_RULES.dynamicPipe);
  const redirected = redirectedCodeMatch({ ...cmd.source, redirects: [{ ...own, fd: null }] }, ctx);
  return redirected === undefined ? matchOf(EXEC_RULES.dynamicPipe) : redirected;
}

function shellMatch(cmd: ResolvedCommand, ctx: RuleContext): DangerousCommandMatch | null {
  const args = cmd.args;
  let command = false;
  let stdin = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    const text = word.text;
    if (SHELL_OPTION_WITH_VALUE.test(text)) {
      i++;
      continue;
    }
    if (text === "--" || text === "-") {
      if (text === "-") stdin = true;
      continue;
    }
    if (/^[-+][A-Za-z]+$/.test(text)) {
      // Read a bundle the way bash does: each `o` or `O` in it takes the next argument
      // (`bash -lO extglob -lc CMD`, `+lO`, `-lo posix`), `c` and `s` set their modes.
      const letters = text.slice(1);
      // An option that takes a value in the middle of a bundle (`-Oextglob`) is not something
      // to guess about: every later word is read as a possible payload.
      if (/[oO]./.test(letters)) {
        let found: DangerousCommandMatch | null = null;
        for (const later of args.slice(i + 1)) found = worse(found, payloadMatch([later], ctx));
        return found;
      }
      for (const letter of letters) {
        if (letter === "o" || letter === "O") i++;
        else if (letter === "c" && text.startsWith("-")) command = true;
        else if (letter === "s" && text.startsWith("-")) stdin = true;
      }
      continue;
    }
    if (text.startsWith("--")) continue;
    if (command) return payloadMatch([word], ctx);
    if (isGeneratedScript(word)) return processSubstitutionMatch(word);
    const fromDescriptor = descriptorCode(cmd, text, ctx);
    if (fromDescriptor !== undefined) return fromDescriptor;
    if (stdin) break;
    return null;
  }
  if (command) return null;
  return stdinCode(cmd, ctx);
}

function sourceMatch(cmd: ResolvedCommand, ctx: RuleContext): DangerousCommandMatch | null {
  const file = cmd.args[0];
  if (file === undefined) return null;
  if (isGeneratedScript(file)) return processSubstitutionMatch(file);
  if (file.text === "-") return stdinCode(cmd, ctx);
  const fromDescriptor = descriptorCode(cmd, file.text, ctx);
  if (fromDescriptor !== undefined) return fromDescriptor;
  if (/^https?:/.test(file.text)) return matchOf(EXEC_RULES.remotePipe);
  return null;
}

function dashCPayload(cmd: ResolvedCommand, ctx: RuleContext): DangerousCommandMatch | null {
  const index = cmd.args.findIndex((word) =>
    /^(?:-c|--command|--session-command)$/.test(word.text),
  );
  const payload = index < 0 ? undefined : cmd.args[index + 1];
  if (payload === undefined) {
    const attached = cmd.args.find((word) => /^--command=/.test(word.text));
    return attached ? ctx.analyseText(attached.text.slice(10)) : null;
  }
  return payloadMatch([payload], ctx);
}

function sshMatch(cmd: ResolvedCommand, ctx: RuleContext): DangerousCommandMatch | null {
  const args = cmd.args;
  let i = 0;
  while (i < args.length && (args[i]?.text ?? "").startsWith("-"))
    i += SSH_WITH_VALUE.test(args[i]?.text ?? "") ? 2 : 1;
  // `ssh host -- cmd`: a `--` after the host only ends ssh's options.
  const remote = args.slice(args[i + 1]?.text === "--" ? i + 2 : i + 1);
  if (remote.length === 0) return stdinCode(cmd, ctx);
  return payloadMatch(remote, ctx);
}

// PowerShell's parameters that name the code to run (matched case-insensitively, by prefix).
const PWSH_CODE =
  /^-(?:c|co|com|comm|comma|comman|command|f|fi|fil|file|e|ec|en|enc|encodedcommand)$/i;
const PWSH_WITH_VALUE =
  /^-(?:wd|workingdirectory|ex|executionpolicy|o|outputformat|inputformat|if|settingsfile|config\w*|windowstyle|w|psconsolefile|version|v|custompipename|mta|sta)$/i;

/** `curl URL | pwsh -Command -`, `pwsh -File -`, `| pwsh -NoProfile`: commands read from stdin. */
function powershellReadsStdin(cmd: ResolvedCommand): boolean {
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text ?? "";
    if (text === "-") return true;
    if (PWSH_CODE.test(text)) return args[i + 1]?.text === "-";
    if (PWSH_WITH_VALUE.test(text)) i++;
    else if (!text.startsWith("-")) return false;
  }
  return true;
}

/** Re-analyse code a command hands to a shell: `-c` strings, eval, here-docs, piped scripts. */
export function shellPayloadMatch(
  cmd: ResolvedCommand,
  ctx: RuleContext,
): DangerousCommandMatch | null {
  const name = cmd.name;
  if (SHELLS.has(name)) return shellMatch(cmd, ctx);
  switch (name) {
    case "eval":
      return payloadMatch(cmd.args, ctx);
    case "source":
    case ".":
      return sourceMatch(cmd, ctx);
    case "runuser":
    case "sg":
    case "script":
    case "flock":
    case "nix-shell":
      return name === "nix-shell"
        ? payloadMatch(
            cmd.args.filter(
              (_w, i) => cmd.args[i - 1]?.text === "--run" || cmd.args[i - 1]?.text === "--command",
            ),
            ctx,
          )
        : dashCPayload(cmd, ctx);
    case "ssh":
      return sshMatch(cmd, ctx);
    case "watch": {
      // Options end at the first operand; everything after it is the command, whatever it
      // looks like (`watch -n 5 kubectl delete pods -n prod`).
      let i = 0;
      while (
        i < cmd.args.length &&
        /^-/.test(cmd.args[i]?.text ?? "") &&
        cmd.args[i]?.text !== "--"
      )
        i += /^(?:-[a-zA-Z]*[nq]|--interval|--equexit)$/.test(cmd.args[i]?.text ?? "") ? 2 : 1;
      if (cmd.args[i]?.text === "--") i++;
      return payloadMatch(cmd.args.slice(i), ctx);
    }
    case "env": {
      const split = cmd.args.findIndex((word) => /^(?:-S|--split-string)$/.test(word.text));
      const attached = cmd.args.find(
        (word) => /^-S./.test(word.text) || word.text.startsWith("--split-string="),
      );
      if (attached) return ctx.analyseText(attached.text.replace(/^-S|^--split-string=/, ""));
      return split < 0 ? null : payloadMatch(cmd.args.slice(split + 1), ctx);
    }
    case "trap": {
      // The handler runs later (on exit, on a signal, before every command for DEBUG): it is
      // judged like any other command. `trap -p`/`-l` and `trap - SIG` only list or reset.
      const operands = cmd.args.filter(
        (word) => word.text !== "--" && (!/^-[lp]*$/.test(word.text) || word.text === "-"),
      );
      const handler = operands[0];
      if (handler === undefined || operands.length < 2 || handler.text === "-") return null;
      return payloadMatch([handler], ctx);
    }
    case "at":
    case "batch":
      return stdinCode(cmd, ctx);
    case "pwsh":
    case "powershell":
      return powershellReadsStdin(cmd) ? stdinCode(cmd, ctx) : null;
    case "sudo":
    case "doas":
    case "su": {
      // `sudo -s`, `sudo -i`, `su -` with no command start a root shell that reads stdin.
      const shell = cmd.args.some((word) =>
        /^-[a-zA-Z]*[si]$|^--(?:shell|login)$|^-$/.test(word.text),
      );
      const operand = cmd.args.some(
        (word, i) =>
          !word.text.startsWith("-") &&
          !/^-[ugCp]$|^--(?:user|group)$/.test(cmd.args[i - 1]?.text ?? "") &&
          !(name === "su" && i === cmd.args.length - 1),
      );
      return (shell || name === "su") && !operand && !cmd.args.some((word) => word.text === "-c")
        ? stdinCode(cmd, ctx)
        : name === "su"
          ? dashCPayload(cmd, ctx)
          : null;
    }
    case "alias": {
      let found: DangerousCommandMatch | null = null;
      for (const word of cmd.args) {
        const eq = word.text.indexOf("=");
        if (eq > 0) found ??= ctx.analyseText(word.text.slice(eq + 1));
      }
      return found;
    }
    default:
      return null;
  }
}

import {
  hasOption,
  optionValues,
  readOptions,
  SUDO_OPTIONS,
  type OptionTable,
  type ResolvedCommand,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { SHELLS, payloadMatch } from "./exec-rules.js";

/** Rules about gaining root or capabilities. */
export const ESCALATION_RULES: Readonly<Record<"rootShell" | "capability", RuleInfo>> = {
  rootShell: rule(
    "privilege-root-shell",
    "interactive shell or interpreter started with elevated privileges (sudo -i/-s, su, pkexec sh)",
  ),
  capability: rule(
    "privilege-capability-grant",
    "file capabilities granted to a program (setcap: possible privilege escalation)",
  ),
} as const;

const PRIVILEGED = new Set([
  "sudo",
  "doas",
  "pkexec",
  "su",
  "run0",
  "runuser",
  "sudo-rs",
  "please",
]);
const INTERPRETERS =
  /^(?:python[\d.]*|perl[\d.]*|ruby|irb|node|nodejs|php[\d.]*|lua[\d.]*|tclsh|wish|expect|gdb|ipython3?|bpython|rlwrap|busybox)$/;

/** su's and runuser's option table (util-linux). */
const SU_OPTIONS: OptionTable = {
  shortWithValue: "cgGswu",
  longWithValue: [
    "command",
    "session-command",
    "group",
    "supp-group",
    "shell",
    "whitelist-environment",
    "user",
  ],
  long: ["login", "preserve-environment", "pty", "help", "version", "fast", "nohup"],
};

const SHELL_OPTIONS: OptionTable = { shortWithValue: "oO", longWithValue: ["rcfile", "init-file"] };

/** True when a shell or interpreter layer reads commands from the terminal (no code, no script). */
function interactive(cmd: ResolvedCommand): boolean {
  if (!SHELLS.has(cmd.name) && !INTERPRETERS.test(cmd.name)) return false;
  const read = readOptions(cmd.args, SHELL_OPTIONS);
  if (hasOption(read, "c", "e", "E", "r", "eval", "command", "m")) return false;
  if (read.operands.length > 0 && cmd.name !== "busybox") return false;
  if (cmd.name === "busybox")
    return read.operands.length === 1 && SHELLS.has(read.operands[0]?.text ?? "");
  const source = cmd.source;
  return source.upstream.length === 0 && source.redirects.every((r) => !r.op.startsWith("<"));
}

function sudoMatch(cmd: ResolvedCommand, ctx: RuleContext): DangerousCommandMatch | null {
  const read = readOptions(cmd.args, SUDO_OPTIONS);
  if (!hasOption(read, "s", "i", "shell", "login")) return null;
  // `sudo -s CMD` runs `$SHELL -c 'CMD'`: the operands are one shell command line.
  if (read.operands.length === 0) return matchOf(ESCALATION_RULES.rootShell);
  const payload: Word = {
    ...(read.operands[0] as Word),
    text: read.operands.map((word) => word.text).join(" "),
    dynamic: read.operands.some((word) => word.dynamic),
  };
  return payloadMatch([payload], ctx);
}

function suMatch(cmd: ResolvedCommand, ctx: RuleContext): DangerousCommandMatch | null {
  const read = readOptions(cmd.args, SU_OPTIONS);
  const commands = optionValues(read, "c", "command", "session-command");
  if (commands.length === 0) {
    // runuser needs a command; su without one starts the target user's login shell.
    return cmd.name === "su" ? matchOf(ESCALATION_RULES.rootShell) : null;
  }
  let found: DangerousCommandMatch | null = null;
  for (const command of commands) {
    const word = command.valueWord;
    if (word === null) continue;
    const match = payloadMatch([{ ...word, text: command.value ?? "" }], ctx);
    if (match?.hardline) return match;
    found ??= match;
  }
  return found;
}

/** Root shells and capability grants. */
export const escalationRules: CommandRule = (cmd, ctx) => {
  switch (cmd.name) {
    case "sudo":
    case "sudo-rs":
      return sudoMatch(cmd, ctx);
    case "doas":
      return cmd.args.some((word) => /^-\w*s$/.test(word.text)) &&
        readOptions(cmd.args, { shortWithValue: "uC", posix: true }).operands.length === 0
        ? matchOf(ESCALATION_RULES.rootShell)
        : null;
    case "su":
    case "runuser":
      return suMatch(cmd, ctx);
    case "pkexec":
    case "run0":
      if (cmd.args.some((word) => /^(?:-h|--help|--version)$/.test(word.text))) return null;
      return readOptions(cmd.args, { posix: true, longWithValue: ["user"], shortWithValue: "uD" })
        .operands.length === 0
        ? matchOf(ESCALATION_RULES.rootShell)
        : null;
    case "setcap":
      return cmd.args.some((word) => word.text === "-v" || word.text === "-h")
        ? null
        : matchOf(ESCALATION_RULES.capability);
    case "find":
      if (!cmd.via.some((name) => PRIVILEGED.has(name))) return null;
      for (let i = 0; i < cmd.args.length; i++) {
        if (!/^-(?:exec|execdir|ok|okdir)$/.test(cmd.args[i]?.text ?? "")) continue;
        const payload = cmd.args[i + 1]?.text ?? "";
        const name = payload.slice(payload.lastIndexOf("/") + 1);
        const next = cmd.args[i + 2]?.text ?? ";";
        if (
          (SHELLS.has(name) || INTERPRETERS.test(name)) &&
          (next === ";" || next === "+" || next === "-p")
        )
          return matchOf(ESCALATION_RULES.rootShell);
      }
      return null;
    default:
      return cmd.via.some((name) => PRIVILEGED.has(name)) && interactive(cmd)
        ? matchOf(ESCALATION_RULES.rootShell)
        : null;
  }
};

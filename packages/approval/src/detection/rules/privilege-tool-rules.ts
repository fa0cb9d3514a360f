// Privilege tools other than sudo and su: `run0 CMD`, `pkexec CMD`, `doas CMD`, `machinectl
// shell`, `systemd-run --uid=0 ...`. Each runs its command as root (through polkit or doas.conf)
// whatever that command is, so the run itself is held; the wrapped command is judged as well by
// the wrapper rules. Plain `sudo <harmless>` and `su -c '<harmless>'` stay allowed, as in
// Hermes; asking a tool for its help or version is not a privileged run.
import { readOptions, type OptionTable, type ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";

type Match = DangerousCommandMatch | null;

const INFO_ONLY = /^(?:-h|--help|-V|--version|--list|-C)$/;

const RUN0: OptionTable = {
  posix: true,
  shortWithValue: "ugD",
  longWithValue: [
    "user",
    "group",
    "nice",
    "chdir",
    "setenv",
    "unit",
    "property",
    "description",
    "slice",
    "background",
    "shell-prompt-prefix",
  ],
  long: ["no-ask-password", "machine", "pty", "pipe"],
};
const SYSTEMD_RUN: OptionTable = {
  shortWithValue: "puMEH",
  longWithValue: [
    "unit",
    "property",
    "description",
    "slice",
    "uid",
    "gid",
    "nice",
    "working-directory",
    "setenv",
    "machine",
    "host",
    "on-calendar",
    "on-active",
    "on-boot",
  ],
  long: ["user", "system", "scope", "pty", "pipe", "wait", "shell", "quiet", "collect", "same-dir"],
};

const privileged = (): Match => matchOf(OPS_CLI_RULES.privilegedRun);

/** `systemd-run` as root: `--uid=0`, `-p User=root`, or a shell on the system manager. */
function systemdRun(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, SYSTEMD_RUN);
  const names = read.options.map((o) => o.name);
  if (names.includes("user")) return null;
  const rootUid = read.options.some(
    (o) =>
      (o.name === "uid" && /^(?:0|root)$/.test(o.value ?? "")) ||
      ((o.name === "p" || o.name === "property") && /^User=(?:0|root)$/.test(o.value ?? "")),
  );
  const shell = names.some((name) => /^(?:t|pty|S|shell)$/.test(name));
  return rootUid || shell ? privileged() : null;
}

/** Commands run as root by run0, pkexec, doas, machinectl and systemd-run. */
export const privilegeToolRule: CommandRule = (cmd) => {
  switch (cmd.name) {
    case "run0":
    case "pkexec":
    case "doas":
      // `doas -C FILE` only checks a configuration file.
      if (cmd.name === "doas" && cmd.args[0]?.text === "-C") return null;
      return cmd.args.length > 0 && cmd.args.every((word) => INFO_ONLY.test(word.text))
        ? null
        : privileged();
    case "machinectl": {
      const ops = readOptions(cmd.args, RUN0).operands.map((word) => word.text);
      return ops[0] === "shell" || ops[0] === "login" ? privileged() : null;
    }
    case "systemd-run":
      return systemdRun(cmd);
    default:
      return null;
  }
};

import { commandBaseName, DYNAMIC, hasLong, parseFlags, type Script } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { rule, type RuleInfo } from "../types.js";

/** Rules about processes, services and power state. */
export const PROCESS_RULES: Readonly<
  Record<"killAll" | "shutdown" | "killInit" | "broadKill" | "service" | "persistence", RuleInfo>
> = {
  killAll: rule("kill-all", "kill of every process (kill -1, killall5)", true),
  shutdown: rule("shutdown", "system shutdown, reboot, halt or poweroff", true),
  killInit: rule(
    "kill-init",
    "signal to PID 1, the own process group, or processes found by pgrep/pidof",
  ),
  broadKill: rule("kill-broad", "killing a broad set of processes (killall, pkill -9, pkill -u)"),
  service: rule("service-stop", "stop, restart, disable or mask of a system service"),
  persistence: rule(
    "service-persistence",
    "unit file, login item or timer installed to run automatically (persistence)",
  ),
} as const;

const kill: CommandRule = (cmd) => {
  const args = cmd.args.map((word) => word.text);
  if (args.some((text) => /^(?:-l|-L|--list|--table)$/.test(text))) return null;
  let i = 0;
  if (args[0] === "-s" || args[0] === "-n" || args[0] === "--signal") i = 2;
  else if (args.length > 1 && /^-(?:\w+)$/.test(args[0] ?? "")) i = 1;
  if (args[i] === "--") i++;
  const pids = args.slice(i);
  if (pids.some((pid) => pid === "-1")) return matchOf(PROCESS_RULES.killAll);
  if (pids.some((pid) => pid === "1" || pid === "0" || pid === "-0"))
    return matchOf(PROCESS_RULES.killInit);
  for (const word of cmd.args) {
    // `kill -9 $(ps -eo pid --no-headers)`: every process ps lists, none filtered out.
    if (word.substitutions.some(listsEveryProcess)) return matchOf(PROCESS_RULES.killAll);
    // `kill $(ps -u "$USER" -o pid=)`: every process of a user (the agent's own included).
    if (word.substitutions.some(listsUserProcesses)) return matchOf(PROCESS_RULES.broadKill);
    if (
      word.substitutions.some((script) =>
        script.commands.some((c) => /(?:^|\/)(?:pgrep|pidof)$/.test(c.words[0]?.text ?? "")),
      )
    ) {
      return matchOf(PROCESS_RULES.killInit);
    }
  }
  return null;
};

function listsUserProcesses(script: Script): boolean {
  return script.commands.some(
    (c) =>
      commandBaseName(c.words[0]?.text ?? "") === "ps" &&
      c.words.some((w) => /^(?:-[a-zA-Z]*[uU]|--user|-[a-zA-Z]*[uU].+)$/.test(w.text)) &&
      !script.commands.some((other) =>
        PROCESS_FILTERS.test(commandBaseName(other.words[0]?.text ?? "")),
      ),
  );
}

// Stages that narrow a process listing down to some processes.
const PROCESS_FILTERS = /^(?:grep|egrep|fgrep|rg|pgrep|head|tail|sed|jq)$/;

/** A substitution whose output is every process `ps` lists (no filter on the way). */
function listsEveryProcess(script: Script): boolean {
  const names = script.commands.map((c) => commandBaseName(c.words[0]?.text ?? ""));
  if (!names.includes("ps")) return false;
  return !script.commands.some((c) => {
    const name = commandBaseName(c.words[0]?.text ?? "");
    if (PROCESS_FILTERS.test(name)) return true;
    if (name === "ps")
      return c.words.some(
        (w) =>
          /^-(?:[a-zA-Z]*[pCuUgGt]|-(?:pid|ppid|user|group|sid|tty))$/.test(w.text) &&
          !/^-[eA]/.test(w.text),
      );
    const program = c.words
      .slice(1)
      .map((w) => w.text)
      .join(" ");
    return /awk$/.test(name) && /\/[^/]+\/|~|==|!=|NR\s*[<>]|\$\d+\s*[<>]/.test(program);
  });
}

const pkill: CommandRule = (cmd) => {
  const flags = parseFlags(cmd.args, {
    shortWithValue: "usgGPtFUe",
    longWithValue: ["signal", "euid", "uid", "group", "parent", "terminal", "pidfile", "session"],
  });
  const texts = cmd.args.map((word) => word.text);
  if (
    texts.some((text) => /^-(?:9|KILL|SIGKILL)$/i.test(text)) ||
    /^(?:9|KILL|SIGKILL)$/i.test(flags.long.get("signal") ?? "")
  )
    return matchOf(PROCESS_RULES.broadKill);
  if (
    flags.short.has("u") ||
    flags.short.has("U") ||
    flags.short.has("g") ||
    flags.short.has("G") ||
    flags.short.has("t") ||
    hasLong(flags, "euid") ||
    hasLong(flags, "uid")
  ) {
    return matchOf(PROCESS_RULES.broadKill);
  }
  const pattern = flags.operands[0]?.text;
  if (pattern === undefined || /^(?:\.\*?|\.|\^|\$|\w)$/.test(pattern) || pattern.includes(DYNAMIC))
    return matchOf(PROCESS_RULES.broadKill);
  if (/hermes|gateway|cli\.py/i.test(pattern)) return matchOf(PROCESS_RULES.broadKill);
  return null;
};

const killall: CommandRule = (cmd) => {
  if (
    cmd.args.length === 0 ||
    cmd.args.every((word) => /^-(?:l|V|-list|-version|-help)$/.test(word.text))
  )
    return null;
  return matchOf(PROCESS_RULES.broadKill);
};

const shutdownLike: CommandRule = (cmd) => {
  if (
    cmd.args.some((word) => /^(?:-c|--cancel|--help|--show)$/.test(word.text)) &&
    cmd.name === "shutdown"
  )
    return null;
  if (cmd.args.some((word) => word.text === "--help")) return null;
  return matchOf(PROCESS_RULES.shutdown);
};

const init: CommandRule = (cmd) => {
  const level = cmd.args[0]?.text;
  return level === "0" || level === "6" || level === "1" || level === "s" || level === "S"
    ? matchOf(PROCESS_RULES.shutdown)
    : null;
};

const SYSTEMCTL_POWER =
  /^(?:poweroff|reboot|halt|kexec|soft-reboot|emergency|rescue|suspend|hibernate|hybrid-sleep)$/;
const SYSTEMCTL_STOP =
  /^(?:stop|restart|try-restart|reload-or-restart|disable|mask|kill|isolate|daemon-reexec|reset-failed|set-default)$/;

const SYSTEMCTL_INSTALL = /^(?:enable|reenable|link|add-wants|add-requires|preset)$/;

const systemctl: CommandRule = (cmd) => {
  const flags = parseFlags(cmd.args, {
    shortWithValue: "tspHMnoPj",
    longWithValue: [
      "type",
      "state",
      "property",
      "host",
      "machine",
      "signal",
      "kill-whom",
      "root",
      "lines",
      "output",
      "job-mode",
    ],
  });
  const verb = flags.operands[0]?.text.toLowerCase() ?? "";
  if (SYSTEMCTL_POWER.test(verb)) return matchOf(PROCESS_RULES.shutdown);
  // `systemctl enable /tmp/x.service`: a unit file from an arbitrary path starts at every boot.
  if (
    SYSTEMCTL_INSTALL.test(verb) &&
    flags.operands.slice(1).some((word) => word.text.includes("/") || word.dynamic)
  )
    return matchOf(PROCESS_RULES.persistence);
  if (SYSTEMCTL_STOP.test(verb) || verb.includes(DYNAMIC)) return matchOf(PROCESS_RULES.service);
  return null;
};

const service: CommandRule = (cmd) => {
  const texts = cmd.args.map((word) => word.text.toLowerCase());
  if (cmd.name === "service" && texts[0] === "--status-all") return null;
  if (
    texts.some((text) =>
      /^(?:stop|restart|force-reload|disable|del|delete|remove|zap|kill)$/.test(text),
    )
  )
    return matchOf(PROCESS_RULES.service);
  return null;
};

const launchctl: CommandRule = (cmd) => {
  const verb = cmd.args[0]?.text.toLowerCase() ?? "";
  if (/^(?:load|bootstrap|submit|enable)$/.test(verb)) return matchOf(PROCESS_RULES.persistence);
  return /^(?:stop|kickstart|bootout|unload|kill|disable|remove|reboot)$/.test(verb)
    ? matchOf(verb === "reboot" ? PROCESS_RULES.shutdown : PROCESS_RULES.service)
    : null;
};

const TIMER_OPTION =
  /^--(?:on-(?:calendar|active|boot|startup|unit-active|unit-inactive|clock-change|timezone-change)|timer-property)(?:=|$)/;

/** `systemd-run --on-calendar=...`: a transient timer that keeps running the command. */
const systemdRun: CommandRule = (cmd) =>
  cmd.args.some((word) => TIMER_OPTION.test(word.text)) ? matchOf(PROCESS_RULES.persistence) : null;

const BY_NAME: ReadonlyMap<string, CommandRule> = new Map<string, CommandRule>([
  ["kill", kill],
  ["pkill", pkill],
  ["killall", killall],
  ["killall5", () => matchOf(PROCESS_RULES.killAll)],
  ["shutdown", shutdownLike],
  ["reboot", shutdownLike],
  ["halt", shutdownLike],
  ["poweroff", shutdownLike],
  ["init", init],
  ["telinit", init],
  ["systemctl", systemctl],
  ["service", service],
  ["rc-service", service],
  ["launchctl", launchctl],
  ["systemd-run", systemdRun],
  ["sc", service],
  ["update-rc.d", service],
  ["rc-update", service],
  ["chkconfig", service],
]);

/** Process and service rules dispatched by command name. */
export const processRules: CommandRule = (cmd, ctx) => BY_NAME.get(cmd.name)?.(cmd, ctx) ?? null;

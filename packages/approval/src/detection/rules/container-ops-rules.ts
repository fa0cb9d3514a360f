// Container engines (docker, podman, nerdctl) read over their option tables: global options
// first, then the subcommand in either spelling (`rm` / `container rm`). Held: prunes and
// resets that drop every image or volume, removals and stops whose targets are listed at run
// time (`docker rm -f $(docker ps -aq)`, `docker ps -q | xargs docker kill`, `--all`),
// containers started with host privileges, host devices or host system and credential paths
// mounted, and `compose exec/run` commands, analysed as what they run.
import {
  hasOption,
  readOptions,
  type OptionTable,
  type ReadOptions,
  type ResolvedCommand,
  staticWord,
  type SimpleCommand,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import { isSendableSecretPath } from "../secret-paths.js";
import { homeFolded } from "../session-paths.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { DOCKER_RUN_OPTIONS } from "./docker-options.js";
import { PLATFORM_RULES } from "./platform-rules.js";

type Match = DangerousCommandMatch | null;

/** Rules about containers removed or stopped in bulk. */
export const CONTAINER_OPS_RULES: Readonly<Record<"bulk", RuleInfo>> = {
  bulk: rule(
    "container-bulk-removal",
    "every container, image or volume removed, killed or stopped at once (or a list only known at run time)",
  ),
} as const;

const GLOBAL: OptionTable = {
  posix: true,
  shortWithValue: "Hcl",
  longWithValue: [
    "host",
    "context",
    "config",
    "log-level",
    "tlscacert",
    "tlscert",
    "tlskey",
    "root",
    "runroot",
    "namespace",
    "address",
    "url",
    "connection",
    "identity",
    "storage-driver",
    "cgroup-manager",
  ],
};

// Subcommands that take object names: [engine verb, what the names are].
const REMOVERS =
  /^(?:rm|rmi|kill|stop|container (?:rm|remove|kill|stop)|image (?:rm|remove)|volume (?:rm|remove)|network (?:rm|remove)|service rm|stack (?:rm|remove|down)|secret rm|pod (?:rm|kill|stop))$/;
const PRUNERS = /^(?:system|image|builder|buildx|container|volume|network) prune$/;

const HOST_PATHS =
  /^(?:\/+|\/(?:etc|root|boot|dev|proc|sys|usr|bin|sbin|lib|lib64|home|var\/lib\/docker|var\/lib\/containerd|var\/run\/docker\.sock|run\/docker\.sock|run\/containerd\/containerd\.sock|run\/podman\/podman\.sock)(?:\/.*)?|~\/?)$/;
const DANGEROUS_CAPS =
  /^(?:ALL|SYS_ADMIN|SYS_PTRACE|SYS_MODULE|DAC_READ_SEARCH|SYS_RAWIO|SYS_BOOT|MAC_ADMIN|BPF|DAC_OVERRIDE)$/i;
const UNCONFINED =
  /^(?:apparmor[:=]unconfined|seccomp[:=]unconfined|label[:=]disable|systempaths[:=]unconfined)$/i;
const HOST_DEVICES = /^\/dev\/(?:sd|hd|vd|xvd|nvme|mmcblk|mem|kmem|port|disk|mapper|dm-|loop|md)/;

// A container listing narrowed to named objects (`docker ps -aq --filter label=run=42`); one
// narrowed to production (`label=env=prod`) still removes a live service's containers.
const LIVE_SCOPE = /prod|live|release|primary|master/i;
const NARROWED_LISTING =
  /^(?:docker|podman|nerdctl) (?:ps|container (?:ls|list|ps)) (?:.* )?(?:--filter(?:=| )|-[a-z]*f ?)(?:label|name|ancestor|id|network|volume)=\S/;

/** True when a substitution only lists containers picked by label, name or image. */
function narrowedListing(word: Word): boolean {
  return (
    !word.glob &&
    word.substitutions.length > 0 &&
    word.substitutions.every((script) => {
      const listing = script.commands[0]?.words.map((w) => w.text).join(" ") ?? "";
      return (
        script.commands.length === 1 && NARROWED_LISTING.test(listing) && !LIVE_SCOPE.test(listing)
      );
    })
  );
}

/** True when a word's value is only known at run time (a substitution, variable or glob). */
function listedAtRunTime(word: Word): boolean {
  return (word.dynamic || word.glob || word.substitutions.length > 0) && !narrowedListing(word);
}

const COMPOSE: OptionTable = {
  posix: true,
  shortWithValue: "fpHc",
  longWithValue: [
    "host",
    "context",
    "file",
    "project-name",
    "profile",
    "env-file",
    "project-directory",
    "ansi",
    "progress",
    "parallel",
  ],
};

function subcommand(operands: readonly Word[]): { verb: string; rest: readonly Word[] } {
  const [first, second] = operands;
  const one = first?.text ?? "";
  if (one === "compose") {
    // `docker compose -f prod.yml -p x exec ...`: compose's own options come first.
    const read = readOptions(operands.slice(1), COMPOSE);
    const verb = read.operands[0]?.text ?? "";
    return { verb: `compose ${verb}`, rest: read.operands.slice(1) };
  }
  const two = `${one} ${second?.text ?? ""}`;
  if (
    REMOVERS.test(two) ||
    PRUNERS.test(two) ||
    /^(?:system reset|container (?:run|create))$/.test(two)
  )
    return { verb: two, rest: operands.slice(2) };
  return { verb: one, rest: operands.slice(1) };
}

function mountHost(value: string): string {
  const bind = /(?:^|,)(?:source|src)=([^,]+)/.exec(value);
  if (bind !== null) return bind[1] ?? "";
  return value.split(":")[0] ?? "";
}

function hostEscape(options: ReadOptions): Match {
  const escape = (): Match => matchOf(PLATFORM_RULES.dockerHost);
  if (hasOption(options, "privileged")) return escape();
  for (const option of options.options) {
    const value = option.value ?? "";
    switch (option.name) {
      case "pid":
      case "userns":
      case "uts":
      case "ipc":
        if (value === "host") return escape();
        break;
      case "cap-add":
        if (value.split(",").some((cap) => DANGEROUS_CAPS.test(cap.replace(/^CAP_/i, ""))))
          return escape();
        break;
      case "security-opt":
        if (UNCONFINED.test(value)) return escape();
        break;
      case "device":
        if (HOST_DEVICES.test(value)) return escape();
        break;
      case "v":
      case "volume":
      case "mount": {
        const host = homeFolded(mountHost(value));
        if (HOST_PATHS.test(host) || isSendableSecretPath(host)) return escape();
        break;
      }
      default:
        break;
    }
  }
  return null;
}

function pruneMatch(verb: string, options: ReadOptions): Match {
  if (verb === "volume prune" || verb === "system reset")
    return matchOf(PLATFORM_RULES.dockerPrune);
  if (
    /^(?:system|image|builder|buildx) prune$/.test(verb) &&
    hasOption(options, "a", "all", "volumes")
  )
    return matchOf(PLATFORM_RULES.dockerPrune);
  // Every stopped container goes, with whatever its writable layer held.
  return verb === "container prune" ? matchOf(CONTAINER_OPS_RULES.bulk) : null;
}

function composeCommand(rest: readonly Word[], ctx: RuleContext): Match {
  const read = readOptions(rest, {
    posix: true,
    shortWithValue: "uwep",
    longWithValue: [
      "user",
      "workdir",
      "env",
      "index",
      "entrypoint",
      "name",
      "volume",
      "publish",
      "label",
    ],
  });
  const words = read.operands.slice(1);
  if (words.length === 0) return null;
  const synthetic: SimpleCommand = { assignments: [], words, redirects: [], upstream: [] };
  return ctx.analyseCommand(synthetic);
}

function engine(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const global = readOptions(cmd.args, GLOBAL);
  const compose = cmd.name === "docker-compose" || cmd.name === "podman-compose";
  // docker-compose reads its own options (`-f prod.yml -p x`) before the verb.
  const { verb, rest } = subcommand(
    compose ? [staticWord("compose"), ...cmd.args] : global.operands,
  );
  const options = readOptions(rest, { ...DOCKER_RUN_OPTIONS, posix: false });
  const pruned =
    PRUNERS.test(verb) || verb === "system reset"
      ? pruneMatch(
          verb,
          readOptions(rest, { long: ["all", "force", "volumes"], longWithValue: ["filter"] }),
        )
      : null;
  if (pruned) return pruned;
  if (
    verb === "compose down" &&
    hasOption(
      readOptions(rest, { long: ["volumes"], longWithValue: ["rmi"] }),
      "v",
      "volumes",
      "rmi",
    )
  )
    return matchOf(PLATFORM_RULES.dockerPrune);
  if (/^(?:volume (?:rm|remove))$/.test(verb)) return matchOf(PLATFORM_RULES.dockerPrune);
  if (REMOVERS.test(verb)) {
    if (
      hasOption(options, "a", "all") ||
      cmd.argsFromInput ||
      options.operands.some(listedAtRunTime)
    )
      return matchOf(CONTAINER_OPS_RULES.bulk);
    if (/^(?:stack|service) /.test(verb)) return matchOf(CONTAINER_OPS_RULES.bulk);
    return null;
  }
  if (verb === "swarm" && rest[0]?.text === "leave" && hasOption(options, "f", "force"))
    return matchOf(CONTAINER_OPS_RULES.bulk);
  if (
    verb === "run" ||
    verb === "create" ||
    verb === "container run" ||
    verb === "container create"
  )
    return hostEscape(readOptions(rest, DOCKER_RUN_OPTIONS));
  if (verb === "compose exec" || verb === "compose run") return composeCommand(rest, ctx);
  return null;
}

/** `crictl rm -a`, `crictl rmi --all`, `ctr ... rm $(...)`: runtime-level bulk removal. */
function runtimeClient(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, {
    shortWithValue: "nr",
    longWithValue: ["namespace", "address", "runtime-endpoint", "image-endpoint"],
  });
  const ops = read.operands;
  const verbAt = ops.findIndex((word) =>
    /^(?:rm|rmi|rmp|remove|delete|del|stop|kill)$/.test(word.text),
  );
  if (verbAt < 0) return null;
  return hasOption(read, "a", "all", "prune") ||
    ops.slice(verbAt + 1).some(listedAtRunTime) ||
    cmd.argsFromInput
    ? matchOf(CONTAINER_OPS_RULES.bulk)
    : null;
}

/** Container engine rules dispatched by command name. */
export const containerOpsRules: CommandRule = (cmd, ctx) => {
  switch (cmd.name) {
    case "docker":
    case "podman":
    case "nerdctl":
    case "docker-compose":
    case "podman-compose":
      return engine(cmd, ctx);
    case "crictl":
    case "ctr":
      return runtimeClient(cmd);
    default:
      return null;
  }
};

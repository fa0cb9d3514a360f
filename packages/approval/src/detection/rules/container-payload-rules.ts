// What is put into or taken out of containers and what they are made to run: engine plugins
// installed with every permission they ask for (`docker plugin install --grant-all-permissions`),
// files copied into a container's credential or system paths (`docker cp keys web:/root/.ssh/
// authorized_keys`, `kubectl cp`, `lxc file push`) or secrets copied out of one, and
// cryptocurrency miners started anywhere (by program, image or pool address).
import {
  commandBaseName,
  readOptions,
  staticWord,
  type ResolvedCommand,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { PLATFORM_RULES } from "./platform-rules.js";
import { WRITE_RULES } from "./write-rules.js";
import { writeKindOf } from "../session-paths.js";

type Match = DangerousCommandMatch | null;

// Miner programs, also the last part of their usual image names (`xmrig/xmrig:latest`).
const MINERS: ReadonlySet<string> = new Set([
  "xmrig",
  "xmrig-cuda",
  "xmrig-nvidia",
  "xmrig-amd",
  "xmr-stak",
  "xmr-stak-rx",
  "xmr-stak-cpu",
  "minerd",
  "cpuminer",
  "cpuminer-multi",
  "cpuminer-opt",
  "cgminer",
  "bfgminer",
  "ccminer",
  "ethminer",
  "t-rex",
  "trex",
  "nbminer",
  "lolminer",
  "gminer",
  "teamredminer",
  "srbminer",
  "srbminer-multi",
  "phoenixminer",
  "nanominer",
  "nheqminer",
  "bminer",
  "wildrig-multi",
  "hellminer",
  "rhminer",
  "kawpowminer",
  "bzminer",
  "onezerominer",
  "rigel",
  "cryptonight",
  "monero-miner",
  "moneroocean",
  "nicehash",
  "excavator",
]);

// Mining pool protocols and the options only miners have.
const POOL =
  /stratum\d?\+(?:tcp|ssl|tls|ws)s?:\/\/|^(?:--donate-level\b|--randomx|--algo=(?:rx|cn|randomx|cryptonight|kawpow|ethash|autolykos))/i;
const IMAGE_TAKERS =
  /^(?:docker|podman|nerdctl|kubectl|oc|ctr|crictl|singularity|apptainer|lxc|incus)$/;

function imageName(text: string): string {
  return commandBaseName(text.replace(/@sha256:.*$/, "").replace(/:[\w.-]+$/, "")).toLowerCase();
}

/** A miner run directly, in a container, or pointed at a mining pool. */
function minerMatch(cmd: ResolvedCommand): Match {
  const miner = (): Match => matchOf(OPS_CLI_RULES.miner);
  if (MINERS.has(cmd.name.toLowerCase())) return miner();
  for (const word of cmd.args) {
    if (POOL.test(word.text)) return miner();
    if (IMAGE_TAKERS.test(cmd.name) && MINERS.has(imageName(word.text.replace(/^--image=/, ""))))
      return miner();
  }
  return null;
}

const ENGINES = /^(?:docker|podman|nerdctl)$/;

/** `docker plugin install --grant-all-permissions`: the plugin gets what it asks (host access). */
function pluginGrant(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  const at = texts.indexOf("plugin");
  return at >= 0 &&
    /^(?:install|upgrade)$/.test(texts[at + 1] ?? "") &&
    texts.some((text) => /^--grant-all(?:-permissions?)?$/.test(text))
    ? matchOf(PLATFORM_RULES.dockerHost)
    : null;
}

/** The source and destination of `docker cp SRC DST`, `kubectl cp SRC DST`, `lxc file push`. */
function copyEnds(cmd: ResolvedCommand): { from: string; to: string; pushed: boolean } | null {
  const texts = cmd.args.map((word) => word.text);
  if (ENGINES.test(cmd.name) || cmd.name === "kubectl" || cmd.name === "oc") {
    const at = texts.findIndex((text) => text === "cp");
    if (at < 0 || (ENGINES.test(cmd.name) && at > 1 && texts[at - 1] !== "container")) return null;
    const read = readOptions(cmd.args.slice(at + 1), {
      shortWithValue: "nc",
      longWithValue: ["namespace", "container", "retries", "context"],
    });
    const [from, to] = read.operands.map((word: Word) => word.text);
    if (from === undefined || to === undefined) return null;
    // `CONTAINER:/path`, `NAMESPACE/POD:/path`; the container may be named at run time.
    const inside = (end: string): boolean => /^(?:[^/:]+\/)?[^/:]+:\//.test(end);
    return inside(to)
      ? { from, to: to.replace(/^[^:]*:/, ""), pushed: true }
      : inside(from)
        ? { from: from.replace(/^[^:]*:/, ""), to, pushed: false }
        : null;
  }
  if ((cmd.name === "lxc" || cmd.name === "incus") && texts[0] === "file" && texts[1] === "push") {
    const ops = texts.slice(2).filter((text) => !text.startsWith("-"));
    const to = ops[ops.length - 1] ?? "";
    return { from: ops[0] ?? "", to: to.replace(/^[^/]*/, ""), pushed: true };
  }
  return null;
}

// A container's own files that give a login, root, or code run at every start when written.
const ACCESS_FILES =
  /^\/etc\/(?:sudoers(?:\.d\/.*)?|passwd|shadow|gshadow|group|ld\.so\.preload|pam\.d\/.*|crontab|cron\.d\/.*|ssh\/sshd_config(?:\.d\/.*)?|profile(?:\.d\/.*)?|bash\.bashrc)$/;

/** A file copied into a container's login or root files, or a secret copied out of it. */
function containerCopy(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const ends = copyEnds(cmd);
  if (ends === null) return null;
  if (ends.pushed) {
    const to = ends.to.replace(/\/+$/, "");
    if (writeKindOf(to) === "credential" || /\/\.ssh(?:\/|$)/.test(to))
      return matchOf(WRITE_RULES.credential);
    return ACCESS_FILES.test(to) ? matchOf(WRITE_RULES.system) : null;
  }
  return ctx.analyseCommand({
    assignments: [],
    words: ["cat", ends.from].map((text) => staticWord(text)),
    redirects: [],
    upstream: [],
  });
}

/** Container payloads: miners, fully trusted plugins, copies into or out of sensitive paths. */
export const containerPayloadRule: CommandRule = (cmd, ctx) =>
  minerMatch(cmd) ?? (ENGINES.test(cmd.name) ? pluginGrant(cmd) : null) ?? containerCopy(cmd, ctx);

// Container clients pointed at another daemon: `docker -H tcp://...`, `--context`,
// `docker context use`, `podman --remote`, `DOCKER_HOST=... docker ...`. Commands then run on
// a machine the sandbox does not cover, so they need approval. A local unix socket is fine.
import { matchOf, type CommandRule } from "../rule-context.js";
import { DYNAMIC, type Word } from "@hermes-agent/shell";
import { rule, type RuleInfo } from "../types.js";

/** Rules about container clients talking to a remote or alternate daemon. */
export const CONTAINER_RULES: Readonly<Record<"remoteDaemon" | "contextSwitch", RuleInfo>> = {
  remoteDaemon: rule(
    "container-remote-daemon",
    "docker/podman pointed at a remote or alternate daemon (-H/--host, --context, --remote, DOCKER_HOST)",
  ),
  contextSwitch: rule(
    "container-context-switch",
    "docker/podman default daemon switched for future commands (docker context use)",
  ),
} as const;

const DOCKERS = /^(?:docker|docker-compose|podman|podman-remote|podman-compose|nerdctl)$/;
const DAEMON_ENV = /^(?:DOCKER_HOST|DOCKER_CONTEXT|CONTAINER_HOST|CONTAINER_CONNECTION)$/;
// Global options that name the daemon; the value is the next word or follows `=`.
const DAEMON_OPTIONS = /^(?:-H|--host|--context|--url|--connection|--identity)$/;
const VALUE_OPTIONS = /^(?:-l|--log-level|--config|--tlscacert|--tlscert|--tlskey|--root)$/;

/** A daemon address that is not the local default (`unix://` sockets stay local). */
function isRemoteValue(text: string, option: string): boolean {
  if (text.includes(DYNAMIC)) return true;
  if (option === "--context" || option === "-c" || option === "--connection")
    return text !== "default";
  if (option === "--identity") return true;
  return !/^unix:\/\//i.test(text) && text !== "";
}

function globalOptionsMatch(name: string, args: readonly Word[]): number | "remote" {
  let i = 0;
  for (; i < args.length; i++) {
    const text = args[i]?.text ?? "";
    if (!text.startsWith("-")) break;
    if (name.startsWith("podman") && /^(?:-r|--remote)$/.test(text)) return "remote";
    const eq = text.indexOf("=");
    const option = eq > 0 ? text.slice(0, eq) : text;
    // docker's `-c` is --context; podman's `-c` is --connection.
    const daemon = DAEMON_OPTIONS.test(option) || (option === "-c" && !name.includes("compose"));
    if (daemon) {
      const value = eq > 0 ? text.slice(eq + 1) : (args[++i]?.text ?? "");
      if (isRemoteValue(value, option)) return "remote";
      continue;
    }
    if (/^-H./.test(text) && isRemoteValue(text.slice(2), "-H")) return "remote";
    if (eq < 0 && VALUE_OPTIONS.test(text)) i++;
  }
  return i;
}

/** Container-client rules for one layer. */
export const containerRules: CommandRule = (cmd) => {
  if (cmd.via.length === 0) {
    for (const { name, value } of cmd.source.assignments)
      if (DAEMON_ENV.test(name) && isRemoteValue(value.text, name === "DOCKER_HOST" ? "-H" : "-c"))
        return matchOf(CONTAINER_RULES.remoteDaemon);
  }
  if (cmd.name === "export" || cmd.name === "setenv") {
    for (const word of cmd.args) {
      const eq = word.text.indexOf("=");
      const name = eq > 0 ? word.text.slice(0, eq) : "";
      if (DAEMON_ENV.test(name) && isRemoteValue(word.text.slice(eq + 1), "-H"))
        return matchOf(CONTAINER_RULES.contextSwitch);
    }
    return null;
  }
  if (!DOCKERS.test(cmd.name)) return null;
  const start = globalOptionsMatch(cmd.name, cmd.args);
  if (start === "remote") return matchOf(CONTAINER_RULES.remoteDaemon);
  const sub = cmd.args[start]?.text ?? "";
  const verb = cmd.args[start + 1]?.text ?? "";
  if (sub === "context" && verb === "use") {
    const target = cmd.args[start + 2]?.text ?? "";
    return target === "default" ? null : matchOf(CONTAINER_RULES.contextSwitch);
  }
  if (sub === "system" && verb === "connection") {
    const action = cmd.args[start + 2]?.text ?? "";
    return action === "default" ? matchOf(CONTAINER_RULES.contextSwitch) : null;
  }
  return null;
};

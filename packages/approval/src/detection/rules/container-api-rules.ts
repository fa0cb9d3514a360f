// The container engine's API called directly instead of through its CLI: curl over the docker,
// podman, containerd or CRI-O socket (`curl --unix-socket /var/run/docker.sock -X POST
// http://localhost/containers/prune`), a raw socket bridge (`socat - UNIX-CONNECT:...docker.sock`,
// `nc -U`), or the engine's or kubelet's TCP port (`curl -X POST http://host:2375/...`). The
// engine API can create privileged containers with the host's root mounted, prune, kill and
// exec, and none of the CLI rules see it. Reads (`GET /containers/json`, `/version`) stay allowed.
import { readOptions, type ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { CURL_OPTIONS } from "./http-client-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { CURL_DATA_OPTIONS } from "./http-request-reader.js";

type Match = DangerousCommandMatch | null;

const ENGINE_SOCKET =
  /(?:^|\/)(?:docker|podman|containerd|crio|cri-dockerd|dockershim|buildkitd|k3s|kubelet)\.sock$|\/run\/(?:docker|podman|containerd|crio)\//;
// Docker's plain and TLS ports, its old alternative, and the kubelet's API.
const ENGINE_PORT =
  /^[a-z][\w+.-]*:\/\/[^/]*:(?:2375|2376|4243|10250)(?:\/|$)|^[^/:]+:(?:2375|2376|4243|10250)(?:\/|$)/i;
// Endpoints whose GET already hands over control or data (exec sessions, file archives).
const ENGINE_GET_SENSITIVE = /\/(?:exec|attach|archive|export|run|cri|portForward)\b/;

function curlEngine(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, CURL_OPTIONS);
  const socket =
    read.options.find((o) => o.name === "unix-socket" || o.name === "abstract-unix-socket")
      ?.value ?? "";
  const urls = [
    ...read.operands.map((word) => word.text),
    ...read.options.filter((o) => o.name === "url").map((o) => o.value ?? ""),
  ];
  const engine = ENGINE_SOCKET.test(socket) || urls.some((url) => ENGINE_PORT.test(url));
  if (!engine) return null;
  const method = (
    read.options.filter((o) => o.name === "X" || o.name === "request").pop()?.value ?? ""
  ).toUpperCase();
  const sends = read.options.some((o) => CURL_DATA_OPTIONS.includes(o.name));
  const writes = (method !== "" && method !== "GET" && method !== "HEAD") || sends;
  return writes || urls.some((url) => ENGINE_GET_SENSITIVE.test(url))
    ? matchOf(OPS_CLI_RULES.containerApi)
    : null;
}

/** `socat - UNIX-CONNECT:/var/run/docker.sock`, `nc -U /run/podman/podman.sock`. */
function socketBridge(cmd: ResolvedCommand): Match {
  return cmd.args.some((word) => ENGINE_SOCKET.test(word.text.replace(/,.*$/, "")))
    ? matchOf(OPS_CLI_RULES.containerApi)
    : null;
}

/** `dockerd -H tcp://0.0.0.0:2375`: the engine API served on the network without TLS. */
function daemonListener(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, {
    shortWithValue: "Hg",
    longWithValue: ["host", "data-root", "config-file", "tlscert", "tlskey", "tlscacert", "group"],
    long: ["tlsverify", "tls", "debug"],
  });
  if (read.options.some((o) => o.name === "tlsverify")) return null;
  return read.options.some(
    (o) =>
      (o.name === "H" || o.name === "host") &&
      /^tcp:\/\//.test(o.value ?? "") &&
      !/^tcp:\/\/(?:127\.\d+\.\d+\.\d+|localhost|\[::1\])(?::|$)/.test(o.value ?? ""),
  )
    ? matchOf(OPS_CLI_RULES.containerApi)
    : null;
}

/** Container engine APIs reached without their CLI, or served on the network. */
export const containerApiRule: CommandRule = (cmd) => {
  switch (cmd.name) {
    case "dockerd":
    case "podman-system-service":
      return daemonListener(cmd);
    case "curl":
    case "curlie":
      return curlEngine(cmd);
    case "socat":
    case "nc":
    case "ncat":
    case "netcat":
      return socketBridge(cmd);
    default:
      return null;
  }
};

import { createHash } from "node:crypto";
import {
  defineEnvironmentBackend,
  type Environment,
  type EnvironmentBackend,
  type EnvironmentOptions,
} from "./environment.js";
import {
  openBackendSession,
  REMOTE_CAPABILITIES,
  type RemoteTransport,
} from "./remote-environment.js";
import { runTransport } from "./remote-process.js";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";

/** Settings of the docker backend, named as in config.yaml (`terminal.docker_*`, `container_*`). */
export interface DockerSettings {
  /** Client program: `HERMES_DOCKER_BINARY`, else `docker` (podman is accepted). */
  readonly binary: string;
  readonly image: string;
  readonly taskId: string;
  readonly persistent: boolean;
  readonly cpu: number | undefined;
  /** Memory limit in MB. */
  readonly memoryMb: number | undefined;
  /** Disk limit in MB, applied where the storage driver supports it. */
  readonly diskMb: number | undefined;
  readonly network: boolean;
  /** Host directory mounted at /workspace (`docker_mount_cwd_to_workspace`). */
  readonly mountCwd: string | undefined;
  readonly volumes: readonly string[];
  /** Variables forwarded by name from the host (`docker_forward_env`) and set (`docker_env`). */
  readonly env: Readonly<Record<string, string>>;
  readonly extraArgs: readonly string[];
  /** Environment of the docker client (DOCKER_HOST and the like come from here). */
  readonly clientEnv: Readonly<Record<string, string | undefined>>;
}

/** Hermes' hardening: every capability dropped, a few added back for package managers and file ownership. */
const CAPS_ADDED_BACK = ["DAC_OVERRIDE", "CHOWN", "FOWNER", "SETUID", "SETGID"];

/** The `docker run` arguments of a task's container. */
export function dockerRunArgs(settings: DockerSettings, diskSupported: boolean): string[] {
  const args = [
    "run",
    "-d",
    "--init",
    "--label",
    "hermes-agent=1",
    "--label",
    `hermes-task-id=${settings.taskId}`,
    "--cap-drop",
    "ALL",
    ...CAPS_ADDED_BACK.flatMap((cap) => ["--cap-add", cap]),
    "--security-opt",
    "no-new-privileges",
    "--pids-limit",
    "256",
    "--tmpfs",
    "/tmp:rw,nosuid,size=512m",
    "--tmpfs",
    "/var/tmp:rw,noexec,size=256m",
    "--tmpfs",
    "/run:rw,exec,size=64m",
  ];
  if (!settings.network) args.push("--network=none");
  if (settings.cpu !== undefined) args.push("--cpus", String(settings.cpu));
  if (settings.memoryMb !== undefined) args.push("--memory", `${settings.memoryMb}m`);
  if (diskSupported && settings.diskMb !== undefined)
    args.push("--storage-opt", `size=${settings.diskMb}m`);
  if (settings.mountCwd !== undefined) args.push("-v", `${settings.mountCwd}:/workspace`);
  for (const volume of settings.volumes) args.push("-v", volume);
  for (const [name, value] of Object.entries(settings.env)) args.push("-e", `${name}=${value}`);
  args.push(...settings.extraArgs, settings.image, "sleep", "infinity");
  return args;
}

/** A clear message naming the fix when the docker client could not talk to the daemon. */
export function describeDockerFailure(
  binary: string,
  exitCode: number,
  stderr: string,
): string | undefined {
  if (exitCode === 127 && /ENOENT|not found/.test(stderr)) {
    return `The docker client '${binary}' was not found. Install Docker (Debian: apt-get install docker.io) or set HERMES_DOCKER_BINARY.`;
  }
  if (
    /Cannot connect to the Docker daemon|Is the docker daemon running|error during connect|permission denied while trying to connect/.test(
      stderr,
    )
  ) {
    return `Cannot reach the Docker daemon (${stderr.trim().split("\n")[0] ?? ""}). Start it (systemctl start docker, or dockerd) and check that this user may use its socket.`;
  }
  if (/No such container|is not running|container .* not found/i.test(stderr)) {
    return `The task's container is gone (${stderr.trim().split("\n")[0] ?? ""}).`;
  }
  return undefined;
}

function containerName(taskId: string): string {
  const readable = taskId.replace(/[^A-Za-z0-9_.-]/g, "-").slice(0, 40);
  const hash = createHash("sha256").update(taskId).digest("hex").slice(0, 8);
  return `hermes-${readable}-${hash}`;
}

/** The docker client program and its environment. */
export interface DockerClient {
  readonly binary: string;
  readonly clientEnv?: Readonly<Record<string, string | undefined>> | undefined;
}

function docker(
  client: DockerClient,
  args: readonly string[],
  timeoutMs = 60_000,
): ReturnType<typeof runTransport> {
  return runTransport({ file: client.binary, args, env: client.clientEnv }, { timeoutMs });
}

/** `docker version` with a 5 s limit: rejects with a clear error when the daemon is unreachable. */
async function checkDaemon(client: DockerClient): Promise<void> {
  const binary = client.binary;
  const result = await docker(client, ["version", "--format", "{{.Server.Version}}"], 5000);
  if (result.exitCode === 0) return;
  throw new TerminalError(
    TerminalErrorCode.BackendUnavailable,
    describeDockerFailure(binary, result.exitCode, result.stderr) ??
      (result.timedOut
        ? "The Docker daemon did not answer `docker version` within 5 s. Check that dockerd is running."
        : `Cannot reach the Docker daemon: ${result.stderr.trim()}. Start dockerd or set HERMES_DOCKER_BINARY.`),
  );
}

/** Find the task's container (running or not) by its labels. */
async function findContainer(
  settings: DockerSettings,
): Promise<{ id: string; running: boolean } | undefined> {
  const result = await docker(settings, [
    "ps",
    "-a",
    "--filter",
    "label=hermes-agent=1",
    "--filter",
    `label=hermes-task-id=${settings.taskId}`,
    "--format",
    "{{.ID}} {{.State}}",
  ]);
  const [line] = result.stdout
    .toString("utf8")
    .trim()
    .split("\n")
    .filter((l) => l !== "");
  if (line === undefined) return undefined;
  const [id = "", state = ""] = line.split(" ");
  return { id, running: state === "running" };
}

/** Start the task's container, or reuse the persistent one; returns its id. */
async function ensureContainer(settings: DockerSettings): Promise<string> {
  const existing = await findContainer(settings);
  if (existing !== undefined) {
    if (existing.running) return existing.id;
    const started = await docker(settings, ["start", existing.id]);
    if (started.exitCode === 0) return existing.id;
    await docker(settings, ["rm", "-f", existing.id]);
  }
  const name = `${containerName(settings.taskId)}-${Date.now().toString(36)}`;
  let run = await docker(settings, [
    "run",
    "--name",
    name,
    ...dockerRunArgs(settings, settings.diskMb !== undefined).slice(1),
  ]);
  if (run.exitCode !== 0 && /storage-opt|--storage-opt is supported only/i.test(run.stderr)) {
    await docker(settings, ["rm", "-f", name]);
    run = await docker(settings, [
      "run",
      "--name",
      name,
      ...dockerRunArgs(settings, false).slice(1),
    ]);
  }
  if (run.exitCode !== 0) {
    throw new TerminalError(
      TerminalErrorCode.BackendUnavailable,
      describeDockerFailure(settings.binary, run.exitCode, run.stderr) ??
        `Could not start a container from image '${settings.image}': ${run.stderr.trim()}. Check terminal.docker_image (it must exist locally or be pullable).`,
    );
  }
  return run.stdout.toString("utf8").trim();
}

/** Remove exited hermes containers older than `maxAgeSeconds` (left by crashed runs). */
export async function reapOrphanContainers(
  client: DockerClient,
  maxAgeSeconds: number,
): Promise<number> {
  const listed = await docker(client, [
    "ps",
    "-a",
    "--filter",
    "label=hermes-agent=1",
    "--filter",
    "status=exited",
    "--format",
    "{{.ID}}",
  ]);
  const ids = listed.stdout
    .toString("utf8")
    .split("\n")
    .filter((id) => id !== "");
  if (ids.length === 0) return 0;
  const inspected = await docker(client, [
    "inspect",
    "--format",
    "{{.Id}} {{.State.FinishedAt}}",
    ...ids,
  ]);
  const old = inspected.stdout
    .toString("utf8")
    .split("\n")
    .map((line) => line.split(" "))
    .filter(
      ([, finished]) =>
        finished !== undefined && Date.now() - Date.parse(finished) > maxAgeSeconds * 1000,
    )
    .map(([id]) => id ?? "");
  if (old.length > 0) await docker(client, ["rm", "-f", ...old]);
  return old.length;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function positive(value: unknown): number | undefined {
  const n = Number(value);
  return value !== undefined && value !== null && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** Read the docker settings from the environment options and `backendOptions`. */
export function dockerSettingsFrom(options: EnvironmentOptions): DockerSettings {
  const backend = options.backendOptions ?? {};
  const hostEnv = options.hostEnv ?? process.env;
  const env: Record<string, string> = {};
  for (const name of stringList(backend.docker_forward_env)) {
    const value = hostEnv[name];
    if (value !== undefined) env[name] = value;
  }
  const fixed = backend.docker_env;
  if (fixed !== null && typeof fixed === "object") {
    for (const [name, value] of Object.entries(fixed))
      if (typeof value === "string") env[name] = value;
  }
  const mount = backend.docker_mount_cwd_to_workspace === true;
  return {
    binary:
      hostEnv.HERMES_DOCKER_BINARY ??
      (typeof backend.docker_binary === "string" ? backend.docker_binary : "docker"),
    image:
      typeof backend.docker_image === "string"
        ? backend.docker_image
        : "nikolaik/python-nodejs:python3.11-nodejs20",
    taskId: options.taskId ?? "default",
    persistent: backend.container_persistent !== false,
    cpu: positive(backend.container_cpu),
    memoryMb: positive(backend.container_memory),
    diskMb: backend.container_disk_enforced === true ? positive(backend.container_disk) : undefined,
    network: backend.docker_network !== false,
    mountCwd: mount ? (options.cwd ?? process.cwd()) : undefined,
    volumes: stringList(backend.docker_volumes),
    env,
    extraArgs: stringList(backend.docker_extra_args),
    clientEnv: hostEnv,
  };
}

/** Lifetime of a task's environment before an exited container counts as an orphan. */
const DEFAULT_LIFETIME_SECONDS = 300;

/** Make a docker environment: one container per task, commands through `docker exec`. */
export async function createDockerEnvironment(options: EnvironmentOptions): Promise<Environment> {
  const settings = dockerSettingsFrom(options);
  await checkDaemon(settings);
  const lifetime = positive(options.backendOptions?.lifetime_seconds) ?? DEFAULT_LIFETIME_SECONDS;
  void reapOrphanContainers(settings, lifetime * 2).catch(() => 0);
  let container = await ensureContainer(settings);
  const transport: RemoteTransport = {
    command: (script, args, commandOptions) => ({
      file: settings.binary,
      args: [
        "exec",
        // Forwarding stdin costs each command a little; only what writes to it asks for it.
        ...(commandOptions?.stdin === false ? [] : ["-i"]),
        container,
        "bash",
        "--noprofile",
        "--norc",
        "-c",
        script,
        "hermes",
        ...args,
      ],
    }),
    describeFailure: (exitCode, stderr) => describeDockerFailure(settings.binary, exitCode, stderr),
    async recover(stderr) {
      if (!/No such container|is not running/i.test(stderr)) return false;
      container = await ensureContainer(settings);
      return true;
    },
    async close() {
      if (!settings.persistent) await docker(settings, ["rm", "-f", container]);
    },
  };
  const cwd =
    options.cwd !== undefined && options.cwd.startsWith("/") && settings.mountCwd === undefined
      ? options.cwd
      : settings.mountCwd === undefined
        ? "~"
        : "/workspace";
  return openBackendSession("docker", transport, options, cwd);
}

/** The docker backend. */
export const dockerBackend: EnvironmentBackend = defineEnvironmentBackend({
  type: "docker",
  capabilities: REMOTE_CAPABILITIES,
  create: (options) => createDockerEnvironment(options),
  probe: (options) => checkDaemon(dockerSettingsFrom(options)),
});

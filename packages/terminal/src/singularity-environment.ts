import { createHash, randomBytes } from "node:crypto";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { resolveHermesHome } from "@hermes-agent/core";
import {
  defineEnvironmentBackend,
  type Environment,
  type EnvironmentBackend,
  type EnvironmentOptions,
} from "./environment.js";
import {
  openBackendSession,
  absoluteOrHome,
  REMOTE_CAPABILITIES,
  type RemoteTransport,
} from "./remote-environment.js";
import { findExecutable } from "./executables.js";
import { runTransport } from "./remote-process.js";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";

/** Settings of the singularity backend, named after config.yaml (`terminal.singularity_image`, `container_*`). */
export interface SingularitySettings {
  /** `apptainer` or `singularity`, found on PATH (or `singularity_binary`). */
  readonly binary: string;
  /** A `.sif` path, a sandbox directory, or `docker://...` (built once into the cache). */
  readonly image: string;
  readonly taskId: string;
  /** Keep a writable overlay directory per task between instances (`container_persistent`). */
  readonly persistent: boolean;
  readonly cpu: number | undefined;
  /** Memory limit in MB. */
  readonly memoryMb: number | undefined;
  /** Host paths bound read-only at the same path (`singularity_binds`). */
  readonly readOnlyBinds: readonly string[];
  /** Where overlays and built images live. */
  readonly scratchDir: string;
  /** Directory of `singularity_snapshots.json`. */
  readonly hermesHome: string;
}

/** Longest a `docker://` image build may take, as Hermes allows. */
const BUILD_TIMEOUT_MS = 600_000;
const DEFAULT_IMAGE = "docker://nikolaik/python-nodejs:python3.11-nodejs20";

/** Find `apptainer`, then `singularity`, on `searchPath`. */
export function findApptainer(searchPath: string | undefined): string | undefined {
  return findExecutable("apptainer", searchPath) ?? findExecutable("singularity", searchPath);
}

function isWritableDir(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The scratch directory, by Hermes' rule: `TERMINAL_SCRATCH_DIR`, else
 * `/scratch/$USER/hermes-agent` when `/scratch` is writable, else `HERMES_HOME/sandboxes/singularity`.
 */
export function singularityScratchDir(
  hostEnv: Readonly<Record<string, string | undefined>>,
  hermesHome: string,
  scratchRoot = "/scratch",
): string {
  const explicit = hostEnv.TERMINAL_SCRATCH_DIR;
  if (explicit !== undefined && explicit !== "") return explicit;
  const user = hostEnv.USER ?? hostEnv.LOGNAME;
  if (user !== undefined && user !== "" && isWritableDir(scratchRoot))
    return path.join(scratchRoot, user, "hermes-agent");
  return path.join(hermesHome, "sandboxes", "singularity");
}

function positive(value: unknown): number | undefined {
  const n = Number(value);
  return value !== undefined && value !== null && Number.isFinite(n) && n > 0 ? n : undefined;
}

/** Read the singularity settings from the environment options and `backendOptions`. */
export function singularitySettingsFrom(options: EnvironmentOptions): SingularitySettings {
  const backend = options.backendOptions ?? {};
  const hostEnv = options.hostEnv ?? process.env;
  const explicitBinary =
    typeof backend.singularity_binary === "string" ? backend.singularity_binary : undefined;
  const binary = explicitBinary ?? findApptainer(hostEnv.PATH);
  if (binary === undefined) {
    throw new TerminalError(
      TerminalErrorCode.BackendUnavailable,
      "Neither 'apptainer' nor 'singularity' was found on PATH. Install Apptainer (https://apptainer.org/docs/admin/main/installation.html) or choose another terminal backend (terminal.backend).",
    );
  }
  const hermesHome = resolveHermesHome({ env: hostEnv });
  const binds = Array.isArray(backend.singularity_binds)
    ? backend.singularity_binds.filter((v): v is string => typeof v === "string")
    : [];
  return {
    binary,
    image:
      typeof backend.singularity_image === "string" ? backend.singularity_image : DEFAULT_IMAGE,
    taskId: options.taskId ?? "default",
    persistent: backend.container_persistent !== false,
    cpu: positive(backend.container_cpu),
    memoryMb: positive(backend.container_memory),
    readOnlyBinds: binds,
    scratchDir: singularityScratchDir(hostEnv, hermesHome),
    hermesHome,
  };
}

function taskSlug(taskId: string): string {
  const readable = taskId.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 30);
  return `${readable}-${createHash("sha256").update(taskId).digest("hex").slice(0, 8)}`;
}

/** The `instance start` arguments of a task's instance. */
export function instanceStartArgs(
  settings: SingularitySettings,
  image: string,
  instance: string,
  overlay: string | undefined,
): string[] {
  const args = ["instance", "start", "--containall", "--no-home"];
  if (overlay === undefined) args.push("--writable-tmpfs");
  else args.push("--overlay", overlay);
  if (settings.memoryMb !== undefined) args.push("--memory", `${settings.memoryMb}M`);
  if (settings.cpu !== undefined) args.push("--cpus", String(settings.cpu));
  for (const bind of settings.readOnlyBinds) args.push("--bind", `${bind}:${bind}:ro`);
  args.push(image, instance);
  return args;
}

/** A clear message naming the fix when the apptainer client failed, or undefined. */
export function describeApptainerFailure(
  binary: string,
  exitCode: number,
  stderr: string,
): string | undefined {
  if (exitCode === 127 && /ENOENT|not found/.test(stderr))
    return `The container runtime '${binary}' was not found. Install Apptainer or put 'apptainer'/'singularity' on PATH.`;
  if (/instance .*(not found|does not exist)|no instance found/i.test(stderr))
    return `The task's Apptainer instance is gone (${stderr.trim().split("\n")[0] ?? ""}).`;
  return undefined;
}

async function apptainer(binary: string, args: readonly string[], timeoutMs = 60_000) {
  return runTransport({ file: binary, args }, { timeoutMs });
}

/** Turn `docker://...` into a `.sif` in the cache (built once); other images are used as they are. */
async function resolveImage(settings: SingularitySettings, hostEnv: EnvironmentOptions["hostEnv"]) {
  if (!settings.image.startsWith("docker://")) return settings.image;
  const cache = hostEnv?.APPTAINER_CACHEDIR ?? path.join(settings.scratchDir, ".apptainer");
  mkdirSync(cache, { recursive: true });
  const name = settings.image.slice("docker://".length).replace(/[^A-Za-z0-9_.-]/g, "_");
  const sif = path.join(cache, `${name}.sif`);
  if (existsSync(sif)) return sif;
  const built = await apptainer(settings.binary, ["build", sif, settings.image], BUILD_TIMEOUT_MS);
  if (built.exitCode !== 0) {
    throw new TerminalError(
      TerminalErrorCode.BackendUnavailable,
      built.timedOut
        ? `Building '${settings.image}' took longer than 600 s. Build it yourself (apptainer build ${sif} ${settings.image}) and set terminal.singularity_image to the .sif.`
        : `Could not build '${settings.image}': ${built.stderr.trim()}. Check terminal.singularity_image.`,
    );
  }
  return sif;
}

/** Remember the task's overlay in `HERMES_HOME/singularity_snapshots.json` and return its path. */
function taskOverlay(settings: SingularitySettings): string {
  const record = path.join(settings.hermesHome, "singularity_snapshots.json");
  let known: Record<string, string>;
  try {
    known = JSON.parse(readFileSync(record, "utf8")) as Record<string, string>;
  } catch {
    known = {};
  }
  const overlay =
    known[settings.taskId] ?? path.join(settings.scratchDir, "overlays", taskSlug(settings.taskId));
  mkdirSync(overlay, { recursive: true });
  if (known[settings.taskId] !== overlay) {
    mkdirSync(settings.hermesHome, { recursive: true });
    writeFileSync(record, `${JSON.stringify({ ...known, [settings.taskId]: overlay }, null, 2)}\n`);
  }
  return overlay;
}

/** Make a singularity environment: one Apptainer instance per task, commands through `exec instance://`. */
export async function createSingularityEnvironment(
  options: EnvironmentOptions,
): Promise<Environment> {
  const settings = singularitySettingsFrom(options);
  const image = await resolveImage(settings, options.hostEnv);
  const overlay = settings.persistent ? taskOverlay(settings) : undefined;
  const instance = `hermes-${taskSlug(settings.taskId)}-${randomBytes(3).toString("hex")}`;
  const started = await apptainer(
    settings.binary,
    instanceStartArgs(settings, image, instance, overlay),
  );
  if (started.exitCode !== 0) {
    throw new TerminalError(
      TerminalErrorCode.BackendUnavailable,
      describeApptainerFailure(settings.binary, started.exitCode, started.stderr) ??
        `Could not start an Apptainer instance from '${image}': ${started.stderr.trim()}. Check terminal.singularity_image and that this user may run instances.`,
    );
  }
  let stopped = false;
  const transport: RemoteTransport = {
    command: (script, args) => ({
      file: settings.binary,
      args: [
        "exec",
        `instance://${instance}`,
        "bash",
        "--noprofile",
        "--norc",
        "-c",
        script,
        "hermes",
        ...args,
      ],
    }),
    describeFailure: (exitCode, stderr) =>
      describeApptainerFailure(settings.binary, exitCode, stderr),
    async close() {
      if (stopped) return;
      stopped = true;
      await apptainer(settings.binary, ["instance", "stop", instance]);
    },
  };
  return openBackendSession("singularity", transport, options, absoluteOrHome(options.cwd));
}

/** The singularity (Apptainer) backend. */
export const singularityBackend: EnvironmentBackend = defineEnvironmentBackend({
  type: "singularity",
  capabilities: REMOTE_CAPABILITIES,
  create: (options) => createSingularityEnvironment(options),
  probe: async (options) => {
    singularitySettingsFrom(options);
  },
});

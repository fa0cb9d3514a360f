import { randomBytes } from "node:crypto";
import { buildChildEnv } from "@hermes-agent/core";
import { runInSandbox } from "./daytona-command.js";
import { RELAY_CLIENT, startRelay } from "./daytona-relay.js";
import {
  assertDaytonaSdkInstalled,
  loadDaytonaSdk,
  type DaytonaSdkClient,
  type DaytonaSdkCreateParams,
  type DaytonaSdkSandbox,
} from "./daytona-sdk.js";
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
import { REMOTE_WRAPPER } from "./remote-shell-script.js";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";

/** Daytona-only settings. */
export interface DaytonaEnvironmentOptions extends EnvironmentOptions {
  /** Module (path or file URL) of the SDK's shape to use instead of `@daytonaio/sdk`. */
  readonly daytonaModule?: string;
}

const DEFAULT_IMAGE = "nikolaik/python-nodejs:python3.11-nodejs20";
const DEFAULT_API_URL = "https://app.daytona.io/api";
/** Daytona's largest disk for a sandbox, in GiB; bigger requests are capped. */
const MAX_DISK_GIB = 10;
/** Seconds to wait for a sandbox to be created or started. */
const START_TIMEOUT_SECONDS = 180;

/** Resources for the sandbox from Hermes' keys: cpu, memory MB → GiB (rounded up), disk ≤ 10 GiB. */
export function daytonaResources(backend: Readonly<Record<string, unknown>>): {
  cpu: number;
  memory: number;
  disk: number;
} {
  const number = (value: unknown, fallback: number): number => {
    const n = Number(value);
    return value !== undefined && value !== null && Number.isFinite(n) && n > 0 ? n : fallback;
  };
  const gib = (mb: number): number => Math.max(1, Math.ceil(mb / 1024));
  return {
    cpu: number(backend.container_cpu, 1),
    memory: gib(number(backend.container_memory, 5120)),
    disk: Math.min(MAX_DISK_GIB, gib(number(backend.container_disk, 51200))),
  };
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" ? status : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404 || /not found/i.test(messageOf(error));
}

/** A clear message for an error the SDK raised, naming the fix. */
export function describeDaytonaError(error: unknown, apiUrl?: string): string {
  const message = messageOf(error);
  const status = statusOf(error);
  if (/quota|limit exceeded|exceeds|insufficient|too many/i.test(message) || status === 429)
    return `Daytona refused to start a sandbox (${message}). Stop or delete unused sandboxes, raise the organization's limits, or lower terminal.container_cpu / container_memory / container_disk.`;
  if (status === 401 || status === 403 || /unauthori[sz]ed|forbidden|api key/i.test(message))
    return `Daytona refused the API key (${message}). Check DAYTONA_API_KEY (and DAYTONA_API_URL for a self-hosted Daytona).`;
  if (
    status === undefined &&
    /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|socket|network|connect/i.test(message)
  )
    return `Could not reach the Daytona API${apiUrl === undefined ? "" : ` at ${apiUrl}`} (${message}). Check DAYTONA_API_URL and the network.`;
  return `Daytona error: ${message}`;
}

/** The API key, or a clear error when DAYTONA_API_KEY is not set. */
export function assertDaytonaCredentials(
  hostEnv: Readonly<Record<string, string | undefined>>,
): string {
  const apiKey = hostEnv.DAYTONA_API_KEY;
  if (apiKey === undefined || apiKey === "") {
    throw new TerminalError(
      TerminalErrorCode.BackendUnavailable,
      "No Daytona credentials: set DAYTONA_API_KEY (an API key from your Daytona dashboard), and DAYTONA_API_URL for a self-hosted Daytona.",
    );
  }
  return apiKey;
}

/** A sandbox that is there but not running: `stopped`, `archived`, ... (start it). */
function needsStart(sandbox: DaytonaSdkSandbox): boolean {
  return sandbox.state !== undefined && sandbox.state !== "started";
}

/** Find the task's sandbox: by name, then by label (one made by an older release). */
async function findSandbox(
  client: DaytonaSdkClient,
  name: string,
  labels: Record<string, string>,
): Promise<DaytonaSdkSandbox | undefined> {
  try {
    return await client.get(name);
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  for await (const sandbox of client.list({ labels, limit: 1 })) return sandbox;
  return undefined;
}

/**
 * Create the sandbox. A throwaway one whose name is taken (another live environment of the
 * same task, or one left by a crash) gets a suffixed name; its label still names the task.
 */
async function createSandbox(
  client: DaytonaSdkClient,
  params: DaytonaSdkCreateParams,
  persistent: boolean,
): Promise<DaytonaSdkSandbox> {
  try {
    return await client.create(params, { timeout: START_TIMEOUT_SECONDS });
  } catch (error) {
    if (persistent || statusOf(error) !== 409) throw error;
    const name = `${params.name ?? "hermes"}-${randomBytes(3).toString("hex")}`;
    return client.create({ ...params, name }, { timeout: START_TIMEOUT_SECONDS });
  }
}

/**
 * Make a daytona environment: one Daytona sandbox per task (`hermes-<task>`, label
 * `hermes_task_id`), commands through the SDK's process API. A persistent task resumes its
 * stopped or archived sandbox and stops it at cleanup; otherwise the sandbox is deleted.
 * Needs `DAYTONA_API_KEY`; `DAYTONA_API_URL` and `DAYTONA_TARGET` are honoured.
 */
export async function createDaytonaEnvironment(
  options: DaytonaEnvironmentOptions,
): Promise<Environment> {
  const hostEnv = options.hostEnv ?? process.env;
  const backend = options.backendOptions ?? {};
  const apiKey = assertDaytonaCredentials(hostEnv);
  const sdk = await loadDaytonaSdk(options.daytonaModule);
  const apiUrl = hostEnv.DAYTONA_API_URL || DEFAULT_API_URL;
  const taskId = options.taskId ?? "default";
  const persistent = backend.container_persistent !== false;
  const name = `hermes-${taskId}`;
  const labels = { hermes_task_id: taskId, hermes_backend: "daytona" };
  const params: DaytonaSdkCreateParams = {
    name,
    image: typeof backend.daytona_image === "string" ? backend.daytona_image : DEFAULT_IMAGE,
    labels,
    autoStopInterval: 0,
    resources: daytonaResources(backend),
  };
  const fail = (error: unknown): TerminalError =>
    TerminalError.isInstance(error)
      ? error
      : new TerminalError(
          TerminalErrorCode.BackendUnavailable,
          describeDaytonaError(error, apiUrl),
          { cause: error },
        );

  let client: DaytonaSdkClient;
  let sandbox: DaytonaSdkSandbox;
  try {
    client = new sdk.Daytona({
      apiKey,
      apiUrl,
      ...(hostEnv.DAYTONA_TARGET ? { target: hostEnv.DAYTONA_TARGET } : {}),
    });
  } catch (error) {
    throw fail(error);
  }
  const live = client;
  try {
    const found = persistent ? await findSandbox(live, name, labels) : undefined;
    if (found === undefined) sandbox = await createSandbox(live, params, persistent);
    else {
      if (needsStart(found)) await found.start(START_TIMEOUT_SECONDS);
      sandbox = found;
    }
  } catch (error) {
    await live[Symbol.asyncDispose]().catch(() => undefined);
    throw fail(error);
  }

  let current = sandbox;
  const relay = await startRelay((call) => runInSandbox(current, call));
  const clientEnv = buildChildEnv({ hostEnv, withoutAgentDefaults: true });
  let closed = false;
  const transport: RemoteTransport = {
    command: (script, args) => ({
      file: process.execPath,
      args: [
        "-e",
        RELAY_CLIENT,
        relay.socketPath,
        script === REMOTE_WRAPPER ? "stream" : "bytes",
        script,
        ...args,
      ],
      env: clientEnv,
    }),
    describeFailure: (exitCode, stderr) => {
      const at = stderr.indexOf("daytona: ");
      if (exitCode !== 255 || at < 0) return undefined;
      const message = stderr.slice(at + 9).trim();
      return isNotFound(new Error(message))
        ? `The Daytona sandbox ${current.name} is gone (${message}). The next command creates a new one.`
        : describeDaytonaError(new Error(message), apiUrl);
    },
    async recover() {
      if (closed) return false;
      try {
        await current.refreshData();
        if (!needsStart(current)) return false;
        await current.start(START_TIMEOUT_SECONDS);
        return true;
      } catch (error) {
        if (!isNotFound(error)) return false;
      }
      try {
        current = await createSandbox(live, params, persistent);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await relay.close();
      try {
        if (persistent) await current.stop();
        else await current.delete();
      } catch {
        // Best effort, as in Hermes: a sandbox that is already gone needs nothing more.
      }
      await live[Symbol.asyncDispose]().catch(() => undefined);
    },
  };
  return openBackendSession("daytona", transport, options, absoluteOrHome(options.cwd));
}

/** The daytona backend. */
export const daytonaBackend: EnvironmentBackend = defineEnvironmentBackend({
  type: "daytona",
  capabilities: REMOTE_CAPABILITIES,
  create: (options) => createDaytonaEnvironment(options),
  probe: async (options: DaytonaEnvironmentOptions) => {
    assertDaytonaCredentials(options.hostEnv ?? process.env);
    assertDaytonaSdkInstalled(options.daytonaModule);
  },
});

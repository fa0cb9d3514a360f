import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildChildEnv, resolveHermesHome, userHome } from "@hermes-agent/core";
import {
  defineEnvironmentBackend,
  type Environment,
  type EnvironmentBackend,
  type EnvironmentOptions,
} from "./environment.js";
import {
  MODAL_EXEC_BRIDGE,
  type ModalSdkClient,
  type ModalSdkImage,
  type ModalSdkModule,
  type ModalSdkSandbox,
} from "./modal-sdk.js";
import {
  openBackendSession,
  absoluteOrHome,
  REMOTE_CAPABILITIES,
  type RemoteTransport,
} from "./remote-environment.js";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";

/** Modal-only settings. */
export interface ModalEnvironmentOptions extends EnvironmentOptions {
  /**
   * Module (path or file URL) of the SDK's shape to use instead of the `modal` package;
   * both this process and each command's bridge load it.
   */
  readonly modalModule?: string;
}

/** Sandbox lifetime, as Hermes sets it. */
const SANDBOX_TIMEOUT_MS = 3_600_000;
const APP_NAME = "hermes-agent";
const DEFAULT_IMAGE = "nikolaik/python-nodejs:python3.11-nodejs20";
const INSTALL_HINT = "install modal@0.11 to use the modal backend (npm install modal@0.11)";

/**
 * Variables Modal's SDK reads: the credentials and the settings that choose the account,
 * environment and server. Only these (and the child allowlist) reach the bridge.
 */
export const MODAL_BRIDGE_VARIABLES: readonly string[] = [
  "MODAL_TOKEN_ID",
  "MODAL_TOKEN_SECRET",
  "MODAL_PROFILE",
  "MODAL_CONFIG_PATH",
  "MODAL_ENVIRONMENT",
  "MODAL_SERVER_URL",
];

/** Where the SDK module is: the given one, or the installed `modal` package. */
function modalModuleUrl(explicit: string | undefined): string {
  if (explicit !== undefined)
    return explicit.startsWith("file:") ? explicit : pathToFileURL(explicit).href;
  try {
    // The `modal` package at 0.11.x is Modal's SDK; the 1.x versions under the same name are
    // an unrelated browser library, so the peer range is pinned to 0.11.
    return pathToFileURL(createRequire(import.meta.url).resolve("modal")).href;
  } catch {
    throw new TerminalError(
      TerminalErrorCode.BackendUnavailable,
      `The modal backend needs Modal's SDK: ${INSTALL_HINT}.`,
    );
  }
}

async function loadSdk(url: string): Promise<ModalSdkModule> {
  const sdk = (await import(url)) as Partial<ModalSdkModule>;
  if (typeof sdk.ModalClient !== "function") {
    throw new TerminalError(
      TerminalErrorCode.BackendUnavailable,
      `The installed 'modal' package is not Modal's SDK (no ModalClient export; the 1.x versions are an unrelated library): ${INSTALL_HINT}.`,
    );
  }
  return sdk as ModalSdkModule;
}

/** Throw a clear error unless MODAL_TOKEN_ID/MODAL_TOKEN_SECRET or ~/.modal.toml is there. */
export function assertModalCredentials(
  hostEnv: Readonly<Record<string, string | undefined>>,
): void {
  if (hostEnv.MODAL_TOKEN_ID && hostEnv.MODAL_TOKEN_SECRET) return;
  const toml = path.join(userHome(hostEnv), ".modal.toml");
  if (existsSync(toml)) return;
  throw new TerminalError(
    TerminalErrorCode.BackendUnavailable,
    "No Modal credentials: set MODAL_TOKEN_ID and MODAL_TOKEN_SECRET, or run `modal token new` to write ~/.modal.toml.",
  );
}

/** A clear message for an error the SDK raised, naming the fix. */
export function describeModalError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (
    /unauthenticated|permission denied|invalid token|token.*(missing|invalid)|401|403/i.test(
      message,
    )
  )
    return `Modal refused the credentials (${message}). Check MODAL_TOKEN_ID/MODAL_TOKEN_SECRET or run \`modal token new\`.`;
  if (/quota|resource ?exhausted|limit/i.test(message))
    return `Modal refused to start a sandbox (${message}). Check the workspace's limits and billing.`;
  return `Could not start a Modal sandbox: ${message}`;
}

type SnapshotRecord = Record<string, string>;

function readSnapshots(file: string): SnapshotRecord {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as SnapshotRecord;
  } catch {
    return {};
  }
}

function writeSnapshot(file: string, key: string, imageId: string | undefined): void {
  const record = readSnapshots(file);
  if (imageId === undefined) delete record[key];
  else record[key] = imageId;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
}

function positive(value: unknown): number | undefined {
  const n = Number(value);
  return value !== undefined && value !== null && Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * Make a modal environment: one Modal Sandbox per task, each command an exec relayed by a
 * small bridge process. Persistent tasks snapshot the filesystem at cleanup
 * (`HERMES_HOME/modal_snapshots.json`, key `direct:<task>`) and restore it next time,
 * falling back to the base image.
 */
export async function createModalEnvironment(
  options: ModalEnvironmentOptions,
): Promise<Environment> {
  const hostEnv = options.hostEnv ?? process.env;
  const backend = options.backendOptions ?? {};
  const moduleUrl = modalModuleUrl(options.modalModule);
  assertModalCredentials(hostEnv);
  const sdk = await loadSdk(moduleUrl);
  const taskId = options.taskId ?? "default";
  const persistent = backend.container_persistent !== false;
  const snapshotsFile = path.join(resolveHermesHome({ env: hostEnv }), "modal_snapshots.json");
  const snapshotKey = `direct:${taskId}`;
  const imageTag = typeof backend.modal_image === "string" ? backend.modal_image : DEFAULT_IMAGE;
  const cpu = positive(backend.container_cpu);
  const memoryMiB = positive(backend.container_memory);

  let client: ModalSdkClient;
  let sandbox: ModalSdkSandbox;
  try {
    client = new sdk.ModalClient({
      ...(hostEnv.MODAL_TOKEN_ID && hostEnv.MODAL_TOKEN_SECRET
        ? { tokenId: hostEnv.MODAL_TOKEN_ID, tokenSecret: hostEnv.MODAL_TOKEN_SECRET }
        : {}),
      ...(hostEnv.MODAL_ENVIRONMENT ? { environment: hostEnv.MODAL_ENVIRONMENT } : {}),
    });
    const app = await client.apps.fromName(APP_NAME, { createIfMissing: true });
    const base = (): ModalSdkImage => client.images.fromRegistry(imageTag);
    const create = (image: ModalSdkImage) =>
      client.sandboxes.create(app, image, {
        command: ["sleep", "infinity"],
        timeoutMs: SANDBOX_TIMEOUT_MS,
        ...(cpu === undefined ? {} : { cpu }),
        ...(memoryMiB === undefined ? {} : { memoryMiB }),
      });
    const snapshotId = persistent ? readSnapshots(snapshotsFile)[snapshotKey] : undefined;
    if (snapshotId === undefined) sandbox = await create(base());
    else {
      try {
        sandbox = await create(await client.images.fromId(snapshotId));
      } catch {
        writeSnapshot(snapshotsFile, snapshotKey, undefined);
        sandbox = await create(base());
      }
    }
  } catch (error) {
    if (TerminalError.isInstance(error)) throw error;
    throw new TerminalError(TerminalErrorCode.BackendUnavailable, describeModalError(error), {
      cause: error,
    });
  }
  const live = sandbox;
  const bridgeEnv = buildChildEnv({
    hostEnv,
    passthrough: MODAL_BRIDGE_VARIABLES,
    withoutAgentDefaults: true,
  });
  let closed = false;
  const transport: RemoteTransport = {
    command: (script, args) => ({
      file: process.execPath,
      args: [
        "--input-type=module",
        "-e",
        MODAL_EXEC_BRIDGE,
        moduleUrl,
        live.sandboxId,
        "bash",
        "--noprofile",
        "--norc",
        "-c",
        script,
        "hermes",
        ...args,
      ],
      env: bridgeEnv,
    }),
    describeFailure: (exitCode, stderr) =>
      exitCode === 255 && stderr.startsWith("modal: ")
        ? describeModalError(new Error(stderr.slice(7).trim()))
        : undefined,
    async close() {
      if (closed) return;
      closed = true;
      if (persistent) {
        try {
          const image = await live.snapshotFilesystem();
          writeSnapshot(snapshotsFile, snapshotKey, image.imageId);
        } catch {
          // The snapshot is best effort; the next start falls back to the base image.
        }
      }
      await live.terminate();
    },
  };
  return openBackendSession("modal", transport, options, absoluteOrHome(options.cwd));
}

/** The modal backend. */
export const modalBackend: EnvironmentBackend = defineEnvironmentBackend({
  type: "modal",
  capabilities: REMOTE_CAPABILITIES,
  create: (options) => createModalEnvironment(options),
  probe: async (options: ModalEnvironmentOptions) => {
    assertModalCredentials(options.hostEnv ?? process.env);
    modalModuleUrl(options.modalModule);
  },
});

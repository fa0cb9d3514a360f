import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import {
  createBackendRegistry,
  createTerminalRuntime,
  localBackend,
  resolveTerminalOptions,
  type TerminalRuntime,
} from "@hermes-agent/terminal";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  registerFileTools,
  type FileTools,
  type RegisterFileToolsOptions,
} from "../../src/index.js";
import {
  busyboxToolDir,
  mountNamespacesWork,
  NAMESPACE_WORKSPACE,
  namespaceBackend,
} from "./namespace-environment.js";

/** The ways the tools reach files in these tests. */
export type BackendName = "local" | "local-via-commands" | "namespace" | "namespace-busybox";

/**
 * local: host fast path; local-via-commands: the local Environment's commands; namespace: a
 * second Environment; namespace-busybox: the same with BusyBox's utilities instead of GNU's (as
 * in Alpine and other small images).
 */
export const BACKENDS: readonly BackendName[] = [
  "local",
  "local-via-commands",
  "namespace",
  "namespace-busybox",
];

/** A registry with the file tools over a fresh workspace. */
export interface FileToolsHarness {
  readonly backend: BackendName;
  readonly registry: ToolRegistry;
  readonly runtime: TerminalRuntime;
  readonly tools: FileTools;
  /** The workspace as the environment sees it (the task's cwd). */
  readonly root: string;
  /** Host directory holding the workspace. */
  readonly hostDir: string;
  /** The Hermes home the tools protect (a temp dir on the host). */
  readonly hermesHome: string;
  /** Call a tool; returns the raw string result. */
  raw(name: string, args: Record<string, unknown>, taskId?: string): Promise<string>;
  /** Call a tool and parse its JSON result (any trailing hint text is cut off first). */
  call(
    name: string,
    args: Record<string, unknown>,
    taskId?: string,
  ): Promise<Record<string, unknown>>;
  /** Write a workspace file from the host side. */
  put(relative: string, content: string | Uint8Array): string;
  /** Read a workspace file from the host side. */
  get(relative: string): string;
  /** Set a workspace file's modification time (seconds since the epoch). */
  touch(relative: string, seconds: number): void;
  close(): Promise<void>;
}

/** Parse a tool's JSON answer, ignoring the "[Hint: ...]" search_files appends. */
export function parseResult(text: string): Record<string, unknown> {
  const cut = text.indexOf("\n\n[Hint:");
  return JSON.parse(cut === -1 ? text : text.slice(0, cut)) as Record<string, unknown>;
}

function requireBusybox(): string {
  const dir = busyboxToolDir();
  if (dir === undefined) throw new Error("busybox not found: apt-get install -y busybox-static");
  return dir;
}

/** Build the tools on `backend` over a new temp workspace. */
export async function createFileToolsHarness(
  backend: BackendName,
  options: Partial<Omit<RegisterFileToolsOptions, "terminal">> = {},
): Promise<FileToolsHarness> {
  const workspace: TempDir = await createTempDir("hermes-file-tools-");
  const home: TempDir = await createTempDir("hermes-file-tools-home-");
  const hostDir = workspace.path;
  const useNamespace = backend === "namespace" || backend === "namespace-busybox";
  const toolDir = backend === "namespace-busybox" ? requireBusybox() : undefined;
  const backends = createBackendRegistry([localBackend, namespaceBackend(hostDir, toolDir)]);
  const root = useNamespace && mountNamespacesWork() ? NAMESPACE_WORKSPACE : hostDir;
  const runtime = createTerminalRuntime({
    // config.yaml only names the built-in backends; a backend registered in code is chosen
    // by overriding the resolved settings.
    settings: {
      ...resolveTerminalOptions({ config: { terminal: { backend: "local", cwd: root } } }),
      backend: useNamespace ? "namespace" : "local",
    },
    backends,
    approval: () => Promise.resolve({ approved: true, message: null }),
    killGraceMs: 200,
  });
  const registry = new ToolRegistry({ logger: silentLogger, hermesHome: home.path });
  const tools = registerFileTools(registry, {
    terminal: runtime,
    hermesHome: home.path,
    hostFastPath: backend === "local",
    ...options,
  });
  const hostPath = (relative: string): string => path.join(hostDir, relative);
  const raw = async (
    name: string,
    args: Record<string, unknown>,
    taskId?: string,
  ): Promise<string> => {
    const result = await registry.dispatch(name, args, taskId === undefined ? {} : { taskId });
    if (typeof result !== "string") throw new Error(`${name} returned a non-string result`);
    return result;
  };
  return {
    backend,
    registry,
    runtime,
    tools,
    root,
    hostDir,
    hermesHome: home.path,
    raw,
    call: async (name, args, taskId) => parseResult(await raw(name, args, taskId)),
    put(relative, content) {
      const file = hostPath(relative);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, content);
      return file;
    },
    get: (relative) => readFileSync(hostPath(relative), "utf8"),
    touch(relative, seconds) {
      utimesSync(hostPath(relative), seconds, seconds);
      statSync(hostPath(relative));
    },
    async close() {
      await runtime.shutdown();
      await workspace.remove();
      await home.remove();
    },
  };
}

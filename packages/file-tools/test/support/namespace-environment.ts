import {
  ENVIRONMENT_API_VERSION,
  MissingCapabilityError,
  defineEnvironmentBackend,
  type Environment,
  type EnvironmentCapabilities,
  type EnvironmentBackend,
  type ExecuteOptions,
  type ExecuteResult,
} from "@hermes-agent/terminal";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Where the workspace appears inside the namespace (absent on the host). */
export const NAMESPACE_WORKSPACE = "/mnt/ws";

let namespaceSupport: boolean | undefined;

/** Whether this machine lets us make a mount namespace (root, or user namespaces). */
export function mountNamespacesWork(): boolean {
  namespaceSupport ??=
    spawnSync("unshare", ["-m", "bash", "-c", "mount -t tmpfs none /mnt && mkdir /mnt/ws"], {
      stdio: "ignore",
    }).status === 0;
  return namespaceSupport;
}

function quote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

function prelude(hostDir: string): string {
  return `mount -t tmpfs none /mnt && mkdir ${NAMESPACE_WORKSPACE} && mount --bind ${quote(hostDir)} ${NAMESPACE_WORKSPACE} || exit 97`;
}

/**
 * A second Environment implementation for the tests, built like a container backend: every
 * command runs in its own mount namespace where the workspace is mounted at /mnt/ws, a
 * path that does not exist on the host, over a private /mnt. Files move through commands in
 * the namespace too (base64 over stdin/stdout, as container backends do), so anything that
 * touched the host filesystem with the environment's paths would fail here. No PTY, no
 * background processes, no persistent shell.
 */
class NamespaceEnvironment implements Environment {
  readonly apiVersion: typeof ENVIRONMENT_API_VERSION = ENVIRONMENT_API_VERSION;
  readonly type: string = "namespace";
  readonly capabilities: EnvironmentCapabilities = {
    pty: false,
    background: false,
    persistent: false,
    fileTransfer: true,
  };
  cwd: string;
  readonly #hostDir: string;
  /** The process holding the mount namespace; undefined where namespaces are not allowed. */
  readonly #holder: ReturnType<typeof spawn> | undefined;
  readonly #children = new Set<ReturnType<typeof spawn>>();
  /** A directory put first on PATH inside commands (BusyBox applets), or undefined. */
  readonly #toolDir: string | undefined;

  constructor(
    hostDir: string,
    holder: ReturnType<typeof spawn> | undefined,
    toolDir: string | undefined,
  ) {
    this.#hostDir = hostDir;
    this.#holder = holder;
    this.#toolDir = toolDir;
    this.cwd = holder === undefined ? hostDir : NAMESPACE_WORKSPACE;
  }

  /** The host path of a path as the environment sees it. */
  hostPath(inside: string): string {
    const absolute = path.posix.resolve(this.cwd, inside);
    if (this.#holder === undefined) return absolute;
    if (absolute === NAMESPACE_WORKSPACE) return this.#hostDir;
    if (absolute.startsWith(`${NAMESPACE_WORKSPACE}/`)) {
      return path.join(this.#hostDir, absolute.slice(NAMESPACE_WORKSPACE.length + 1));
    }
    return absolute;
  }

  execute(command: string, options: ExecuteOptions = {}): Promise<ExecuteResult> {
    if (options.pty === true) throw new MissingCapabilityError(this.type, "PTY mode (pty=true)");
    const cwd = options.cwd ?? this.cwd;
    const tools = this.#toolDir === undefined ? "" : `PATH=${quote(this.#toolDir)}:$PATH; `;
    const script = `${tools}cd "$1" || exit 98; eval "$2"`;
    const shell = ["bash", "-c", script, "ns", cwd, command];
    const holder = this.#holder;
    const [file, ...args] =
      holder === undefined ? shell : ["nsenter", "-t", String(holder.pid), "-m", ...shell];
    const child = spawn(file ?? "bash", args, {
      env: { PATH: "/usr/local/bin:/usr/bin:/bin", HOME: "/tmp", LANG: "C.UTF-8", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    this.#children.add(child);
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.stdin ?? "");
    let reason: "timeout" | "interrupt" | undefined;
    const stop = (why: "timeout" | "interrupt"): void => {
      reason ??= why;
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    };
    const timer = setTimeout(() => stop("timeout"), (options.timeout ?? 60) * 1000);
    const onAbort = (): void => stop("interrupt");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    return new Promise((resolve) => {
      child.on("close", (code) => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        this.#children.delete(child);
        const cap = options.maxOutputChars ?? 50_000;
        const omittedChars = Math.max(0, output.length - cap);
        const text =
          omittedChars > 0
            ? output.slice(0, cap * 0.4) + output.slice(output.length - cap * 0.6)
            : output;
        resolve({
          output: text,
          exitCode: reason === "timeout" ? 124 : reason === "interrupt" ? 130 : (code ?? 1),
          timedOut: reason === "timeout",
          interrupted: reason === "interrupt",
          omittedChars,
        });
      });
    });
  }

  spawnBackground(): never {
    throw new MissingCapabilityError(this.type, "background processes (background=true)");
  }

  async readFile(file: string): Promise<Uint8Array> {
    const result = await this.execute(`base64 -w0 -- ${quote(file)}`, { maxOutputChars: 1e9 });
    if (result.exitCode !== 0) throw new Error(`Cannot read ${file}: ${result.output.trim()}`);
    return Buffer.from(result.output.trim(), "base64");
  }

  async writeFile(file: string, data: string | Uint8Array): Promise<void> {
    const result = await this.execute(
      `mkdir -p -- "$(dirname -- ${quote(file)})" && base64 -d > ${quote(file)}`,
      {
        stdin: Buffer.from(data).toString("base64"),
      },
    );
    if (result.exitCode !== 0) throw new Error(`Cannot write ${file}: ${result.output.trim()}`);
  }

  cleanup(): Promise<void> {
    for (const child of this.#children)
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    if (this.#holder?.exitCode === null) this.#holder.kill("SIGKILL");
    return Promise.resolve();
  }
}

/**
 * A directory of BusyBox applets (as small container images have them), created once per
 * process; undefined when busybox is not installed.
 */
export function busyboxToolDir(): string | undefined {
  if (busyboxDir !== undefined) return busyboxDir || undefined;
  const listed = spawnSync("busybox", ["--list"], { encoding: "utf8" });
  if (listed.status !== 0) {
    busyboxDir = "";
    return undefined;
  }
  const binary = spawnSync("bash", ["-c", "command -v busybox"], {
    encoding: "utf8",
  }).stdout.trim();
  busyboxDir = mkdtempSync(path.join(os.tmpdir(), "hermes-busybox-"));
  for (const applet of listed.stdout.split("\n")) {
    // bash stays the host's (the environment's shell); every utility is BusyBox's.
    if (applet === "" || applet === "bash" || applet === "sh") continue;
    symlinkSync(binary, path.join(busyboxDir, applet));
  }
  process.once("exit", () => rmSync(busyboxDir ?? "", { recursive: true, force: true }));
  return busyboxDir;
}
let busyboxDir: string | undefined;

/**
 * A backend of type "namespace" whose environments map /mnt/ws onto `hostDir`; with
 * `toolDir`, that directory comes first on PATH inside every command.
 */
export function namespaceBackend(
  hostDir: string,
  toolDir?: string,
): EnvironmentBackend & { last(): NamespaceEnvironment | undefined } {
  let last: NamespaceEnvironment | undefined;
  const backend = defineEnvironmentBackend({
    type: "namespace",
    capabilities: { pty: false, background: false, persistent: false, fileTransfer: true },
    create: async () => {
      // One long-lived process holds the namespace (like a container); commands enter it.
      if (!mountNamespacesWork()) {
        // Still a second implementation (own command runner, file transfer through commands),
        // but over host paths: this machine does not allow mount namespaces.
        last = new NamespaceEnvironment(hostDir, undefined, toolDir);
        return last;
      }
      const holder = spawn(
        "unshare",
        ["-m", "bash", "-c", `${prelude(hostDir)}; echo ready; exec sleep 100000`],
        {
          stdio: ["ignore", "pipe", "ignore"],
        },
      );
      await new Promise<void>((resolve, reject) => {
        holder.stdout.once("data", () => resolve());
        holder.once("exit", (code) => reject(new Error(`namespace setup failed (exit ${code})`)));
      });
      last = new NamespaceEnvironment(hostDir, holder, toolDir);
      return last;
    },
  });
  return Object.assign(backend, { last: () => last });
}

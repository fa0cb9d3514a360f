import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  ENVIRONMENT_API_VERSION,
  type BackgroundProcess,
  type Environment,
  type EnvironmentCapabilities,
  type ExecuteOptions,
  type ExecuteResult,
} from "@hermes-agent/terminal";

/**
 * A second Environment implementation for the tests: a "remote host" whose commands run in a
 * bare environment (no host variables, its own HOME and TMPDIR under `root`), reached only
 * through `execute`. It stands in for a container or ssh backend.
 */
export class IsolatedEnvironment implements Environment {
  readonly apiVersion: typeof ENVIRONMENT_API_VERSION = ENVIRONMENT_API_VERSION;
  readonly type: string = "isolated";
  readonly capabilities: EnvironmentCapabilities = {
    pty: false,
    background: false,
    persistent: false,
    fileTransfer: true,
  };
  readonly cwd: string;
  readonly #root: string;
  readonly #path: string;
  /** Every command run, for assertions. */
  readonly commands: string[] = [];

  constructor(root: string, options: { path?: string } = {}) {
    this.#root = root;
    this.cwd = root;
    this.#path = options.path ?? process.env.PATH ?? "/usr/bin:/bin";
    mkdirSync(path.join(root, "tmp"), { recursive: true });
  }

  get tmpDir(): string {
    return path.join(this.#root, "tmp");
  }

  execute(command: string, options: ExecuteOptions = {}): Promise<ExecuteResult> {
    this.commands.push(command);
    return new Promise((resolve) => {
      const child = spawn("/bin/bash", ["-c", command], {
        cwd: options.cwd ?? this.cwd,
        env: { PATH: this.#path, HOME: this.#root, TMPDIR: this.tmpDir, ...options.env },
        detached: true,
        stdio: ["pipe", "pipe", "pipe"],
      });
      let output = "";
      let reason: "timeout" | "interrupt" | undefined;
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
      child.stdin.on("error", () => undefined);
      child.stdin.end(options.stdin ?? "");
      const kill = (why: "timeout" | "interrupt"): void => {
        reason ??= why;
        try {
          process.kill(-(child.pid ?? 0), "SIGKILL");
        } catch {
          // already gone
        }
      };
      const timer = setTimeout(() => kill("timeout"), (options.timeout ?? 60) * 1000);
      const onAbort = (): void => kill("interrupt");
      options.signal?.addEventListener("abort", onAbort, { once: true });
      child.once("close", (code) => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        resolve({
          output,
          exitCode: reason === "timeout" ? 124 : reason === "interrupt" ? 130 : (code ?? 1),
          timedOut: reason === "timeout",
          interrupted: reason === "interrupt",
          omittedChars: 0,
        });
      });
    });
  }

  spawnBackground(): Promise<BackgroundProcess> {
    return Promise.reject(new Error("background processes are not supported here"));
  }

  readFile(file: string): Promise<Uint8Array> {
    return Promise.resolve(readFileSync(path.resolve(this.cwd, file)));
  }

  writeFile(file: string, data: string | Uint8Array): Promise<void> {
    writeFileSync(path.resolve(this.cwd, file), data);
    return Promise.resolve();
  }

  cleanup(): Promise<void> {
    return Promise.resolve();
  }
}

import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const packageDir = fileURLToPath(new URL("../..", import.meta.url));
const bin = path.join(packageDir, "src/bin/hermes-agent.ts");
/** tsx's ESM loader, resolved from here: the CLI runs in a temp dir where `tsx` is not findable. */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm")).href;

/** The command line that runs the CLI from source: `node --import tsx src/bin/hermes-agent.ts`. */
export function cliCommand(args: readonly string[]): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: ["--conditions=@hermes-agent/source", "--import", tsxLoader, bin, ...args],
  };
}

/** A minimal environment for the CLI child: PATH, a temp home as HOME and HERMES_HOME. */
export function cliEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: home,
    HERMES_HOME: home,
    LANG: "C.UTF-8",
    ...extra,
  };
}

/** What a finished CLI run printed and its exit code. */
export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Run the CLI as a child process in `home` (stdin closed unless `input` is given). */
export function runCliProcess(
  home: string,
  args: readonly string[],
  extraEnv: Record<string, string> = {},
  input?: string,
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const line = cliCommand(args);
    const child = spawn(line.command, line.args, {
      cwd: home,
      env: cliEnv(home, extraEnv),
      stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    if (input !== undefined) child.stdin?.end(input);
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

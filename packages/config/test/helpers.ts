import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const PACKAGE_ROOT = path.resolve(import.meta.dirname, "..");

/** Run a TypeScript fixture in a child node process (tsx, source condition). */
export function spawnFixture(name: string, args: readonly string[]): ChildProcess {
  return spawn(
    process.execPath,
    [
      "--conditions=@hermes-agent/source",
      "--import",
      "tsx",
      path.join(PACKAGE_ROOT, "test", "fixtures", name),
      ...args,
    ],
    { cwd: PACKAGE_ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
}

/** Resolve with the child's exit code and output. */
export function waitForExit(
  child: ChildProcess,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

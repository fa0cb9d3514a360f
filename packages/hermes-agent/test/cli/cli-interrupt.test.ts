import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { createTempDir, waitUntil, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, expect, test } from "vitest";
import { cliCommand, cliEnv } from "../helpers/cli-process.js";

let home: TempDir;
beforeEach(async () => {
  home = await createTempDir("hermes-cli-interrupt-");
});
afterEach(async () => {
  await home.remove();
});

test(
  "Ctrl-C during exec prints what the script printed so far and exits 130",
  { timeout: 60_000 },
  async () => {
    const marker = path.join(home.path, "started");
    const script = path.join(home.path, "s7.py");
    await writeFile(
      script,
      [
        "import time, pathlib",
        'print("start", flush=True)',
        `pathlib.Path(${JSON.stringify(marker)}).touch()`,
        "time.sleep(30)",
        'print("end")',
        "",
      ].join("\n"),
    );
    const line = cliCommand(["exec", script]);
    const child = spawn(line.command, line.args, {
      cwd: home.path,
      env: cliEnv(home.path),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    try {
      expect(await waitUntil(() => existsSync(marker), { timeoutMs: 40_000 })).toBe(true);
      child.kill("SIGINT");
      expect(await exited, stderr).toBe(130);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    expect(stdout).toContain("start");
    expect(stdout).toContain("[execution interrupted");
    expect(stdout).not.toContain("end");
    expect(stdout + stderr).not.toContain("was cancelled");
  },
);

import { afterEach, describe, expect, test } from "vitest";
import {
  assertCapability,
  createBackendRegistry,
  createTerminalRuntime,
  defineEnvironmentBackend,
  resolveTerminalOptions,
  runTerminalTool,
  type Environment,
  type TerminalRuntime,
} from "../src/index.js";
import { recordingApprove } from "./tool-harness.js";

const runtimes: TerminalRuntime[] = [];
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.shutdown()));
});

describe("limits and capabilities at the tool level", () => {
  test("a background process over the tracking limit is refused before it starts", async () => {
    const runtime = createTerminalRuntime({
      settings: resolveTerminalOptions({ config: { terminal: { cwd: "/" } } }),
      approval: recordingApprove(),
      processes: { maxProcesses: 1 },
      killGraceMs: 200,
    });
    runtimes.push(runtime);
    expect(await runTerminalTool(runtime, { command: "sleep 60", background: true })).toMatchObject(
      { exit_code: 0 },
    );
    const refused = await runTerminalTool(runtime, { command: "sleep 60", background: true });
    expect(refused).toMatchObject({ exit_code: -1, status: "error" });
    expect(refused.error).toMatch(/Too many background processes/);
    expect(runtime.processes.list()).toHaveLength(1);
  });

  test("pty on a backend without PTY support is a clear error and nothing runs", async () => {
    const ran: string[] = [];
    const capabilities = { pty: false, background: false, persistent: true, fileTransfer: false };
    const fake: Environment = {
      apiVersion: 1,
      type: "ssh",
      capabilities,
      cwd: "/",
      execute(command, options = {}) {
        if (options.pty === true) assertCapability(this, "pty");
        ran.push(command);
        return Promise.resolve({
          output: "",
          exitCode: 0,
          timedOut: false,
          interrupted: false,
          omittedChars: 0,
        });
      },
      spawnBackground() {
        assertCapability(this, "background");
        return Promise.reject(new Error("unreachable"));
      },
      readFile: () => Promise.reject(new Error("unreachable")),
      writeFile: () => Promise.reject(new Error("unreachable")),
      cleanup: () => Promise.resolve(),
    };
    const backends = createBackendRegistry([
      defineEnvironmentBackend({ type: "ssh", capabilities, create: () => Promise.resolve(fake) }),
    ]);
    const runtime = createTerminalRuntime({
      settings: resolveTerminalOptions({ config: { terminal: { backend: "ssh" } } }),
      approval: recordingApprove(),
      backends,
    });
    runtimes.push(runtime);
    expect(await runTerminalTool(runtime, { command: "top", pty: true })).toEqual({
      output: "",
      exit_code: -1,
      error: "The 'ssh' terminal backend does not support PTY mode (pty=true).",
      status: "error",
    });
    expect((await runTerminalTool(runtime, { command: "sleep 1", background: true })).error).toBe(
      "The 'ssh' terminal backend does not support background processes (background=true).",
    );
    expect(ran).toEqual([]);
  });
});

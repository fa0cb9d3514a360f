import { parseConfigText } from "@hermes-agent/config";
import { ToolRegistry } from "@hermes-agent/registry";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createBackendRegistry,
  createTerminalRuntime,
  defineEnvironmentBackend,
  localBackend,
  registerTerminalTools,
  resolveTerminalOptions,
  TerminalError,
  TerminalErrorCode,
  UnknownEnvironmentError,
  type TerminalRuntime,
} from "../src/index.js";
import { recordingApprove } from "./tool-harness.js";

const dockerClient = (process.env.PATH ?? "")
  .split(path.delimiter)
  .map((dir) => path.join(dir, "docker"))
  .find((candidate) => existsSync(candidate));

let dir: TempDir;
const runtimes: TerminalRuntime[] = [];
beforeEach(async () => {
  dir = await createTempDir();
});
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((runtime) => runtime.shutdown()));
  await dir.remove();
});

/** A terminal runtime over `terminal:` settings from YAML, with a host env of our own. */
function runtimeFor(
  terminalYaml: string,
  hostEnv: Record<string, string | undefined>,
  registry = new ToolRegistry(),
): { runtime: TerminalRuntime; registry: ToolRegistry } {
  const config = parseConfigText(`terminal:\n${terminalYaml}`).config;
  const runtime = registerTerminalTools(registry, {
    settings: resolveTerminalOptions({ config, env: hostEnv }),
    approval: recordingApprove(),
    hostEnv,
  });
  runtimes.push(runtime);
  return { runtime, registry };
}

function baseEnv(): Record<string, string | undefined> {
  return { PATH: process.env.PATH, HOME: dir.path, HERMES_HOME: path.join(dir.path, "hermes") };
}

describe("an unknown backend", () => {
  test("is refused when the runtime is made, listing the valid backends", () => {
    const attempt = () =>
      createTerminalRuntime({ settings: { backend: "dokcer" }, approval: recordingApprove() });
    expect(attempt).toThrow(UnknownEnvironmentError);
    expect(attempt).toThrow(
      "Unknown environment type: dokcer. Use 'local', 'docker', 'singularity', 'modal', 'daytona', or 'ssh'",
    );
  });

  test("a third-party backend registered in code is nameable in config.yaml", async () => {
    const backends = createBackendRegistry([localBackend]);
    backends.register(
      defineEnvironmentBackend({
        type: "sandbox-test",
        capabilities: localBackend.capabilities,
        create: (options) => localBackend.create(options),
      }),
    );
    const config = parseConfigText("terminal:\n  backend: sandbox-test\n  cwd: /\n").config;
    const runtime = createTerminalRuntime({
      settings: resolveTerminalOptions({ config, env: {} }),
      backends,
      approval: recordingApprove(),
    });
    runtimes.push(runtime);
    expect(await runtime.checkBackend()).toBeUndefined();
    expect(runtime.available()).toBe(true);
    expect((await (await runtime.environment()).execute("echo ok")).output).toBe("ok\n");
  });
});

describe("a known backend that cannot be used", () => {
  test.each([
    {
      name: "ssh without a host",
      yaml: "  backend: ssh\n",
      env: {},
      reason: /ssh backend needs terminal\.ssh_host/,
    },
    {
      name: "modal without a token",
      yaml: "  backend: modal\n",
      env: {},
      reason: /No Modal credentials: set MODAL_TOKEN_ID and MODAL_TOKEN_SECRET/,
    },
    {
      name: "docker without a docker client",
      yaml: "  backend: docker\n",
      env: { HERMES_DOCKER_BINARY: "/nonexistent/bin/docker" },
      reason: /docker client '\/nonexistent\/bin\/docker' was not found/,
    },
    {
      name: "singularity without apptainer",
      yaml: "  backend: singularity\n",
      env: { PATH: "/nonexistent/bin" },
      reason: /Neither 'apptainer' nor 'singularity' was found on PATH/,
    },
    {
      name: "daytona without an API key",
      yaml: "  backend: daytona\n",
      env: {},
      reason: /No Daytona credentials: set DAYTONA_API_KEY/,
    },
  ])("$name: unavailable with the reason, and a call says why", async ({ yaml, env, reason }) => {
    const { runtime, registry } = runtimeFor(yaml, { ...baseEnv(), ...env });
    expect(await runtime.checkBackend()).toMatch(reason);
    expect(runtime.available()).toBe(false);
    expect(runtime.unavailableReason()).toMatch(reason);
    expect(registry.getDefinitions(["terminal", "process"], { quiet: true })).toEqual([]);
    expect(registry.getEntry("terminal")?.unavailableReason?.()).toMatch(reason);
    const result = JSON.parse(
      String(await registry.dispatch("terminal", { command: "echo hi" })),
    ) as {
      error: string;
      status: string;
    };
    expect(result.status).toBe("disabled");
    expect(result.error).toMatch(/^Terminal tool disabled: /);
    expect(result.error).toMatch(reason);
  });

  test.skipIf(dockerClient === undefined)(
    "docker with its client but no daemon answering (needs the docker client: apt-get install docker.io)",
    async () => {
      const socket = path.join(dir.path, "no-dockerd.sock");
      const { runtime, registry } = runtimeFor("  backend: docker\n", {
        ...baseEnv(),
        DOCKER_HOST: `unix://${socket}`,
      });
      const reason = await runtime.checkBackend();
      expect(reason).toMatch(/Docker daemon|dockerd/);
      expect(registry.getDefinitions(["terminal"], { quiet: true })).toEqual([]);
      expect(runtime.unavailableReason()).toBe(reason);
    },
    30_000,
  );

  test("a failed environment creation marks the backend unavailable until it works again", async () => {
    let usable = false;
    const backends = createBackendRegistry([
      defineEnvironmentBackend({
        type: "flaky-test",
        capabilities: localBackend.capabilities,
        create: (options) =>
          usable
            ? localBackend.create(options)
            : Promise.reject(
                new TerminalError(TerminalErrorCode.BackendUnavailable, "flaky-test is down"),
              ),
        probe: () =>
          usable
            ? Promise.resolve()
            : Promise.reject(
                new TerminalError(TerminalErrorCode.BackendUnavailable, "flaky-test is down"),
              ),
      }),
    ]);
    const runtime = createTerminalRuntime({
      settings: { backend: "flaky-test", cwd: "/" },
      backends,
      approval: recordingApprove(),
    });
    runtimes.push(runtime);
    expect(runtime.available()).toBe(true);
    await expect(runtime.environment("t")).rejects.toThrow("flaky-test is down");
    expect(runtime.available()).toBe(false);
    expect(runtime.unavailableReason()).toBe("flaky-test is down");
    usable = true;
    expect(await runtime.checkBackend()).toBeUndefined();
    expect(runtime.available()).toBe(true);
  });
});

import { parseConfigText } from "@hermes-agent/config";
import { afterEach, describe, expect, test } from "vitest";
import { listTools } from "../../src/cli/tools-command.js";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

const harnesses: RuntimeHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.dispose()));
});

describe("terminal.backend", () => {
  test("a typo in a config object handed to createRuntime is a config error listing the backends", async () => {
    const config = parseConfigText("terminal:\n  backend: local\n").config;
    const attempt = startRuntime({
      config: { ...config, terminal: { ...config.terminal, backend: "dokcer" } },
    });
    await expect(attempt).rejects.toThrow(
      /terminal\.backend: 'dokcer' \("dokcer" is not a terminal backend; use one of local, docker, singularity, modal, daytona, ssh\)\. Check config\.yaml/,
    );
  });

  test("a typo in config.yaml stops createRuntime with the file, the key and the choices", async () => {
    const { createTempDir } = await import("@hermes-agent/test-utils");
    const { writeFile } = await import("node:fs/promises");
    const path = await import("node:path");
    const home = await createTempDir();
    try {
      await writeFile(path.join(home.path, "config.yaml"), "terminal:\n  backend: dokcer\n");
      await expect(startRuntime({ hermesHome: home.path })).rejects.toThrow(
        /config\.yaml.*terminal\.backend.*"dokcer" is not a terminal backend; use one of local, docker/,
      );
    } finally {
      await home.remove();
    }
  });

  test("a known backend that cannot be used: left out of the tool list, listed with the reason, a call says why", async () => {
    const config = parseConfigText("terminal:\n  backend: docker\n").config;
    const harness = await startRuntime({
      config,
      env: {
        PATH: process.env.PATH,
        HOME: "/nonexistent-home",
        HERMES_DOCKER_BINARY: "/nonexistent/bin/docker",
      },
    });
    harnesses.push(harness);
    const { runtime, logger } = harness;
    const names = runtime.getToolDefinitions().map((definition) => definition.function.name);
    expect(names).not.toContain("terminal");
    expect(names).not.toContain("process");
    expect(names).toContain("todo");
    const reason = /docker client '\/nonexistent\/bin\/docker' was not found/;
    const row = listTools(runtime, {}).find((tool) => tool.name === "terminal");
    expect(row).toMatchObject({ available: false });
    expect(row?.reason).toMatch(reason);
    expect(logger.lines.some((line) => /^warn The terminal tools are unavailable/.test(line))).toBe(
      true,
    );
    const result = parse(await runtime.handleFunctionCall("terminal", { command: "echo hi" }));
    expect(result.status).toBe("disabled");
    expect(String(result.error)).toMatch(reason);
  });
});

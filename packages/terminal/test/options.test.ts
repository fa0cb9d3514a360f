import { parseConfigText } from "@hermes-agent/config";
import { createTempDir } from "@hermes-agent/test-utils";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  InvalidOptionError,
  loadTerminalOptions,
  resolveTerminalOptions,
  TERMINAL_DEFAULTS,
} from "../src/index.js";

describe("resolveTerminalOptions", () => {
  test("Hermes' defaults", () => {
    expect(resolveTerminalOptions()).toEqual(TERMINAL_DEFAULTS);
    expect(TERMINAL_DEFAULTS).toMatchObject({
      backend: "local",
      timeoutSeconds: 180,
      lifetimeSeconds: 300,
      maxForegroundTimeoutSeconds: 600,
      maxOutputChars: 50_000,
    });
  });

  test("reads terminal.* and tool_output.max_bytes from a loaded config.yaml", () => {
    const { config } = parseConfigText(
      [
        "terminal:",
        "  backend: docker",
        "  cwd: /work",
        "  timeout: 60",
        "  lifetime_seconds: 90",
        "  env_passthrough: [GOPATH, CARGO_HOME]",
        "  docker_image: alpine:3",
        "tool_output:",
        "  max_bytes: 1234",
      ].join("\n"),
    );
    const options = resolveTerminalOptions({ config });
    expect(options).toMatchObject({
      backend: "docker",
      cwd: "/work",
      timeoutSeconds: 60,
      lifetimeSeconds: 90,
      maxForegroundTimeoutSeconds: 600,
      envPassthrough: ["GOPATH", "CARGO_HOME"],
      maxOutputChars: 1234,
    });
    expect(options.backendOptions.docker_image).toBe("alpine:3");
    expect(options.backendOptions.ssh_port).toBe(22);
  });

  test("Hermes' env vars win over config.yaml", () => {
    const options = resolveTerminalOptions({
      config: { terminal: { backend: "docker", timeout: 60 } },
      env: {
        TERMINAL_ENV: "ssh",
        TERMINAL_TIMEOUT: "42",
        TERMINAL_LIFETIME_SECONDS: "7",
        TERMINAL_MAX_FOREGROUND_TIMEOUT: "100",
        TERMINAL_CWD: "/srv",
        TERMINAL_SSH_HOST: "example.internal",
        TERMINAL_SSH_PORT: "2222",
      },
    });
    expect(options).toMatchObject({
      backend: "ssh",
      timeoutSeconds: 42,
      lifetimeSeconds: 7,
      maxForegroundTimeoutSeconds: 100,
      cwd: "/srv",
    });
    expect(options.backendOptions).toMatchObject({ ssh_host: "example.internal", ssh_port: 2222 });
  });

  test("a bad integer in an env var names the variable and the value", () => {
    expect(() => resolveTerminalOptions({ env: { TERMINAL_TIMEOUT: "soon" } })).toThrow(
      "Invalid value for TERMINAL_TIMEOUT: 'soon' (expected integer). Check ~/.hermes/.env or environment variables.",
    );
    expect(() => resolveTerminalOptions({ env: { TERMINAL_LIFETIME_SECONDS: "1.5" } })).toThrow(
      InvalidOptionError,
    );
    expect(() => resolveTerminalOptions({ env: { TERMINAL_SSH_PORT: "twenty" } })).toThrow(
      /TERMINAL_SSH_PORT: 'twenty'/,
    );
  });

  test("a bad integer in an unvalidated config names the key", () => {
    expect(() => resolveTerminalOptions({ config: { terminal: { timeout: "abc" } } })).toThrow(
      /Invalid value for terminal.timeout: 'abc'/,
    );
  });
});

describe("loadTerminalOptions", () => {
  test("reads config.yaml from the Hermes home, env vars on top", async () => {
    const home = await createTempDir();
    try {
      await writeFile(
        path.join(home.path, "config.yaml"),
        "terminal:\n  timeout: 77\n  backend: local\ntool_output:\n  max_bytes: 999\n",
      );
      const options = await loadTerminalOptions({
        home: home.path,
        env: { TERMINAL_LIFETIME_SECONDS: "12" },
      });
      expect(options).toMatchObject({
        backend: "local",
        timeoutSeconds: 77,
        lifetimeSeconds: 12,
        maxOutputChars: 999,
      });
    } finally {
      await home.remove();
    }
  });
});

import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  ConfigError,
  getConfigPath,
  loadConfig,
  loadConfigSync,
  loadConfigWithDiagnostics,
  parseConfigText,
} from "../src/index.js";

let home: TempDir;
beforeEach(async () => {
  home = await createTempDir();
});
afterEach(async () => {
  await home.remove();
});

describe("HERMES_HOME", () => {
  test("config.yaml lives in the home core resolves", async () => {
    expect(getConfigPath("/home/ada/.hermes")).toBe("/home/ada/.hermes/config.yaml");
    await writeFile(getConfigPath(home.path), "terminal:\n  timeout: 42\n");
    const config = await loadConfig({
      env: { HERMES_HOME: `~/${path.basename(home.path)}`, HOME: path.dirname(home.path) },
    });
    expect(config.terminal.timeout).toBe(42);
  });
});

describe("defaults", () => {
  test("a missing config.yaml gives Hermes' defaults", async () => {
    const loaded = await loadConfigWithDiagnostics({ home: home.path });
    expect(loaded.exists).toBe(false);
    const config = loaded.config;
    expect(config.terminal.backend).toBe("local");
    expect(config.terminal.timeout).toBe(180);
    expect(config.terminal.lifetime_seconds).toBe(300);
    expect(config.terminal.max_foreground_timeout).toBe(600);
    expect(config.code_execution).toMatchObject({
      timeout: 300,
      max_tool_calls: 50,
      mode: "project",
    });
    expect(config.approvals).toMatchObject({
      mode: "manual",
      timeout: 300,
      deny: [],
      cron_mode: "deny",
      denial_breaker_threshold: 3,
    });
    expect(config.command_allowlist).toEqual([]);
    expect(config.mcp_servers).toEqual({});
    expect(config.plugins).toEqual({ enabled: [], disabled: [], entries: {} });
    expect(config.tool_output).toEqual({
      max_bytes: 50_000,
      max_lines: 2000,
      max_line_length: 2000,
    });
  });

  test("an empty file and empty sections give the defaults too", async () => {
    await writeFile(getConfigPath(home.path), "terminal:\napprovals:\n");
    const config = await loadConfig({ home: home.path });
    expect(config.terminal.timeout).toBe(180);
    expect(config.approvals.mode).toBe("manual");
    expect(loadConfigSync({ path: getConfigPath(home.path) }).terminal.backend).toBe("local");
  });

  test("the HERMES_HOME environment variable selects the file", async () => {
    await writeFile(getConfigPath(home.path), "terminal:\n  backend: docker\n");
    const config = await loadConfig({ env: { HERMES_HOME: home.path } });
    expect(config.terminal.backend).toBe("docker");
  });
});

describe("legacy forms", () => {
  test("a scalar where a list is expected becomes a one-item list", () => {
    const { config } = parseConfigText(
      "command_allowlist: rm -rf build\napprovals:\n  deny: 'sudo *'\nplugins:\n  enabled: hello\n",
    );
    expect(config.command_allowlist).toEqual(["rm -rf build"]);
    expect(config.approvals.deny).toEqual(["sudo *"]);
    expect(config.plugins.enabled).toEqual(["hello"]);
  });

  test("a list written as a string is read as that list", () => {
    const { config } = parseConfigText(`command_allowlist: "[git push --force, make clean]"\n`);
    expect(config.command_allowlist).toEqual(["git push --force", "make clean"]);
  });

  test("numbers and booleans written as strings are accepted", () => {
    const { config } = parseConfigText("terminal:\n  timeout: '60'\n  persistent_shell: 'no'\n");
    expect(config.terminal.timeout).toBe(60);
    expect(config.terminal.persistent_shell).toBe(false);
  });

  test("approvals.mode spellings read the way Hermes reads them", () => {
    expect(parseConfigText("approvals:\n  mode: false\n").config.approvals.mode).toBe("off");
    expect(parseConfigText("approvals:\n  mode: '  SMART  '\n").config.approvals.mode).toBe(
      "smart",
    );
    const auto = parseConfigText("approvals:\n  mode: auto\n");
    expect(auto.config.approvals.mode).toBe("manual");
    expect(auto.warnings[0]).toContain("approvals.mode");
    expect(parseConfigText("approvals:\n  cron_mode: allow\n").config.approvals.cron_mode).toBe(
      "approve",
    );
  });

  test("an unknown code_execution.mode warns and reads as project, as in Hermes", () => {
    const sandbox = parseConfigText("code_execution:\n  mode: sandbox\n");
    expect(sandbox.config.code_execution.mode).toBe("project");
    expect(sandbox.warnings).toEqual([
      'code_execution.mode: "sandbox" is not a mode; using project. Set it to project or strict.',
    ]);
    expect(parseConfigText("code_execution:\n  mode: Strict\n").warnings).toEqual([]);
  });

  test("unknown keys are kept, and a non-mapping mcp_servers reads as none", () => {
    const { config } = parseConfigText(
      "model: hermes-4\nterminal:\n  custom_flag: 1\nmcp_servers: []\n",
    );
    expect(config.model).toBe("hermes-4");
    expect(config.terminal.custom_flag).toBe(1);
    expect(config.mcp_servers).toEqual({});
  });

  test("mcp_servers entries are kept as written", () => {
    const { config } = parseConfigText(
      "mcp_servers:\n  fs:\n    command: npx\n    args: [-y, server]\n",
    );
    expect(config.mcp_servers.fs).toEqual({ command: "npx", args: ["-y", "server"] });
  });
});

describe("errors", () => {
  test("bad YAML names the file and the line", async () => {
    const file = getConfigPath(home.path);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, "terminal:\n  backend: local\n  timeout: [1, 2\nother: x\n");
    const error = await loadConfig({ home: home.path }).catch((e: unknown) => e);
    expect(ConfigError.isInstance(error)).toBe(true);
    const configError = error as ConfigError;
    expect(configError.code).toBe("CONFIG_PARSE");
    expect(configError.file).toBe(file);
    expect(configError.line).toBeGreaterThanOrEqual(3);
    expect(configError.message).toContain(`${file}:${configError.line}`);
  });

  test("a bad value names the file, the line and the key", () => {
    const error = (() => {
      try {
        parseConfigText(
          "# settings\nterminal:\n  backend: local\n  timeout: soon\n",
          "/x/config.yaml",
        );
      } catch (e) {
        return e as ConfigError;
      }
      return undefined;
    })();
    expect(error?.code).toBe("CONFIG_INVALID");
    expect(error?.key).toBe("terminal.timeout");
    expect(error?.line).toBe(4);
    expect(error?.message).toMatch(/^\/x\/config\.yaml:4, key 'terminal\.timeout': /);
  });

  test("a top level that is not a mapping is refused", () => {
    expect(() => parseConfigText("- a\n- b\n")).toThrow(/top level must be a mapping/);
  });
});

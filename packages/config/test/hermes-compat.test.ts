import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  ConfigError,
  declareTerminalBackend,
  getConfigPath,
  loadConfig,
  loadConfigSync,
  loadConfigWithDiagnostics,
  parseConfigText,
  terminalBackendNames,
} from "../src/index.js";

let home: TempDir;
let project: string;
beforeEach(async () => {
  home = await createTempDir();
  project = path.join(home.path, "project");
  await mkdir(project);
});
afterEach(async () => {
  await home.remove();
});

describe("read as PyYAML reads it", () => {
  test("duplicate keys are accepted, the last wins, and a warning names the lines", () => {
    const loaded = parseConfigText("terminal:\n  timeout: 60\n  timeout: 90\n", "c.yaml");
    expect(loaded.config.terminal.timeout).toBe(90);
    expect(loaded.warnings.join("\n")).toMatch(
      /c\.yaml:3: key 'terminal\.timeout' is written 2 times.*line 2 ignored/,
    );
  });

  test("merge keys apply (a timeout of 99 reads as 99, not the default)", () => {
    const { config } = parseConfigText(
      "defaults: &d\n  timeout: 99\nterminal:\n  <<: *d\n  backend: local\n",
    );
    expect(config.terminal.timeout).toBe(99);
    expect(config.terminal).not.toHaveProperty("<<");
  });

  test("YAML 1.1 words are booleans the way Hermes reads them, single letters are not", () => {
    const { config } = parseConfigText(
      [
        "terminal:",
        "  persistent_shell: off",
        "  container_persistent: yes",
        "approvals:",
        "  mode: off",
        "command_allowlist: [y, n, On]",
        "",
      ].join("\n"),
    );
    expect(config.terminal.persistent_shell).toBe(false);
    expect(config.terminal.container_persistent).toBe(true);
    expect(config.approvals.mode).toBe("off");
    expect(config.command_allowlist).toEqual(["y", "n", "true"]);
  });

  test("the corpus file with anchors and merges reads as Hermes would", () => {
    const text = readFileSync(
      path.join(import.meta.dirname, "fixtures", "corpus", "anchors-and-merges.yaml"),
      "utf8",
    );
    const { config } = parseConfigText(text);
    expect(config.terminal.timeout).toBe(99);
    expect(config.terminal.persistent_shell).toBe(true);
    expect(config.terminal.backend).toBe("docker");
    expect(config.command_allowlist).toEqual(["git status", "ls -la"]);
    expect(config.approvals.mode).toBe("off");
  });

  test("loadConfigSync returns the same shape as loadConfig", async () => {
    await writeFile(getConfigPath(home.path), "terminal:\n  timeout: 42\n");
    const options = { home: home.path, projectDir: project, env: {} };
    expect(loadConfigSync(options)).toEqual(await loadConfig(options));
  });
});

describe("terminal backends", () => {
  test("an unknown backend is a config error naming the choices", () => {
    let error: unknown;
    try {
      parseConfigText("terminal:\n  backend: dokcer\n", "c.yaml");
    } catch (caught) {
      error = caught;
    }
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as ConfigError).key).toBe("terminal.backend");
    expect((error as Error).message).toMatch(
      /"dokcer" is not a terminal backend; use one of local, docker/,
    );
  });

  test("a backend declared by the package that provides it validates; others stay errors", () => {
    expect(() => parseConfigText("terminal:\n  backend: firecracker-test\n")).toThrow(
      /"firecracker-test" is not a terminal backend/,
    );
    declareTerminalBackend("Firecracker-Test");
    expect(terminalBackendNames()).toContain("firecracker-test");
    expect(
      parseConfigText("terminal:\n  backend: firecracker-test\n").config.terminal.backend,
    ).toBe("firecracker-test");
    expect(() => parseConfigText("terminal:\n  backend: firecraker-test\n")).toThrow(
      /use one of local, docker, singularity, modal, daytona, ssh, firecracker-test/,
    );
  });

  test("a known backend is accepted in any case", () => {
    expect(parseConfigText("terminal:\n  backend: Docker\n").config.terminal.backend).toBe(
      "docker",
    );
  });
});

describe("terminal.env_type, cli-config.yaml and TERMINAL_* variables", () => {
  test("env_type is the older name of backend", () => {
    const { config } = parseConfigText('terminal:\n  env_type: "ssh"\n  ssh_host: h\n');
    expect(config.terminal.backend).toBe("ssh");
    expect(config.terminal).not.toHaveProperty("env_type");
  });

  test("env_type and backend that disagree are an error naming both", () => {
    expect(() =>
      parseConfigText("terminal:\n  backend: docker\n  env_type: ssh\n", "c.yaml"),
    ).toThrow(
      /c\.yaml:3, key 'terminal\.env_type': terminal\.backend \("docker"\) and terminal\.env_type \("ssh"\) disagree/,
    );
    expect(
      parseConfigText("terminal:\n  backend: ssh\n  env_type: SSH\n").config.terminal.backend,
    ).toBe("ssh");
  });

  test("the seed's cli-config.yaml example loads unchanged", async () => {
    const fixture = readFileSync(
      path.join(import.meta.dirname, "fixtures", "seed-cli-config.yaml"),
      "utf8",
    );
    // The fixture is the documentation's example byte for byte (checked when the seed is here).
    const seed = "/work/shared/seeds/004_f58400a2143125b8.txt";
    if (existsSync(seed)) expect(readFileSync(seed, "utf8")).toContain(fixture);
    await writeFile(path.join(project, "cli-config.yaml"), fixture);
    const loaded = await loadConfigWithDiagnostics({
      home: home.path,
      projectDir: project,
      env: {},
    });
    expect(loaded.origin).toBe("cli-config.yaml");
    expect(loaded.path).toBe(path.join(project, "cli-config.yaml"));
    expect(loaded.config.terminal).toMatchObject({
      backend: "ssh",
      ssh_host: "my-server.example.com",
      ssh_user: "myuser",
      ssh_key: "~/.ssh/id_rsa",
      cwd: "/home/myuser/project",
    });
    expect(loaded.warnings.join("\n")).toMatch(/Indent them under 'terminal:'/);
  });

  test("a user's config.yaml wins over the project's cli-config.yaml as a whole", async () => {
    await writeFile(
      path.join(project, "cli-config.yaml"),
      "terminal:\n  env_type: ssh\n  timeout: 5\n",
    );
    await writeFile(getConfigPath(home.path), "terminal:\n  backend: docker\n");
    const loaded = await loadConfigWithDiagnostics({
      home: home.path,
      projectDir: project,
      env: {},
    });
    expect(loaded.origin).toBe("config.yaml");
    expect(loaded.config.terminal.backend).toBe("docker");
    expect(loaded.config.terminal.timeout).toBe(180);
  });

  test("TERMINAL_* variables that are set win over the file", async () => {
    await writeFile(getConfigPath(home.path), "terminal:\n  backend: docker\n  timeout: 30\n");
    const loaded = await loadConfigWithDiagnostics({
      home: home.path,
      projectDir: project,
      env: { TERMINAL_ENV: "local", TERMINAL_TIMEOUT: "45", TERMINAL_SSH_HOST: "" },
    });
    expect(loaded.config.terminal.backend).toBe("local");
    expect(loaded.config.terminal.timeout).toBe(45);
    expect(loaded.environment).toEqual(["TERMINAL_ENV", "TERMINAL_TIMEOUT"]);
  });

  test("a bad TERMINAL_* value is reported as coming from the variable", async () => {
    await expect(
      loadConfig({ home: home.path, projectDir: project, env: { TERMINAL_TIMEOUT: "soon" } }),
    ).rejects.toThrow(/from the TERMINAL_TIMEOUT environment variable/);
  });
});

import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { runEnvironmentConformance } from "../src/testing/index.js";
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, writeFileSync } from "node:fs";
import { promisify } from "node:util";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { describeRemoteStateRace } from "./remote-state-race.js";
import { describePathCommands } from "./path-commands.js";
import { createSshEnvironment, sshControlPath, type Environment } from "../src/index.js";
import { sshService } from "./live-services.js";

const MAX_OUTPUT = 20_000;
const service = sshService();
const skip = typeof service === "string" ? service : undefined;
let knownHosts: TempDir;

function sshOptions(extra: Record<string, unknown> = {}): Record<string, unknown> {
  if (typeof service === "string") return {};
  return {
    ssh_host: service.host,
    ssh_port: service.port,
    ssh_user: service.user,
    ssh_key: service.key,
    ssh_known_hosts_file: path.join(knownHosts.path, "known_hosts"),
    ...extra,
  };
}

beforeAll(async () => {
  knownHosts = await createTempDir();
});
afterAll(async () => {
  await knownHosts.remove();
});

runEnvironmentConformance("ssh", {
  create: () =>
    createSshEnvironment({
      maxOutputChars: MAX_OUTPUT,
      killGraceMs: 300,
      backendOptions: sshOptions(),
    }),
  maxOutputChars: MAX_OUTPUT,
  ...(skip === undefined ? {} : { skip }),
});

describeRemoteStateRace(
  "ssh",
  () => createSshEnvironment({ killGraceMs: 300, backendOptions: sshOptions() }),
  skip,
);

describePathCommands(
  "ssh",
  () => createSshEnvironment({ killGraceMs: 300, backendOptions: sshOptions() }),
  skip,
);

describe.skipIf(skip !== undefined)("ssh environment specifics", () => {
  const envs: Environment[] = [];
  afterAll(async () => {
    for (const env of envs) await env.cleanup();
  });
  const make = async (extra: Record<string, unknown> = {}, cwd?: string): Promise<Environment> => {
    const env = await createSshEnvironment({
      killGraceMs: 300,
      backendOptions: sshOptions(extra),
      ...(cwd === undefined ? {} : { cwd }),
    });
    envs.push(env);
    return env;
  };

  test("expands ~ on the remote side and starts in the remote home", async () => {
    const env = await make({}, "~");
    const home = (await env.execute('printf %s "$HOME"')).output;
    expect(env.cwd).toBe(home);
    expect((await env.execute("pwd", { cwd: "~" })).output.trim()).toBe(home);
  });

  test("reads and writes files relative to the remote cwd", async () => {
    const env = await make();
    const dir = (await env.execute("mktemp -d")).output.trim();
    await env.execute(`cd ${dir}`);
    await env.writeFile("sub/a.txt", "héllo\n");
    expect(new TextDecoder().decode(await env.readFile(`${dir}/sub/a.txt`))).toBe("héllo\n");
    await expect(env.readFile("missing.txt")).rejects.toThrow(/missing\.txt/);
    await env.execute(`rm -rf ${dir}`, { cwd: "/" });
  });

  test("later commands reuse the master connection", async () => {
    const env = await make();
    const controlPath = sshControlPath({
      host: "127.0.0.1",
      port: typeof service === "string" ? 0 : service.port,
      user: typeof service === "string" ? "" : service.user,
      key: typeof service === "string" ? undefined : service.key,
    });
    expect(existsSync(controlPath)).toBe(true);
    expect((await env.execute("echo ok")).output).toBe("ok\n");
  });

  test("commands share one connection, also after the master went away", async () => {
    if (typeof service === "string") return;
    // A key of its own gives this test a master no other test uses.
    const dir = await createTempDir();
    try {
      const key = path.join(dir.path, "key");
      copyFileSync(service.key, key);
      chmodSync(key, 0o600);
      const env = await make({ ssh_key: key });
      // The client's address and port as the server sees them: one TCP connection, one port.
      const connection = async (): Promise<string> =>
        (await env.execute('printf %s "${SSH_CONNECTION% * *}"')).output;
      const first = await connection();
      expect(first).toMatch(/^127\.0\.0\.1 \d+$/);
      expect(await connection()).toBe(first);
      // The master is gone (as when ControlPersist ran out): the next command starts one.
      const controlPath = sshControlPath({
        host: service.host,
        port: service.port,
        user: service.user,
        key,
      });
      execFileSync("ssh", ["-o", `ControlPath=${controlPath}`, "-O", "exit", "127.0.0.1"], {
        stdio: "ignore",
      });
      const second = await connection();
      expect(existsSync(controlPath)).toBe(true);
      expect(await connection()).toBe(second);
    } finally {
      for (const env of envs.splice(0)) await env.cleanup();
      await dir.remove();
    }
  });

  test("another agent process closing its master does not cut this one's command", async () => {
    if (typeof service === "string") return;
    const dir = await createTempDir();
    try {
      const key = path.join(dir.path, "key");
      copyFileSync(service.key, key);
      chmodSync(key, 0o600);
      const env = await make({ ssh_key: key });
      const marker = path.join(dir.path, "other-done");
      const running = env.execute(`while [ ! -e ${marker} ]; do sleep 0.05; done; echo finished`, {
        timeout: 60,
      });
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          "--conditions=@hermes-agent/source",
          "--import",
          "tsx",
          path.join(import.meta.dirname, "fixtures", "ssh-other-process.ts"),
          JSON.stringify(sshOptions({ ssh_key: key })),
        ],
        { cwd: path.dirname(import.meta.dirname), timeout: 60_000 },
      );
      expect(JSON.parse(stdout)).toEqual({ output: "other\n" });
      writeFileSync(marker, "");
      expect(await running).toMatchObject({ output: "finished\n", exitCode: 0 });
    } finally {
      for (const env of envs.splice(0)) await env.cleanup();
      await dir.remove();
    }
  });

  test("a host that is down is a clear error naming the fix, not a hang", async () => {
    await expect(make({ ssh_port: 1 })).rejects.toThrow(/Cannot reach SSH host .*ssh_port/);
  });

  test("a refused key is a clear error naming the fix", async () => {
    const dir = await createTempDir();
    try {
      const { execFileSync } = await import("node:child_process");
      const key = path.join(dir.path, "other_key");
      execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key]);
      await expect(
        make({ ssh_key: key, ssh_port: typeof service === "string" ? 0 : service.port }),
      ).rejects.toThrow(/refused the key.*ssh_key/s);
    } finally {
      await dir.remove();
    }
  });

  test("a changed host key is a clear error naming the fix", async () => {
    const dir = await createTempDir();
    try {
      const { writeFileSync } = await import("node:fs");
      const file = path.join(dir.path, "known_hosts");
      const port = typeof service === "string" ? 0 : service.port;
      writeFileSync(
        file,
        `[127.0.0.1]:${port} ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl\n`,
      );
      await expect(make({ ssh_known_hosts_file: file, ssh_user: "nobody-hermes" })).rejects.toThrow(
        /host key .*ssh-keygen -R/s,
      );
    } finally {
      await dir.remove();
    }
  });
});

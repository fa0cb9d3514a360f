import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { runEnvironmentConformance } from "../src/testing/index.js";
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, onTestFinished, test, vi } from "vitest";
import { describeRemoteStateRace } from "./remote-state-race.js";
import {
  assertModalCredentials,
  createModalEnvironment,
  type Environment,
  type ModalEnvironmentOptions,
} from "../src/index.js";
import { trackedEnvironments } from "./live-cloud.js";

const MAX_OUTPUT = 20_000;
const STANDIN = fileURLToPath(new URL("fixtures/modal-standin.mjs", import.meta.url));

let dir: TempDir;
let standIn: string;
const calls = (): Array<Record<string, unknown>> => {
  const file = path.join(dir.path, "state", "calls.log");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
};
const liveSandboxes = (): string[] => {
  const sandboxes = path.join(dir.path, "state", "sandboxes");
  return existsSync(sandboxes) ? readdirSync(sandboxes) : [];
};

beforeAll(async () => {
  dir = await createTempDir("hermes-modal-");
  standIn = path.join(dir.path, "modal-standin.mjs");
  copyFileSync(STANDIN, standIn);
});
afterAll(async () => {
  await dir.remove();
});

function options(
  extra: Record<string, unknown> = {},
  taskId = "conformance",
  env: Record<string, string> = {},
): ModalEnvironmentOptions {
  return {
    taskId,
    maxOutputChars: MAX_OUTPUT,
    killGraceMs: 300,
    modalModule: standIn,
    hostEnv: {
      HOME: dir.path,
      HERMES_HOME: path.join(dir.path, "hermes-home"),
      MODAL_TOKEN_ID: "ak-standin",
      MODAL_TOKEN_SECRET: "as-standin",
      ...env,
    },
    backendOptions: { container_persistent: false, ...extra },
  };
}

runEnvironmentConformance("modal (stand-in SDK on local processes)", {
  create: () => createModalEnvironment(options()),
  maxOutputChars: MAX_OUTPUT,
});

let races = 0;
describeRemoteStateRace("modal (stand-in SDK)", () =>
  createModalEnvironment(options({}, `race-${++races}`)),
);

describe("modal environment specifics", () => {
  const envs: Environment[] = [];
  afterAll(async () => {
    for (const env of envs) await env.cleanup();
  });
  const make = async (opts: ModalEnvironmentOptions): Promise<Environment> => {
    const env = await createModalEnvironment(opts);
    envs.push(env);
    return env;
  };

  test("creates the sandbox with Hermes' settings and terminates it at cleanup", async () => {
    const env = await make(
      options({ container_cpu: 2, container_memory: 4096, modal_image: "python:3.12" }, "settings"),
    );
    expect((await env.execute("echo inside")).output).toBe("inside\n");
    const create = calls().findLast((c) => c.call === "sandboxes.create");
    expect(create).toMatchObject({
      app: "ap-standin",
      image: "registry:python:3.12",
      params: { command: ["sleep", "infinity"], timeoutMs: 3_600_000, cpu: 2, memoryMiB: 4096 },
    });
    expect(calls()).toContainEqual({
      call: "apps.fromName",
      name: "hermes-agent",
      createIfMissing: true,
    });
    const before = liveSandboxes().length;
    await env.cleanup();
    expect(liveSandboxes().length).toBe(before - 1);
  });

  test("a persistent task snapshots at cleanup and restores the snapshot next time", async () => {
    const first = await make(options({ container_persistent: true }, "persist"));
    await first.execute("echo kept > ~/kept.txt");
    await first.cleanup();
    const record = JSON.parse(
      readFileSync(path.join(dir.path, "hermes-home", "modal_snapshots.json"), "utf8"),
    ) as Record<string, string>;
    expect(record["direct:persist"]).toMatch(/^im-/);
    const second = await make(options({ container_persistent: true }, "persist"));
    expect((await second.execute("cat ~/kept.txt")).output).toBe("kept\n");
  });

  test("a snapshot that no longer exists falls back to the base image", async () => {
    const home = path.join(dir.path, "hermes-home");
    writeFileSync(
      path.join(home, "modal_snapshots.json"),
      JSON.stringify({ "direct:stale": "im-gone" }),
    );
    const env = await make(options({ container_persistent: true }, "stale"));
    expect((await env.execute("echo ok")).output).toBe("ok\n");
    const record = JSON.parse(
      readFileSync(path.join(home, "modal_snapshots.json"), "utf8"),
    ) as Record<string, string>;
    expect(record["direct:stale"]).toBeUndefined();
  });

  test("the exec bridge gets a clean environment plus Modal's variables", async () => {
    vi.stubEnv("HERMES_TEST_HOST_ONLY", "not for the bridge");
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const env = await make(
      options({}, "clean-env", { OPENAI_API_KEY: "sk-not-for-modal", MODAL_ENVIRONMENT: "dev" }),
    );
    expect((await env.execute("echo ok")).output).toBe("ok\n");
    const names = calls().findLast((c) => c.call === "sandboxes.fromId")?.envNames;
    expect(names).toEqual(
      expect.arrayContaining(["HOME", "MODAL_TOKEN_ID", "MODAL_TOKEN_SECRET", "MODAL_ENVIRONMENT"]),
    );
    expect(names).not.toContain("OPENAI_API_KEY");
    expect(names).not.toContain("HERMES_TEST_HOST_ONLY");
  });

  test("refused credentials name the fix (the host environment given, not process.env)", async () => {
    await expect(
      createModalEnvironment(options({}, "refused", { MODAL_TOKEN_ID: "ak-refused" })),
    ).rejects.toThrow(/Modal refused the credentials.*modal token new/);
  });

  test("missing credentials name the fix", () => {
    expect(() => assertModalCredentials({ HOME: dir.path })).toThrow(
      /set MODAL_TOKEN_ID and MODAL_TOKEN_SECRET, or run `modal token new`/,
    );
  });

  test("a module that is not Modal's SDK names the install command", async () => {
    const wrong = path.join(dir.path, "not-modal.mjs");
    writeFileSync(wrong, "export const Modal = 1;\n");
    await expect(createModalEnvironment({ ...options(), modalModule: wrong })).rejects.toThrow(
      /install modal@0\.11 to use the modal backend/,
    );
  });
});

/**
 * The live suite: runs against Modal itself when MODAL_TOKEN_ID and MODAL_TOKEN_SECRET are set
 * and the `modal` 0.11 SDK is installed (a devDependency here), e.g.
 * `MODAL_TOKEN_ID=... MODAL_TOKEN_SECRET=... npx vitest run test/modal-environment.test.ts -t live`.
 */
const liveCredentials = Boolean(process.env.MODAL_TOKEN_ID && process.env.MODAL_TOKEN_SECRET);
if (!liveCredentials)
  console.warn("[live modal tests skipped] MODAL_TOKEN_ID / MODAL_TOKEN_SECRET are not set");
const live = trackedEnvironments(() =>
  createModalEnvironment({
    taskId: `live-${process.pid}`,
    maxOutputChars: MAX_OUTPUT,
    killGraceMs: 300,
    backendOptions: { container_persistent: false },
  }),
);
runEnvironmentConformance("modal (live)", {
  create: () => live.create(),
  maxOutputChars: MAX_OUTPUT,
  isProcessAlive: (pid) => live.isProcessAlive(pid),
  ...(liveCredentials ? {} : { skip: "MODAL_TOKEN_ID / MODAL_TOKEN_SECRET are not set" }),
});

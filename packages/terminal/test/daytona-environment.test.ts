import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { describeRemoteStateRace } from "./remote-state-race.js";
import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  createDaytonaEnvironment,
  daytonaBackend,
  daytonaResources,
  type DaytonaEnvironmentOptions,
  type Environment,
} from "../src/index.js";
import { runEnvironmentConformance } from "../src/testing/index.js";
import { startDaytonaStandIn, type DaytonaStandIn } from "./daytona-standin.js";
import { trackedEnvironments } from "./live-cloud.js";

const MAX_OUTPUT = 20_000;
const API_KEY = "dtn_standin_key";

let dir: TempDir;
let standIn: DaytonaStandIn;

beforeAll(async () => {
  dir = await createTempDir("hermes-daytona-");
  standIn = await startDaytonaStandIn(dir.path, API_KEY);
});
afterAll(async () => {
  await standIn.close();
  await dir.remove();
});

function options(
  extra: Record<string, unknown> = {},
  taskId = "conformance",
  env: Record<string, string> = {},
): DaytonaEnvironmentOptions {
  return {
    taskId,
    maxOutputChars: MAX_OUTPUT,
    killGraceMs: 300,
    hostEnv: {
      PATH: process.env.PATH,
      HOME: dir.path,
      DAYTONA_API_KEY: API_KEY,
      DAYTONA_API_URL: standIn.apiUrl,
      ...env,
    },
    backendOptions: { container_persistent: false, ...extra },
  };
}

// Process ids are checked inside the sandbox, as the live suite does.
const conformance = trackedEnvironments(() => createDaytonaEnvironment(options()));
runEnvironmentConformance("daytona (real SDK against a stand-in API on loopback)", {
  create: () => conformance.create(),
  maxOutputChars: MAX_OUTPUT,
  isProcessAlive: (pid) => conformance.isProcessAlive(pid),
});

let races = 0;
describeRemoteStateRace("daytona (real SDK against a stand-in API)", () =>
  createDaytonaEnvironment(options({}, `race-${++races}`)),
);

describe("daytona environment specifics", () => {
  const envs: Environment[] = [];
  afterAll(async () => {
    for (const env of envs) await env.cleanup();
  });
  const make = async (opts: DaytonaEnvironmentOptions): Promise<Environment> => {
    const env = await createDaytonaEnvironment(opts);
    envs.push(env);
    return env;
  };
  const byName = (name: string) => [...standIn.sandboxes.values()].find((s) => s.name === name);

  test("creates hermes-<task> with Hermes' labels, resources and no auto-stop; deletes it at cleanup", async () => {
    const env = await make(
      options(
        {
          container_cpu: 2,
          container_memory: 3000,
          container_disk: 51200,
          daytona_image: "python:3.12",
        },
        "settings",
      ),
    );
    expect((await env.execute("echo inside; pwd")).output).toBe(
      `inside\n${byName("hermes-settings")?.home}\n`,
    );
    const sandbox = byName("hermes-settings");
    expect(sandbox?.labels).toMatchObject({
      hermes_task_id: "settings",
      hermes_backend: "daytona",
    });
    expect(sandbox?.request).toMatchObject({ cpu: 2, memory: 3, disk: 10, autoStopInterval: 0 });
    expect(JSON.stringify(sandbox?.request.buildInfo)).toContain("python:3.12");
    const id = sandbox?.id ?? "";
    await env.cleanup();
    expect(standIn.sandboxes.has(id)).toBe(false);
    expect(standIn.pidsOf(id)).toEqual([]);
  });

  test("resources follow Hermes: memory GiB rounded up, at least 1, disk capped at 10 GiB", () => {
    expect(daytonaResources({})).toEqual({ cpu: 1, memory: 5, disk: 10 });
    expect(daytonaResources({ container_memory: 100, container_disk: 100 })).toEqual({
      cpu: 1,
      memory: 1,
      disk: 1,
    });
    expect(daytonaResources({ container_memory: 5121, container_disk: 4096 })).toMatchObject({
      memory: 6,
      disk: 4,
    });
  });

  test("a persistent task stops its sandbox at cleanup and resumes it (files kept) next time", async () => {
    const first = await make(options({ container_persistent: true }, "persist"));
    await first.execute("echo kept > ~/kept.txt");
    await first.cleanup();
    const sandbox = byName("hermes-persist");
    expect(sandbox?.state).toBe("stopped");
    const second = await make(options({ container_persistent: true }, "persist"));
    expect((await second.execute("cat ~/kept.txt")).output).toBe("kept\n");
    expect(byName("hermes-persist")?.id).toBe(sandbox?.id);
    expect([...standIn.sandboxes.values()].filter((s) => s.name === "hermes-persist")).toHaveLength(
      1,
    );
  });

  test("an archived sandbox found by its task label is started and reused", async () => {
    const first = await make(options({ container_persistent: true }, "archived"));
    await first.execute("echo from-before > ~/mark.txt");
    await first.cleanup();
    const sandbox = byName("hermes-archived");
    if (sandbox === undefined) throw new Error("no sandbox");
    sandbox.state = "archived";
    standIn.sandboxes.delete(sandbox.id);
    const renamed = { ...sandbox, name: "renamed-by-an-older-release", sessions: new Map() };
    standIn.sandboxes.set(sandbox.id, renamed);
    const second = await make(options({ container_persistent: true }, "archived"));
    expect((await second.execute("cat ~/mark.txt")).output).toBe("from-before\n");
    expect(renamed.state).toBe("started");
  });

  test("binary files pass through writeFile and readFile intact", async () => {
    const env = await make(options({}, "bytes"));
    const data = new Uint8Array(70_000).map((_, i) => (i * 7 + 3) % 256);
    await env.writeFile("blob.bin", data);
    expect(Buffer.from(await env.readFile("blob.bin")).equals(Buffer.from(data))).toBe(true);
    expect((await env.execute("wc -c < blob.bin")).output.trim()).toBe("70000");
  });

  test("a sandbox that vanished is recreated and the command runs once more", async () => {
    const env = await make(options({}, "vanish"));
    const before = byName("hermes-vanish");
    standIn.sandboxes.delete(before?.id ?? "");
    const result = await env.execute("echo again");
    expect(result).toMatchObject({ output: "again\n", exitCode: 0, environmentRecreated: true });
    expect(byName("hermes-vanish")?.id).not.toBe(before?.id);
  });

  test("a stopped sandbox is started again before the command runs", async () => {
    const env = await make(options({}, "restart"));
    const sandbox = byName("hermes-restart");
    if (sandbox !== undefined) sandbox.state = "stopped";
    expect((await env.execute("echo up")).output).toBe("up\n");
    expect(sandbox?.state).toBe("started");
  });
});

describe("daytona failures name the fix", () => {
  test("a missing DAYTONA_API_KEY", async () => {
    await expect(
      createDaytonaEnvironment({ ...options(), hostEnv: { HOME: "/nonexistent" } }),
    ).rejects.toThrow(/set DAYTONA_API_KEY/);
  });

  test("a module that is not Daytona's SDK names the install command", async () => {
    const wrong = path.join(dir.path, "not-daytona.mjs");
    writeFileSync(wrong, "export const Daytona = 1;\n");
    await expect(createDaytonaEnvironment({ ...options(), daytonaModule: wrong })).rejects.toThrow(
      /install @daytonaio\/sdk to use the daytona backend/,
    );
  });

  test("the backend's probe names a missing key without making a sandbox", async () => {
    const before = standIn.calls.length;
    await expect(daytonaBackend.probe?.({ hostEnv: {} })).rejects.toThrow(/set DAYTONA_API_KEY/);
    await expect(daytonaBackend.probe?.(options())).resolves.toBeUndefined();
    expect(standIn.calls.length).toBe(before);
  });

  test("a refused key (401)", async () => {
    await expect(
      createDaytonaEnvironment(options({}, "refused", { DAYTONA_API_KEY: "dtn_wrong" })),
    ).rejects.toThrow(/Daytona refused the API key \(Invalid API key\)\. Check DAYTONA_API_KEY/);
  });

  test("a refused quota", async () => {
    standIn.quotaMessage = "Total CPU quota exceeded. Maximum allowed: 4";
    try {
      await expect(createDaytonaEnvironment(options({}, "quota"))).rejects.toThrow(
        /Daytona refused to start a sandbox \(Total CPU quota exceeded.*lower terminal\.container_cpu/,
      );
    } finally {
      standIn.quotaMessage = undefined;
    }
  });

  test("an API that cannot be reached", async () => {
    const closed = await startDaytonaStandIn(dir.path, API_KEY);
    const url = closed.apiUrl;
    await closed.close();
    await expect(
      createDaytonaEnvironment(options({}, "unreachable", { DAYTONA_API_URL: url })),
    ).rejects.toThrow(/Could not reach the Daytona API at .*Check DAYTONA_API_URL/);
  });

  test("a sandbox deleted for good is reported as a tool result, not a crash", async () => {
    const env = await createDaytonaEnvironment(options({}, "gone"));
    try {
      const sandbox = [...standIn.sandboxes.values()].find((s) => s.name === "hermes-gone");
      standIn.sandboxes.delete(sandbox?.id ?? "");
      standIn.quotaMessage = "Total CPU quota exceeded. Maximum allowed: 4";
      const result = await env.execute("echo never");
      expect(result.exitCode).toBe(255);
      expect(result.output).toMatch(/The Daytona sandbox hermes-gone is gone/);
    } finally {
      standIn.quotaMessage = undefined;
      await env.cleanup();
    }
  });
});

/**
 * The live suite: runs against Daytona itself when DAYTONA_API_KEY is set (DAYTONA_API_URL
 * and DAYTONA_TARGET honoured), e.g.
 * `DAYTONA_API_KEY=... npx vitest run test/daytona-environment.test.ts -t live`.
 * Its sandboxes are throwaway ones (deleted at cleanup).
 */
const liveKey = process.env.DAYTONA_API_KEY;
const LIVE_TASK = `live-${process.pid}`;
if (liveKey === undefined || liveKey === "")
  console.warn("[live daytona tests skipped] DAYTONA_API_KEY is not set");

const live = trackedEnvironments(() =>
  createDaytonaEnvironment({
    taskId: LIVE_TASK,
    maxOutputChars: MAX_OUTPUT,
    killGraceMs: 300,
    backendOptions: { container_persistent: false, container_disk: 3072 },
  }),
);
runEnvironmentConformance("daytona (live)", {
  create: () => live.create(),
  maxOutputChars: MAX_OUTPUT,
  isProcessAlive: (pid) => live.isProcessAlive(pid),
  ...(liveKey === undefined || liveKey === "" ? { skip: "DAYTONA_API_KEY is not set" } : {}),
});

import { describe, expect, test } from "vitest";
import {
  BackendUnavailableError,
  createBackendRegistry,
  createEnvironment,
  defaultBackends,
  defineEnvironmentBackend,
  ENVIRONMENT_TYPES,
  MissingCapabilityError,
  TerminalError,
  TerminalErrorCode,
  UnknownEnvironmentError,
  type Environment,
  type EnvironmentBackend,
} from "../src/index.js";

describe("createEnvironment", () => {
  test("an unknown type lists the valid ones, as Hermes does", async () => {
    const attempt = createEnvironment("kubernetes");
    await expect(attempt).rejects.toBeInstanceOf(UnknownEnvironmentError);
    await expect(attempt).rejects.toThrow(
      "Unknown environment type: kubernetes. Use 'local', 'docker', 'singularity', 'modal', 'daytona', or 'ssh'",
    );
  });

  test("every known type has a backend in the default registry", () => {
    expect([...defaultBackends.types()].sort()).toEqual([...ENVIRONMENT_TYPES].sort());
  });

  test.each(ENVIRONMENT_TYPES)(
    "%s is known but not available in a registry without it",
    async (type) => {
      const attempt = createEnvironment(type, {}, createBackendRegistry([]));
      await expect(attempt).rejects.toBeInstanceOf(BackendUnavailableError);
      await expect(attempt).rejects.toMatchObject({
        code: TerminalErrorCode.BackendUnavailable,
        type,
      });
      await expect(attempt).rejects.toThrow(
        `'${type}' terminal backend is not available in this build`,
      );
    },
  );

  test("local works out of the box", async () => {
    const env = await createEnvironment("local", { cwd: "/" });
    try {
      expect(env.type).toBe("local");
      expect((await env.execute("pwd")).output).toBe("/\n");
    } finally {
      await env.cleanup();
    }
  });
});

describe("backend registry", () => {
  const fakeEnvironment = (ran: string[]): Environment => ({
    apiVersion: 1,
    type: "fake",
    capabilities: { pty: false, background: false, persistent: false, fileTransfer: false },
    cwd: "/",
    execute: (command) => {
      ran.push(command);
      return Promise.resolve({
        output: "",
        exitCode: 0,
        timedOut: false,
        interrupted: false,
        omittedChars: 0,
      });
    },
    spawnBackground: () => Promise.reject(new Error("unreachable")),
    readFile: () => Promise.reject(new Error("unreachable")),
    writeFile: () => Promise.reject(new Error("unreachable")),
    cleanup: () => Promise.resolve(),
  });

  test("a later package adds a backend by registering a factory", async () => {
    const ran: string[] = [];
    const backends = createBackendRegistry([]);
    const daytona = defineEnvironmentBackend({
      type: "daytona",
      capabilities: { pty: false, background: false, persistent: false, fileTransfer: false },
      create: () => Promise.resolve(fakeEnvironment(ran)),
    });
    backends.register(daytona);
    expect(backends.types()).toEqual(["daytona"]);
    const env = await createEnvironment("daytona", {}, backends);
    await env.execute("echo hi");
    expect(ran).toEqual(["echo hi"]);
    // the shared default registry is untouched
    expect(defaultBackends.get("daytona")).not.toBe(daytona);
  });

  test("a backend of another API version is refused", () => {
    const backends = createBackendRegistry([]);
    const future = {
      apiVersion: 2,
      type: "ssh",
      capabilities: {},
      create: () => Promise.reject(new Error("no")),
    };
    expect(() => backends.register(future as unknown as EnvironmentBackend)).toThrow(
      /API version 2/,
    );
  });

  test("errors carry a stable code and survive duplicate installs", () => {
    const error = new MissingCapabilityError("ssh", "PTY mode (pty=true)");
    expect(error.code).toBe("TERMINAL_MISSING_CAPABILITY");
    expect(TerminalError.isInstance(error)).toBe(true);
    const foreign = Object.assign(new Error("x"), {
      [Symbol.for("@hermes-agent/core/HermesError")]: true,
      code: "TERMINAL_MISSING_CAPABILITY",
    });
    expect(TerminalError.isInstance(foreign)).toBe(true);
    expect(TerminalError.isInstance(new Error("plain"))).toBe(false);
  });
});

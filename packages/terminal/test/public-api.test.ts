import { inspectErrorExports } from "@hermes-agent/test-utils";
import * as testing from "../src/testing/index.js";
import type { EnvironmentConformanceOptions } from "../src/testing/index.js";
import { describe, expect, expectTypeOf, test } from "vitest";
import * as api from "../src/index.js";
import type { BackgroundProcess, Environment } from "../src/index.js";

describe("public API", () => {
  test("exports exactly the curated names", () => {
    expect(Object.keys(api).sort()).toEqual(
      [
        "BackendUnavailableError",
        "REMOTE_CAPABILITIES",
        "createDockerEnvironment",
        "createSshEnvironment",
        "describeSshFailure",
        "dockerBackend",
        "dockerRunArgs",
        "dockerSettingsFrom",
        "openRemoteEnvironment",
        "reapOrphanContainers",
        "sshBackend",
        "sshControlPath",
        "sshTargetFrom",
        "assertDaytonaCredentials",
        "assertModalCredentials",
        "createDaytonaEnvironment",
        "createModalEnvironment",
        "daytonaBackend",
        "daytonaResources",
        "describeDaytonaError",
        "createSingularityEnvironment",
        "describeApptainerFailure",
        "describeModalError",
        "findApptainer",
        "instanceStartArgs",
        "modalBackend",
        "singularityBackend",
        "singularityScratchDir",
        "singularitySettingsFrom",
        "ENVIRONMENT_API_VERSION",
        "ENVIRONMENT_TYPES",
        "InvalidOptionError",
        "LOCAL_CAPABILITIES",
        "MissingCapabilityError",
        "PROCESS_ACTIONS",
        "PROCESS_DESCRIPTION",
        "PROCESS_PARAMETERS",
        "ProcessRegistry",
        "PtyUnavailableError",
        "TERMINAL_DEFAULTS",
        "TERMINAL_DESCRIPTION",
        "TERMINAL_PARAMETERS",
        "TERMINAL_TOOLSET",
        "TerminalError",
        "TerminalErrorCode",
        "UnknownEnvironmentError",
        "VERSION",
        "assertCapability",
        "createBackendRegistry",
        "createEnvironment",
        "createLocalEnvironment",
        "createTerminalRuntime",
        "defaultBackends",
        "defineEnvironmentBackend",
        "loadTerminalOptions",
        "localBackend",
        "registerTerminalTools",
        "resolveTerminalOptions",
        "runProcessTool",
        "runTerminalTool",
        "stripAnsi",
      ].sort(),
    );
  });

  test("the conformance suite is published as ./testing, typed against the real Environment", () => {
    expect(Object.keys(testing).sort()).toEqual(["pollUntil", "runEnvironmentConformance"]);
    expectTypeOf<
      EnvironmentConformanceOptions["create"]
    >().returns.resolves.toEqualTypeOf<Environment>();
    expectTypeOf<
      Awaited<ReturnType<Environment["spawnBackground"]>>
    >().toEqualTypeOf<BackgroundProcess>();
  });

  test("every exported error class carries the core HermesError brand", () => {
    const report = inspectErrorExports(api);
    expect(report.errorClasses).toEqual([
      "BackendUnavailableError",
      "InvalidOptionError",
      "MissingCapabilityError",
      "PtyUnavailableError",
      "TerminalError",
      "UnknownEnvironmentError",
    ]);
    expect(report.unbranded).toEqual([]);
  });

  test("the API version is a literal the backends must match", () => {
    expectTypeOf(api.ENVIRONMENT_API_VERSION).toEqualTypeOf<1>();
    expectTypeOf<api.EnvironmentType>().toEqualTypeOf<
      "local" | "docker" | "singularity" | "modal" | "daytona" | "ssh"
    >();
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import * as api from "../src/index.js";

describe("public API", () => {
  test("exports exactly the curated names", () => {
    expect(Object.keys(api).sort()).toEqual([
      "CODE_EXECUTION_TOOLSET",
      "ExecuteCodeError",
      "ExecuteCodeErrorCode",
      "FILE_RPC_POLL_MS",
      "HERMES_STUB_SPECS",
      "MAX_FRAME_CHARS",
      "MAX_STDERR_BYTES",
      "MAX_STDOUT_BYTES",
      "NEVER_SANDBOX_CALLABLE",
      "SANDBOX_ALLOWED_TOOLS",
      "SCRIPT_LANGUAGES",
      "TERMINAL_BLOCKED_ARGUMENTS",
      "VERSION",
      "buildExecuteCodeDescription",
      "buildExecuteCodeSchema",
      "createCodeExecutor",
      "createExecuteCodeSchemaPatch",
      "createRpcDispatcher",
      "defaultApproveScript",
      "describeSandboxTool",
      "generateJavaScriptModule",
      "generatePythonModule",
      "isSandboxCallable",
      "registerExecuteCodeTool",
      "resolveCodeExecutionSettings",
      "sandboxToolsFor",
      "startFileRpcServer",
      "startSocketRpcServer",
      "stubParametersFor",
      "validateArguments",
    ]);
  });

  test("VERSION is the version in package.json", () => {
    const manifest = JSON.parse(
      readFileSync(new URL("../package.json", import.meta.url), "utf8"),
    ) as { version: string };
    expect(api.VERSION).toBe(manifest.version);
  });

  test("errors carry stable codes and are recognised across copies", () => {
    const error = new api.ExecuteCodeError(api.ExecuteCodeErrorCode.Closed, "closed");
    expect(error.code).toBe("EXECUTE_CODE_CLOSED");
    expect(api.ExecuteCodeError.isInstance(error)).toBe(true);
    expect(api.ExecuteCodeError.isInstance(new Error("x"))).toBe(false);
  });
});

import { describe, expect, test } from "vitest";
import * as api from "../src/index.js";

describe("public API", () => {
  test("exports exactly the curated names", () => {
    expect(Object.keys(api).sort()).toEqual(
      [
        "AGENT_LOOP_TOOLS",
        "AGENT_TOOL_SCHEMAS",
        "BUILTIN_TOOL_PACKAGES",
        "DELEGATE_TASK_SCHEMA",
        "HOOK_NAMES",
        "HermesAgentError",
        "HermesAgentErrorCode",
        "HookBus",
        "MEMORY_SCHEMA",
        "MIDDLEWARE_KINDS",
        "RuntimeEvents",
        "SESSION_SEARCH_SCHEMA",
        "TODO_SCHEMA",
        "VERSION",
        "createRuntime",
        "defineToolPackage",
      ].sort(),
    );
  });
});

import { inspectErrorExports } from "@hermes-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as api from "../src/index.js";

describe("public API", () => {
  test("exports exactly the curated names", () => {
    expect(Object.keys(api).sort()).toEqual(
      [
        "AGENT_LOOP_TOOLS",
        "READ_ONLY_TOOLS",
        "resolveModelEndpoint",
        "isModelEndpoint",
        "DEFAULT_MAX_TOOL_CALLS_PER_TURN",
        "DEFAULT_MAX_ITERATIONS",
        "AGENT_TOOL_SCHEMAS",
        "BUILTIN_TOOL_PACKAGES",
        "DELEGATE_TASK_SCHEMA",
        "ENTRY_SEPARATOR",
        "HOOK_NAMES",
        "HermesAgentError",
        "HermesAgentErrorCode",
        "HookBus",
        "MAX_SEARCH_SESSIONS",
        "MAX_TODO_CONTENT_CHARS",
        "MAX_TODO_ITEMS",
        "MEMORY_CHAR_LIMITS",
        "MEMORY_SCHEMA",
        "MIDDLEWARE_KINDS",
        "MemoryStore",
        "RuntimeEvents",
        "SESSION_SEARCH_SCHEMA",
        "SessionStore",
        "TODO_SCHEMA",
        "TodoStore",
        "VERSION",
        "createRuntime",
        "defineToolPackage",
        "formatMemoryForPrompt",
        "scanMemoryEntry",
      ].sort(),
    );
  });

  test("every error class carries the HermesError brand", () => {
    expect(inspectErrorExports(api)).toEqual({ errorClasses: ["HermesAgentError"], unbranded: [] });
  });
});

import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { describe, expect, test } from "vitest";
import {
  buildExecuteCodeSchema,
  createExecuteCodeSchemaPatch,
  registerExecuteCodeTool,
  resolveCodeExecutionSettings,
  sandboxToolsFor,
  SANDBOX_ALLOWED_TOOLS,
} from "../src/index.js";

const signatureLines = (description: string): string[] =>
  description
    .split("\n")
    .filter((line) => /^ {2}\w+\(/.test(line))
    .map((line) => line.trim());

describe("execute_code schema", () => {
  test("is named execute_code with code required and lists every sandbox tool by default", () => {
    const schema = buildExecuteCodeSchema();
    expect(schema.name).toBe("execute_code");
    expect(schema.parameters.required).toEqual(["code"]);
    expect(signatureLines(schema.description)).toEqual([
      "web_search(query: str, limit: int = 5) -> dict",
      "web_extract(urls: list[str], char_limit: int = None) -> dict",
      "read_file(path: str, offset: int = 1, limit: int = 2000) -> dict",
      "write_file(path: str, content: str, cross_profile: bool = False) -> dict",
      'search_files(pattern: str, target="content", path=".", file_glob=None, limit=50, offset=0, output_mode="content", context=0, order="discovery") -> dict',
      'patch(path: str = None, old_string: str = None, new_string: str = None, replace_all: bool = False, mode: str = "replace", patch: str = None, cross_profile: bool = False) -> dict',
      "terminal(command: str, timeout=None, workdir=None) -> dict",
    ]);
    expect(schema.description).toContain("Limits: 5-minute timeout, max 50 tool calls per call.");
  });

  test("a subset lists only those tools; the import example follows them", () => {
    const schema = buildExecuteCodeSchema({ offeredTools: ["read_file", "terminal"] });
    expect(signatureLines(schema.description).map((line) => line.split("(")[0])).toEqual([
      "read_file",
      "terminal",
    ]);
    expect(schema.description).not.toMatch(
      /web_search|web_extract|write_file|search_files|patch\(/,
    );
    expect(JSON.stringify(schema.parameters)).toContain("from hermes_tools import terminal, ...");
  });

  test("the limits and the cwd sentence follow the settings", () => {
    const strict = buildExecuteCodeSchema({
      mode: "strict",
      timeoutSeconds: 90,
      maxToolCalls: 7,
      persistent: true,
    });
    expect(strict.description).toContain("Limits: 90-second timeout, max 7 tool calls per call.");
    expect(strict.description).toContain("Scripts run in their own temp dir");
    expect(strict.description).toContain("persistent interpreter");
    expect(buildExecuteCodeSchema().description).toContain(
      "Scripts run in the session's working directory.",
    );
  });

  test("sandboxToolsFor intersects with the selection and falls back to all", () => {
    expect(sandboxToolsFor(["terminal", "read_file", "browser_navigate"])).toEqual([
      "read_file",
      "terminal",
    ]);
    expect(sandboxToolsFor(["browser_navigate"])).toEqual([...SANDBOX_ALLOWED_TOOLS]);
    expect(sandboxToolsFor(undefined)).toEqual([...SANDBOX_ALLOWED_TOOLS]);
    expect(
      sandboxToolsFor(["execute_code", "mcp__a__b"], ["execute_code", "mcp__a__b", "terminal"]),
    ).toEqual(["terminal"]);
  });

  test("the schema patch rebuilds the description for the available tools", () => {
    const patch = createExecuteCodeSchemaPatch({ mode: "project" });
    const patched = patch(buildExecuteCodeSchema(), {
      availableTools: new Set(["terminal", "web_search", "vision_analyze"]),
    });
    expect(signatureLines(patched.description).map((line) => line.split("(")[0])).toEqual([
      "web_search",
      "terminal",
    ]);
  });

  test("the registered tool shows the model the full schema for the registered tools", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register({
      name: "terminal",
      toolset: "terminal",
      schema: {
        description: "t",
        parameters: {
          type: "object",
          properties: { command: { type: "string" } },
          required: ["command"],
        },
      },
      handler: () => "{}",
    });
    const executor = registerExecuteCodeTool(registry, { callTool: () => Promise.resolve("{}") });
    const [definition] = registry.getDefinitions(["execute_code"]);
    expect(definition?.function.parameters).toMatchObject({ required: ["code"] });
    expect(signatureLines(definition?.function.description ?? "")).toEqual([
      "terminal(command: str) -> dict",
    ]);
    expect(registry.getEmoji("execute_code")).toBe("🐍");
    expect(registry.getToolsetForTool("execute_code")).toBe("code_execution");
    void executor.close();
  });

  test("tools that fail their availability check are not offered", () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    for (const [name, available] of [
      ["terminal", true],
      ["read_file", false],
    ] as const) {
      registry.register({
        name,
        toolset: name,
        schema: {
          description: name,
          parameters: { type: "object", properties: { path: { type: "string" } } },
        },
        checkFn: () => available,
        handler: () => "{}",
      });
    }
    const executor = registerExecuteCodeTool(registry, { callTool: () => Promise.resolve("{}") });
    const names = registry
      .getDefinitions(["terminal", "read_file", "execute_code"])
      .map((d) => d.function.name);
    expect(names).toEqual(["execute_code", "terminal"]);
    const description = registry.getDefinitions(["execute_code"])[0]?.function.description ?? "";
    expect(signatureLines(description).map((line) => line.split("(")[0])).toEqual(["terminal"]);
    void executor.close();
  });

  test("where Unix sockets are missing the tool is unavailable", async () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    const executor = registerExecuteCodeTool(registry, {
      callTool: () => Promise.resolve("{}"),
      socketsAvailable: false,
    });
    expect(registry.getDefinitions(["execute_code"])).toEqual([]);
    expect(
      JSON.parse((await registry.dispatch("execute_code", { code: "print(1)" })) as string).error,
    ).toContain("unavailable");
    await executor.close();
  });

  test("settings take the config schema's defaults", () => {
    expect(resolveCodeExecutionSettings()).toEqual({
      timeout: 300,
      max_tool_calls: 50,
      mode: "project",
      kernel_idle_timeout: 1800,
      persistent: false,
    });
    expect(resolveCodeExecutionSettings({ mode: "STRICT" as "strict", timeout: 10 })).toMatchObject(
      { mode: "strict", timeout: 10 },
    );
    expect(() => resolveCodeExecutionSettings({ timeout: -1 })).toThrow(/code_execution\.timeout/);
  });
});

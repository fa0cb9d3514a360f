import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { ToolStartEvent } from "../../src/index.js";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

const harnesses: RuntimeHarness[] = [];
async function start(...args: Parameters<typeof startRuntime>): Promise<RuntimeHarness> {
  const harness = await startRuntime(...args);
  harnesses.push(harness);
  return harness;
}
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.dispose()));
});

// A human who approves: the CLI context, where execute_code runs and each terminal call is checked.
const approve = () => Promise.resolve("once" as const);

describe("execute_code in the runtime", () => {
  test("is offered with the code_execution toolset, listing only the selection's sandbox tools", async () => {
    const { runtime } = await start({ approval: approve });
    const definitions = runtime.getToolDefinitions({ enabled: ["terminal", "code_execution"] });
    const executeCode = definitions.find(
      (definition) => definition.function.name === "execute_code",
    );
    expect(executeCode?.function.parameters).toMatchObject({ required: ["code"] });
    expect(executeCode?.function.description).toContain("terminal(command: str");
    expect(executeCode?.function.description).not.toContain("web_search(");
    expect(executeCode?.function.description).not.toContain("read_file(");
  });

  test("a script's tool calls take the pipeline with origin execute_code", async () => {
    const { runtime, home } = await start({ approval: approve });
    const starts: ToolStartEvent[] = [];
    runtime.events.on("tool:start", (event) => starts.push(event));
    const code = 'from hermes_tools import terminal\nprint(terminal("pwd")["output"].strip())';
    const result = parse(
      await runtime.handleFunctionCall("execute_code", { code }, { taskId: "t1" }),
    );
    expect(result).toMatchObject({
      status: "success",
      output: `${home.path}\n`,
      tool_calls_made: 1,
    });
    expect(starts.map((event) => [event.tool, event.origin])).toEqual([
      ["execute_code", "model"],
      ["terminal", "execute_code"],
    ]);
    expect(starts[1]?.taskId).toBe("t1");
  });

  test("Hermes scripts passing order= and cross_profile= run against the real file tools", async () => {
    const { runtime, home } = await start({ approval: approve });
    mkdirSync(path.join(home.path, "ordered"));
    for (const name of ["b.md", "a.md"])
      writeFileSync(path.join(home.path, "ordered", name), "x\n");
    const code = [
      "from hermes_tools import search_files, write_file, patch",
      'found = search_files("*.md", target="files", path="ordered", order="discovery")',
      'w = write_file("ordered/c.md", "c\\n", cross_profile=False)',
      'p = patch(path="ordered/c.md", old_string="c", new_string="d", cross_profile=False)',
      'print(found["files"], w.get("error"), p.get("error"))',
    ].join("\n");
    const result = parse(await runtime.handleFunctionCall("execute_code", { code }));
    expect(result).toMatchObject({
      status: "success",
      output: "['ordered/a.md', 'ordered/b.md'] None None\n",
    });
    expect(readFileSync(path.join(home.path, "ordered", "c.md"), "utf8")).toBe("d\n");
  });

  test("hooks apply to script calls as to direct calls", async () => {
    const { runtime } = await start({ approval: approve });
    runtime.hooks.registerHook("pre_tool_call", (payload) =>
      payload.toolName === "terminal"
        ? { action: "block", message: "terminal is paused" }
        : undefined,
    );
    const code = 'from hermes_tools import terminal\nprint(terminal("echo hi"))';
    const result = parse(await runtime.handleFunctionCall("execute_code", { code }));
    expect(result).toMatchObject({
      status: "success",
      output: "{'error': 'terminal is paused'}\n",
    });
  });

  test("with nobody to ask, the runtime's execute_code guard blocks the script before it starts", async () => {
    const { runtime, home } = await start();
    const code = `open(${JSON.stringify(path.join(home.path, "ran.flag"))}, "w").close()`;
    const result = parse(await runtime.handleFunctionCall("execute_code", { code }));
    expect(result.status).toBe("error");
    expect(result.error).toMatch(/^BLOCKED: execute_code/);
    expect(existsSync(path.join(home.path, "ran.flag"))).toBe(false);
  });
});

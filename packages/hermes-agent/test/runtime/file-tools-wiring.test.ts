import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { parse, startRuntime, type RuntimeHarness } from "../helpers/runtime-harness.js";

const harnesses: RuntimeHarness[] = [];
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((harness) => harness.dispose()));
});

describe("file tools in the runtime", () => {
  test("read_file, write_file, patch and search_files are offered and run in the task's cwd", async () => {
    const harness = await startRuntime();
    harnesses.push(harness);
    const { runtime, home } = harness;
    const names = runtime.getToolDefinitions().map((definition) => definition.function.name);
    expect(names).toEqual(
      expect.arrayContaining(["read_file", "write_file", "patch", "search_files"]),
    );

    mkdirSync(path.join(home.path, "proj"));
    writeFileSync(path.join(home.path, "proj", "main.py"), "print('hi')\n");
    const cd = parse(
      await runtime.handleFunctionCall("terminal", { command: "cd proj" }, { taskId: "t1" }),
    );
    expect(cd.exit_code).toBe(0);
    expect(
      parse(await runtime.handleFunctionCall("read_file", { path: "main.py" }, { taskId: "t1" }))
        .content,
    ).toBe("1|print('hi')");
    const patched = parse(
      await runtime.handleFunctionCall(
        "patch",
        { mode: "replace", path: "main.py", old_string: "'hi'", new_string: "'hello'" },
        { taskId: "t1" },
      ),
    );
    expect(patched.success).toBe(true);
    expect(readFileSync(path.join(home.path, "proj", "main.py"), "utf8")).toBe("print('hello')\n");
    const found = parse(
      await runtime.handleFunctionCall("search_files", { pattern: "hello" }, { taskId: "t1" }),
    );
    expect(found.matches).toEqual([{ path: "main.py", line: 1, content: "print('hello')" }]);
  });

  test("another tool between identical reads resets the repeat count", async () => {
    const harness = await startRuntime();
    harnesses.push(harness);
    const { runtime, home } = harness;
    writeFileSync(path.join(home.path, "a.txt"), "a\n");
    const search = (): Promise<string> =>
      runtime.handleFunctionCall("search_files", { pattern: "a", path: "." }, { taskId: "t" });
    await search();
    await search();
    expect(parse(await search())._warning).toBeDefined();
    await runtime.handleFunctionCall("terminal", { command: "true" }, { taskId: "t" });
    expect(parse(await search())._warning).toBeUndefined();
  });
});

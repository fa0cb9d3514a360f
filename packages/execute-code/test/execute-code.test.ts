import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createHarness, type Harness } from "./harness.js";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe("execute_code with Python", () => {
  test("prints come back; no tool call is counted", async () => {
    const result = await h.run({ code: 'print("hello")' });
    expect(result).toMatchObject({
      status: "success",
      output: "hello\n",
      exit_code: 0,
      tool_calls_made: 0,
      stdout_truncated: false,
    });
    expect(typeof result.duration_seconds).toBe("number");
  });

  test("a terminal() call runs through the real terminal tool", async () => {
    const result = await h.run({
      code: 'from hermes_tools import terminal\nr = terminal("echo hi")\nprint(r["output"].strip(), r["exit_code"])',
    });
    expect(result).toMatchObject({ status: "success", output: "hi 0\n", tool_calls_made: 1 });
    expect(h.calls.at(-1)).toMatchObject({
      name: "terminal",
      args: { command: "echo hi" },
      origin: "execute_code",
    });
  });

  test("search then read in a loop, printing only a summary", async () => {
    mkdirSync(path.join(h.workDir.path, "src"), { recursive: true });
    for (const name of ["a.py", "b.py", "c.py"]) {
      writeFileSync(
        path.join(h.workDir.path, "src", name),
        `import os\n# TODO: fix ${name}\nprint(1)\n`,
      );
    }
    const code = [
      "from hermes_tools import search_files, read_file",
      'hits = search_files("TODO", path="src")',
      "seen = []",
      'for m in hits["matches"]:',
      '    text = read_file(m["path"], offset=m["line"], limit=1)["content"]',
      '    seen.append(text.split("|", 1)[1])',
      "print(len(seen), sorted(seen)[0])",
    ].join("\n");
    const result = await h.run({ code });
    expect(result).toMatchObject({
      status: "success",
      output: "3 # TODO: fix a.py\n",
      tool_calls_made: 4,
    });
  });

  test("batch patch across files", async () => {
    for (const name of ["one.txt", "two.txt"])
      writeFileSync(path.join(h.workDir.path, name), "version = 1\n");
    const code = [
      "from hermes_tools import patch",
      'for name in ["one.txt", "two.txt"]:',
      '    r = patch(path=name, old_string="version = 1", new_string="version = 2")',
      '    print(name, r.get("success"))',
    ].join("\n");
    const result = await h.run({ code });
    expect(result).toMatchObject({
      status: "success",
      output: "one.txt True\ntwo.txt True\n",
      tool_calls_made: 2,
    });
    expect(readFileSync(path.join(h.workDir.path, "two.txt"), "utf8")).toBe("version = 2\n");
  });

  test("run tests and parse their output", async () => {
    writeFileSync(
      path.join(h.workDir.path, "fake_tests.sh"),
      'echo "test_a PASSED"\necho "test_b FAILED"\necho "test_c PASSED"\nexit 1\n',
    );
    const code = [
      "import os, re",
      "from hermes_tools import terminal, shell_quote",
      'r = terminal("bash " + shell_quote(os.path.join(os.getcwd(), "fake_tests.sh")))',
      'failed = re.findall(r"(\\w+) FAILED", r["output"])',
      'print("exit", r["exit_code"], "failed", failed)',
    ].join("\n");
    const result = await h.run({ code });
    expect(result).toMatchObject({ status: "success", output: "exit 1 failed ['test_b']\n" });
  });

  test("threads calling tools at once each get their own answer", async () => {
    const code = [
      "from concurrent.futures import ThreadPoolExecutor",
      "from hermes_tools import terminal",
      'outs = list(ThreadPoolExecutor(10).map(lambda i: terminal(f"echo n{i}")["output"].strip(), range(10)))',
      "print(outs == [f'n{i}' for i in range(10)])",
    ].join("\n");
    const result = await h.run({ code });
    expect(result).toMatchObject({ status: "success", output: "True\n", tool_calls_made: 10 });
  });

  test("a raising script is an error with the traceback after --- stderr ---", async () => {
    const result = await h.run({ code: 'print("before")\nraise RuntimeError("boom")' });
    expect(result.status).toBe("error");
    expect(result.exit_code).toBe(1);
    expect(result.output).toMatch(/^before\n\n--- stderr ---\nTraceback[\s\S]*RuntimeError: boom/);
    expect(result.error).toContain("RuntimeError: boom");
  });

  test("a quiet non-zero exit says which code", async () => {
    const result = await h.run({ code: "import sys\nsys.exit(3)" });
    expect(result).toMatchObject({
      status: "error",
      exit_code: 3,
      error: "Script exited with code 3",
    });
  });

  test("tool results that are not JSON come back as strings", async () => {
    h.registry.register({
      name: "plain_text",
      toolset: "test",
      schema: { description: "Plain text.", parameters: { type: "object", properties: {} } },
      handler: () => "line one\nline two",
    });
    const result = await h.run(
      { code: "from hermes_tools import plain_text\nprint(repr(plain_text()))" },
      { enabledTools: ["plain_text", "terminal"] },
    );
    // plain_text is not on the allowlist, so it has no stub.
    expect(result.status).toBe("error");
    expect(result.hint).toBe(
      "'plain_text' is not available inside the execute_code sandbox. Importable tools here: terminal. For anything else, use the normal tool call instead of execute_code.",
    );
    h.registry.deregister("plain_text");
  });
});

describe("hints for the usual mistakes", () => {
  test("a helper used without importing it", async () => {
    const result = await h.run({ code: 'print(json_parse("{}"))' });
    expect(result.hint).toBe(
      "Import json_parse before calling it: from hermes_tools import json_parse",
    );
  });

  test("a missing module", async () => {
    const result = await h.run({ code: "import no_such_module_here" });
    expect(result.hint).toContain(
      "'no_such_module_here' is not installed in the sandbox interpreter.",
    );
  });

  test("a result treated as a string", async () => {
    const result = await h.run({
      code: 'from hermes_tools import terminal\nr = terminal("echo x")\nprint(r[0]["output"])',
    });
    expect(result.status).toBe("error");
    const notDict = await h.run({ code: 'x = "text"\nx.get("a")' });
    expect(notDict.hint).toContain("Tool functions in the sandbox return DICTS (already parsed)");
  });
});

describe("execute_code with JavaScript", () => {
  test("positional and options-object calls, top-level await", async () => {
    const code = [
      'import { terminal, web_search, shell_quote } from "hermes_tools";',
      'const a = await terminal("echo one");',
      'const b = await terminal({ command: "echo " + shell_quote("two words") });',
      'const s = await web_search("cats", 2);',
      "console.log(a.output.trim(), '|', b.output.trim(), '|', s.data.web.length);",
    ].join("\n");
    const result = await h.run({ code, language: "javascript" });
    expect(result).toMatchObject({
      status: "success",
      output: "one | two words | 2\n",
      tool_calls_made: 3,
    });
  });

  test("concurrent calls with Promise.all", async () => {
    const code = [
      'import { terminal } from "hermes_tools";',
      "const outs = await Promise.all([1, 2, 3, 4, 5].map((i) => terminal(`echo n${i}`)));",
      'console.log(outs.map((o) => o.output.trim()).join(","));',
    ].join("\n");
    const result = await h.run({ code, language: "javascript" });
    expect(result).toMatchObject({
      status: "success",
      output: "n1,n2,n3,n4,n5\n",
      tool_calls_made: 5,
    });
  });

  test("a thrown error is an error with stderr", async () => {
    const result = await h.run({ code: 'throw new Error("js boom")', language: "javascript" });
    expect(result.status).toBe("error");
    expect(result.output).toContain("--- stderr ---");
    expect(result.error).toContain("js boom");
  });

  test("importing a name the module does not have gets the hint", async () => {
    const result = await h.run({
      code: 'import { browser_navigate } from "hermes_tools";',
      language: "javascript",
    });
    expect(result.hint).toContain(
      "'browser_navigate' is not available inside the execute_code sandbox.",
    );
  });
});

describe("bad arguments get Hermes' errors", () => {
  test("empty code", async () => {
    for (const code of ["", "   ", null]) {
      const result = await h.run({ code });
      expect(result.error).toBe(
        "No code provided. execute_code requires a non-empty 'code' parameter containing Python source. To run shell commands, use terminal(command=...) instead.",
      );
    }
  });

  test("a command argument instead of code", async () => {
    const result = await h.run({ command: "ls" });
    expect(result.error).toContain("execute_code received a 'command' parameter");
    expect(result.error).toContain("terminal(command=...)");
    expect(result.error).toContain("execute_code(code=...)");
  });

  test("non-string code names the type", async () => {
    expect((await h.run({ code: 123 })).error).toBe(
      "execute_code received a int in 'code', but it requires Python source as a string. Retry as execute_code(code=\"...\").",
    );
    expect((await h.run({ code: { a: 1 } })).error).toContain("received a dict in 'code'");
    expect((await h.run({ code: [1] })).error).toContain("received a list in 'code'");
  });

  test("an unknown language", async () => {
    expect((await h.run({ code: "x", language: "ruby" })).error).toContain(
      "'language' must be one of python, javascript",
    );
  });
});

describe("interpreters that cannot run", () => {
  test("a configured Python that does not exist is named in the error", async () => {
    const other = await createHarness({ pythonExecutable: "/nonexistent/python3" });
    try {
      expect(await other.run({ code: "print(1)" })).toMatchObject({
        status: "error",
        error:
          "/nonexistent/python3 is not a working Python 3.8+ interpreter. Point pythonExecutable at one, or leave it unset to use python3 from PATH.",
        tool_calls_made: 0,
      });
    } finally {
      await other.close();
    }
  });

  test("a Node.js that cannot start is reported, and nothing is left behind", async () => {
    const other = await createHarness({ nodeExecutable: "/nonexistent/node" });
    try {
      const result = await other.run({ code: "console.log(1)", language: "javascript" });
      expect(result).toMatchObject({
        status: "error",
        error: "Could not start the script: spawn /nonexistent/node ENOENT",
      });
      const { readdirSync } = await import("node:fs");
      expect(readdirSync(other.tempRoot.path)).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

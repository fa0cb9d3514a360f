import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generateJavaScriptModule, generatePythonModule, stubParametersFor } from "../src/index.js";
import { createHarness, type Harness } from "./harness.js";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const SIGNATURES = [
  "import inspect, hermes_tools as t",
  "for name in ['web_search', 'web_extract', 'read_file', 'write_file', 'search_files', 'patch', 'terminal']:",
  "    print(name + str(inspect.signature(getattr(t, name))))",
].join("\n");

describe("Python stubs", () => {
  test("have Hermes' signatures and defaults", async () => {
    const all = [
      "web_search",
      "web_extract",
      "read_file",
      "write_file",
      "search_files",
      "patch",
      "terminal",
    ];
    const result = await h.run({ code: SIGNATURES }, { enabledTools: all });
    expect((result.output as string).trim().split("\n")).toEqual([
      "web_search(query, limit=5)",
      "web_extract(urls, char_limit=None)",
      "read_file(path, offset=1, limit=2000)",
      "write_file(path, content)",
      "search_files(pattern, target='content', path='.', file_glob=None, limit=50, offset=0, output_mode='content', context=0)",
      "patch(path=None, old_string=None, new_string=None, replace_all=False, mode='replace', patch=None)",
      "terminal(command, timeout=None, workdir=None)",
    ]);
  });

  test("send defaults and drop None arguments", async () => {
    await h.run(
      {
        code: "from hermes_tools import read_file, web_extract\nread_file('x.txt')\nweb_extract(['u'])",
      },
      { enabledTools: ["read_file", "web_extract"] },
    );
    expect(h.calls.at(-2)).toMatchObject({
      name: "read_file",
      args: { path: "x.txt", offset: 1, limit: 2000 },
    });
  });

  test("helpers: shell_quote is shlex.quote, json_parse takes a BOM and raw control characters, retry re-raises", async () => {
    const code = [
      "import shlex",
      "from hermes_tools import shell_quote, json_parse, retry",
      `print(shell_quote("a b'c") == shlex.quote("a b'c"), shell_quote("plain"))`,
      `print(json_parse('\\ufeff{"a": "x\\ty"}')["a"] == "x\\ty")`,
      "attempts = []",
      "def flaky():",
      "    attempts.append(1)",
      "    raise ValueError('try %d' % len(attempts))",
      "try:",
      "    retry(flaky, max_attempts=3, delay=0)",
      "except ValueError as error:",
      "    print(error, len(attempts))",
    ].join("\n");
    const result = await h.run({ code });
    expect(result.output).toBe("True plain\nTrue\ntry 3 3\n");
  });

  test("a tool added to the allowlist gets a stub generated from its schema", async () => {
    const custom = await createHarness({ allowedTools: ["terminal", "lookup_user"] });
    try {
      custom.registry.register({
        name: "lookup_user",
        toolset: "test",
        schema: {
          description: "Look up a user.",
          parameters: {
            type: "object",
            properties: {
              verbose: { type: "boolean", default: false },
              user_id: { type: "integer" },
              class: { type: "string" },
            },
            required: ["user_id"],
          },
        },
        handler: (args: { user_id: number; verbose?: boolean }) =>
          JSON.stringify({ id: args.user_id, verbose: args.verbose }),
      });
      const code =
        "import inspect\nfrom hermes_tools import lookup_user\nprint(inspect.signature(lookup_user), lookup_user(7))";
      const result = await custom.run({ code });
      expect(result.output).toBe("(user_id, verbose=False) {'id': 7, 'verbose': False}\n");
    } finally {
      await custom.close();
    }
  });

  test("stub parameters follow the registered schema", () => {
    expect(
      stubParametersFor("read_file", { type: "object", properties: { path: {}, limit: {} } }).map(
        (p) => p.name,
      ),
    ).toEqual(["path", "limit"]);
    expect(
      stubParametersFor("write_file", {
        type: "object",
        properties: { path: {}, content: {}, cross_profile: { type: "boolean" } },
      }).map((p) => p.name),
    ).toEqual(["path", "content", "cross_profile"]);
  });

  test("the generated module compiles with the standard library only", () => {
    const source = generatePythonModule(
      [{ name: "terminal", doc: "Run.", parameters: stubParametersFor("terminal", undefined) }],
      "file",
    );
    expect(source).not.toMatch(/^import (?!_thread|os)/m);
  });
});

describe("JavaScript stubs", () => {
  test("take positional arguments or one options object, with Hermes' defaults", async () => {
    const code = [
      'import { read_file, search_files, patch } from "hermes_tools";',
      'await read_file("a.txt");',
      'await read_file({ path: "b.txt", limit: 5 });',
      'await search_files("TODO", "files");',
      'await patch({ path: "p.txt", old_string: "a", new_string: "b" });',
    ].join("\n");
    const before = h.calls.length;
    await h.run({ code, language: "javascript" });
    expect(h.calls.slice(before).map((call) => call.args)).toEqual([
      { path: "a.txt", offset: 1, limit: 2000 },
      { path: "b.txt", offset: 1, limit: 5 },
      {
        pattern: "TODO",
        target: "files",
        path: ".",
        limit: 50,
        offset: 0,
        output_mode: "content",
        context: 0,
      },
      { path: "p.txt", old_string: "a", new_string: "b", replace_all: false, mode: "replace" },
    ]);
  });

  test("helpers behave like the Python ones", async () => {
    const code = [
      'import { shell_quote, json_parse, retry } from "hermes_tools";',
      `console.log(shell_quote("a b'c"), shell_quote(""), json_parse('\\ufeff{"a": "x\\ty"}').a === "x\\ty");`,
      "let n = 0;",
      "try { await retry(() => { n++; throw new Error('fail ' + n); }, 3, 0); } catch (e) { console.log(e.message, n); }",
    ].join("\n");
    const result = await h.run({ code, language: "javascript" });
    expect(result.output).toBe(`'a b'"'"'c' '' true\nfail 3 3\n`);
  });

  test("the module lists one async function per offered tool", () => {
    const source = generateJavaScriptModule(
      [
        {
          name: "web_search",
          doc: "Search.",
          parameters: stubParametersFor("web_search", undefined),
        },
      ],
      "socket",
    );
    expect(source).toContain("export async function web_search(...given)");
    expect(source).toContain('bind(["query","limit"], {"limit":5}, false, given)');
  });
});

import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { createHarness, type Harness } from "./harness.js";
import { IsolatedEnvironment } from "./remote-environment.js";

let root: TempDir;
let remote: IsolatedEnvironment;
let h: Harness;

beforeAll(async () => {
  root = await createTempDir("hermes-ec-remote-");
  remote = new IsolatedEnvironment(root.path);
  h = await createHarness({
    environment: () => Promise.resolve(remote),
    remotePollMs: 20,
    settings: { timeout: 5 },
  });
});
afterAll(async () => {
  await h.close();
  await root.remove();
});

describe("scripts in a non-local environment use the file transport", () => {
  test("a Hermes script runs unchanged and its tool calls come back", async () => {
    writeFileSync(path.join(h.workDir.path, "notes.txt"), "alpha\nbeta\n");
    const code = [
      "import os",
      "from hermes_tools import terminal, read_file",
      'print(os.environ["HERMES_RPC_DIR"].startswith(os.environ["TMPDIR"]))',
      'print(terminal("echo from-terminal")["output"].strip())',
      'print(read_file("notes.txt")["total_lines"])',
    ].join("\n");
    const result = await h.run({ code });
    expect(result).toMatchObject({
      status: "success",
      output: "True\nfrom-terminal\n3\n",
      tool_calls_made: 2,
      exit_code: 0,
    });
    expect(readdirSync(remote.tmpDir)).toEqual([]);
    expect(remote.commands.some((command) => command.startsWith("rm -rf "))).toBe(true);
  });

  test("JavaScript scripts work over files too", async () => {
    const code =
      'import { terminal } from "hermes_tools";\nconst r = await terminal("echo js-remote");\nconsole.log(r.output.trim());';
    const result = await h.run({ code, language: "javascript" });
    expect(result).toMatchObject({ status: "success", output: "js-remote\n", tool_calls_made: 1 });
  });

  test("unauthorized and malformed request files are dropped without an answer", async () => {
    const code = [
      "import json, os, time",
      "from hermes_tools import terminal",
      'rpc = os.environ["HERMES_RPC_DIR"]',
      'open(os.path.join(rpc, "req_000900"), "w").write(json.dumps({"tool": "terminal", "args": {"command": "echo no"}, "seq": 900, "token": "wrong"}))',
      'open(os.path.join(rpc, "req_000901"), "w").write("{not json")',
      'open(os.path.join(rpc, "req_000902"), "w").write(json.dumps({"tool": "terminal", "args": {}, "seq": "x", "token": os.environ["HERMES_RPC_TOKEN"]}))',
      "deadline = time.time() + 5",
      'while any(os.path.exists(os.path.join(rpc, "req_%06d" % n)) for n in (900, 901, 902)) and time.time() < deadline:',
      "    time.sleep(0.02)",
      "print(sorted(os.listdir(rpc)))",
      'print(terminal("echo still-works")["output"].strip())',
    ].join("\n");
    const result = await h.run({ code });
    expect(result).toMatchObject({
      status: "success",
      output: "[]\nstill-works\n",
      tool_calls_made: 1,
    });
  });

  test("allowlist and call cap hold over files", async () => {
    const code = [
      "from hermes_tools import _call",
      'print(_call("execute_code", {"code": "print(1)"}))',
    ].join("\n");
    const result = await h.run({ code });
    expect(result.output).toBe(
      "{'error': \"Tool 'execute_code' is not available in execute_code. Available: patch, read_file, search_files, terminal, web_search, write_file\"}\n",
    );
  });

  test("a timeout inside the environment is reported as Hermes does", async () => {
    const result = await h.run({
      code: 'print("waiting", flush=True)\nimport time\ntime.sleep(30)',
    });
    expect(result).toMatchObject({
      status: "timeout",
      error: "Script timed out after 5s and was killed.",
    });
    expect(result.output).toBe("waiting\n\n\n⏰ Script timed out after 5s and was killed.");
    expect(readdirSync(remote.tmpDir)).toEqual([]);
  }, 20_000);

  test("an environment without python3 gets Hermes' error", async () => {
    const bare = new IsolatedEnvironment(root.path, { path: "/nonexistent" });
    const other = await createHarness({ environment: () => Promise.resolve(bare) });
    try {
      const result = await other.run({ code: "print(1)" });
      expect(result).toEqual({
        status: "error",
        error:
          "Python 3 is not available in the isolated terminal environment. Install Python to use execute_code with remote backends.",
        tool_calls_made: 0,
        duration_seconds: expect.any(Number) as unknown,
      });
    } finally {
      await other.close();
    }
  });
});

import { execFileSync } from "node:child_process";
import { realpathSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { createHarness, testPython, type Harness } from "./harness.js";

const SECRETS: Readonly<Record<string, string>> = {
  OPENAI_API_KEY: "sk-test-openai",
  ANTHROPIC_API_KEY: "sk-ant-test",
  FIRECRAWL_API_KEY: "fc-test",
  GITHUB_TOKEN: "ghp_test",
  MODAL_TOKEN_ID: "ak-test",
  MODAL_TOKEN_SECRET: "as-test",
  AWS_SECRET_ACCESS_KEY: "aws-test",
  DB_PASSWORD: "hunter2",
  SMTP_PASSWD: "pw",
  GOOGLE_APPLICATION_CREDENTIALS: "/creds.json",
  SENTRY_DSN: "https://dsn.test",
  SLACK_WEBHOOK_URL: "https://hooks.test",
  HTTP_AUTH_HEADER: "Basic abc",
  BEARER_VALUE: "b",
  MYAPIKEY: "k",
};

// Values of secret-named variables are redacted in the output, so the script reports names and
// facts about values, not the values themselves.
const PRINT_ENV = [
  "import os, json",
  "e = os.environ",
  "print(json.dumps({'names': sorted(e), 'home': e.get('HOME'), 'lang': e.get('LANG'), 'tz': e.get('TZ'),",
  "  'bytecode': e.get('PYTHONDONTWRITEBYTECODE'), 'io': e.get('PYTHONIOENCODING'), 'socket': e.get('HERMES_RPC_SOCKET'),",
  "  'passed': e.get('ALLOWED_SECRET_TOKEN') == 'passed', 'token_len': len(e.get('HERMES_RPC_TOKEN', '')),",
  "  'token_hash': hash(e.get('HERMES_RPC_TOKEN'))}))",
].join("\n");

interface EnvReport {
  names: string[];
  home: string;
  lang: string;
  tz: string;
  bytecode: string;
  io: string;
  socket: string;
  passed: boolean;
  token_len: number;
  token_hash: number;
}

describe("child environment", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({
      hostEnv: {
        ...SECRETS,
        PATH: process.env.PATH,
        HOME: "/home/tester",
        LANG: "C.UTF-8",
        SHARED_SETTING: "x",
        ALLOWED_SECRET_TOKEN: "passed",
        HERMES_HOME: "/home/tester/.hermes/profiles/work",
        HERMES_PROFILE: "work",
        HERMES_UNRELATED: "dropped",
      },
      envPassthrough: ["ALLOWED_SECRET_TOKEN"],
      timezone: "Europe/Paris",
    });
  });
  afterAll(() => h.close());

  test("secret-named variables never reach the script unless passed through", async () => {
    const result = await h.run({ code: PRINT_ENV });
    const env = JSON.parse(result.output as string) as EnvReport;
    for (const name of Object.keys(SECRETS)) expect(env.names, name).not.toContain(name);
    expect(env.names).not.toContain("SHARED_SETTING");
    expect(env.names).toContain("ALLOWED_SECRET_TOKEN");
    // Hermes' home and profile variables are kept, as Hermes keeps them; other HERMES_* are not.
    expect(env.names).toEqual(expect.arrayContaining(["HERMES_HOME", "HERMES_PROFILE"]));
    expect(env.names).not.toContain("HERMES_UNRELATED");
    expect(env.passed).toBe(true);
    expect(env.home).toBe("/home/tester");
    expect(env.lang).toBe("C.UTF-8");
    expect(env.tz).toBe("Europe/Paris");
    expect(env.bytecode).toBe("1");
    expect(env.io).toBe("utf-8");
    expect(env.socket).toMatch(/hermes_sandbox_[^/]+\/rpc\.sock$/);
    expect(env.token_len).toBeGreaterThanOrEqual(40);
  });

  test("each run gets a fresh token and socket", async () => {
    const a = JSON.parse((await h.run({ code: PRINT_ENV })).output as string) as EnvReport;
    const b = JSON.parse((await h.run({ code: PRINT_ENV })).output as string) as EnvReport;
    expect(a.token_hash).not.toBe(b.token_hash);
    expect(a.socket).not.toBe(b.socket);
  });

  test("JavaScript scripts get the same scrubbed environment", async () => {
    const result = await h.run({
      code: "console.log(JSON.stringify(Object.keys(process.env).sort()), process.env.ALLOWED_SECRET_TOKEN === 'passed')",
      language: "javascript",
    });
    const [names, passed] = (result.output as string).trim().split(" ");
    for (const name of Object.keys(SECRETS))
      expect(JSON.parse(names ?? "[]"), name).not.toContain(name);
    expect(passed).toBe("true");
  });
});

describe("modes", () => {
  let venv: TempDir;
  beforeAll(async () => {
    venv = await createTempDir("hermes-ec-venv-");
    execFileSync(testPython(), ["-m", "venv", "--without-pip", venv.path]);
  });
  afterAll(() => venv.remove());

  test("project mode runs in the session's cwd with the active virtualenv's python", async () => {
    const h = await createHarness({ hostEnv: { PATH: process.env.PATH, VIRTUAL_ENV: venv.path } });
    try {
      const result = await h.run({ code: "import os, sys\nprint(os.getcwd())\nprint(sys.prefix)" });
      const [cwd, prefix] = (result.output as string).trim().split("\n");
      expect(cwd).toBe(realpathSync(h.workDir.path));
      expect(prefix).toBe(venv.path);
    } finally {
      await h.close();
    }
  });

  test("project mode without an active env uses the default python", async () => {
    const h = await createHarness({
      hostEnv: { PATH: process.env.PATH, VIRTUAL_ENV: path.join(venv.path, "missing") },
    });
    try {
      const result = await h.run({ code: "import sys\nprint(sys.executable)" });
      expect((result.output as string).trim()).toBe(testPython());
    } finally {
      await h.close();
    }
  });

  test("strict mode runs in the staging dir with the default python, ignoring the venv", async () => {
    const h = await createHarness({
      settings: { mode: "strict" },
      hostEnv: { PATH: process.env.PATH, VIRTUAL_ENV: venv.path },
    });
    try {
      const result = await h.run({
        code: "import os, sys\nprint(os.getcwd())\nprint(sys.executable)\nprint(sorted(os.listdir('.')))",
      });
      const [cwd, executable, listing] = (result.output as string).trim().split("\n");
      expect(path.basename(cwd ?? "")).toMatch(/^hermes_sandbox_/);
      expect(path.dirname(cwd ?? "")).toBe(realpathSync(h.tempRoot.path));
      expect(executable).toBe(testPython());
      expect(listing).toBe("['hermes_tools.py', 'rpc.sock', 'script.py']");
    } finally {
      await h.close();
    }
  });
});

import { describe, expect, test } from "vitest";
import { buildChildEnv, isSecretEnvName } from "../src/index.js";

const host = {
  PATH: "/usr/bin:/bin",
  HOME: "/home/u",
  LC_ALL: "C.UTF-8",
  XDG_CONFIG_HOME: "/home/u/.config",
  OPENAI_API_KEY: "sk-x",
  GITHUB_TOKEN: "t",
  DATABASE_DSN: "pg://",
  RANDOM_VAR: "r",
};

describe("buildChildEnv", () => {
  test("keeps the allowlist and drops everything else", () => {
    const env = buildChildEnv({ hostEnv: host });
    expect(env.HOME).toBe("/home/u");
    expect(env.LC_ALL).toBe("C.UTF-8");
    expect(env.XDG_CONFIG_HOME).toBe("/home/u/.config");
    expect(env.OPENAI_API_KEY).toBeUndefined();
    expect(env.GITHUB_TOKEN).toBeUndefined();
    expect(env.RANDOM_VAR).toBeUndefined();
    expect(env.PAGER).toBe("cat");
  });
  test("passes through named variables, secrets included", () => {
    const env = buildChildEnv({ hostEnv: host, passthrough: ["GITHUB_TOKEN"] });
    expect(env.GITHUB_TOKEN).toBe("t");
  });
  test("extra wins; agent defaults can be left out", () => {
    const env = buildChildEnv({
      hostEnv: host,
      extra: { PAGER: "less" },
      withoutAgentDefaults: true,
    });
    expect(env.PAGER).toBe("less");
    expect(env.AI_AGENT).toBeUndefined();
  });
  test("adds the system directories to PATH", () => {
    expect(buildChildEnv({ hostEnv: {} }).PATH).toContain("/usr/bin");
  });
  test("isSecretEnvName", () => {
    for (const name of ["API_KEY", "MY_TOKEN", "DB_PASSWORD", "SENTRY_DSN", "SLACK_WEBHOOK_URL"])
      expect(isSecretEnvName(name)).toBe(true);
    for (const name of ["PATH", "HOME", "LANG"]) expect(isSecretEnvName(name)).toBe(false);
  });
});

import { writeFile } from "node:fs/promises";
import path from "node:path";
import { createTempDir } from "@hermes-agent/test-utils";
import { expect, test } from "vitest";
import { loadEnvFile } from "../src/index.js";

test("loads HERMES_HOME/.env without replacing variables already set", async () => {
  const home = await createTempDir();
  try {
    await writeFile(
      path.join(home.path, ".env"),
      "# keys\nOPENAI_API_KEY=sk-test\nEXA_API_KEY='quoted value'\nALREADY=file\n",
    );
    const target: Record<string, string | undefined> = { ALREADY: "env" };
    const values = loadEnvFile({ home: home.path, target });
    expect(values).toEqual({
      OPENAI_API_KEY: "sk-test",
      EXA_API_KEY: "quoted value",
      ALREADY: "file",
    });
    expect(target).toEqual({
      OPENAI_API_KEY: "sk-test",
      EXA_API_KEY: "quoted value",
      ALREADY: "env",
    });
    loadEnvFile({ home: home.path, target, override: true });
    expect(target.ALREADY).toBe("file");
  } finally {
    await home.remove();
  }
});

test("a missing .env is not an error", () => {
  expect(loadEnvFile({ path: "/nonexistent/.env", target: null })).toEqual({});
});

import { describe, expect, test } from "vitest";
import { createApprovalManager, type ApprovalPrompt } from "../../src/index.js";
import { DANGEROUS, tempHome } from "./helpers.js";

/** A custom prompt that answers in its own words, as a plugin or UI might. */
function answering(word: unknown): ApprovalPrompt {
  return { version: 1, ask: () => Promise.resolve(word as never) };
}

async function checkWith(word: unknown) {
  const home = await tempHome();
  const manager = createApprovalManager({ home: home.path, env: {}, prompt: answering(word) });
  return manager.checkDangerousCommand(DANGEROUS, { envType: "local", sessionKey: "cli" });
}

describe("custom prompts", () => {
  test("answers in plain words are read like typed answers", async () => {
    for (const word of ["yes", "Y", "approve", "once"]) {
      expect(await checkWith(word), word).toMatchObject({ approved: true });
    }
    expect(await checkWith("session")).toMatchObject({ approved: true });
  });

  test("anything unrecognised is a denial, never a throw", async () => {
    for (const word of ["no", "maybe", "", undefined, null, 1, {}]) {
      expect(await checkWith(word), String(word)).toMatchObject({ approved: false });
    }
  });
});

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach } from "vitest";
import type { ApprovalPrompt, ApprovalPromptRequest, PromptAnswer } from "../../src/index.js";

/** Commands the real detector treats each way (kept in one place). */
export const DANGEROUS = "git reset --hard HEAD~3";
export const DANGEROUS_2 = "git push --force origin main";
export const HARDLINE = "rm -rf /";
export const SAFE = "ls -la";

/** A temporary HERMES_HOME, removed after the test. */
export async function tempHome(configYaml?: string): Promise<TempDir> {
  const dir = await createTempDir("hermes-approval-");
  cleanups.push(() => dir.remove());
  if (configYaml !== undefined)
    await writeFile(path.join(dir.path, "config.yaml"), configYaml, "utf8");
  return dir;
}

/** Lines of the audit log as objects. */
export async function auditLines(home: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(path.join(home, "logs", "approvals.jsonl"), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Register a cleanup to run after the current test, also when it fails. */
export function onCleanup(fn: () => unknown): void {
  cleanups.push(fn);
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

/** A scripted in-process prompt: answers in order and records what it was asked. */
export function scriptedPrompt(
  ...answers: PromptAnswer[]
): ApprovalPrompt & { asked: ApprovalPromptRequest[] } {
  const asked: ApprovalPromptRequest[] = [];
  return {
    version: 1,
    asked,
    ask(request) {
      asked.push(request);
      return Promise.resolve(answers.shift() ?? "deny");
    },
  };
}

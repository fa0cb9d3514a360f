import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createApprovalManager } from "@hermes-agent/approval";
import { createTempDir } from "@hermes-agent/test-utils";
import { expect } from "vitest";
import { createHarness } from "./tool-harness.js";

/**
 * Run each command template through the terminal tool with the real approval manager and nobody
 * to ask, and check that every one is refused and never ran; then that `ordinary` runs. In a
 * template, `/GONE` becomes a path that does not exist, `run-GONE` a per-command file name and
 * `MARK` a marker file that exists only if the command ran (`ordinary` gets `MARK` too).
 */
export async function expectEveryCommandBlocked(
  templates: readonly string[],
  ordinary: string,
): Promise<void> {
  const home = await createTempDir("hermes-blocked-commands-");
  try {
    writeFileSync(path.join(home.path, "config.yaml"), "approvals:\n  mode: manual\n");
    const manager = createApprovalManager({ home: home.path, env: {}, interactive: false });
    const h = await createHarness({ approval: manager });
    try {
      for (const [index, template] of templates.entries()) {
        const marker = path.join(h.dir.path, `marker-${index}`);
        const command = template
          .replaceAll("/GONE", `/hermes-nonexistent-${index}/x`)
          .replaceAll("run-GONE", `run-${index}`)
          .replaceAll("MARK", marker);
        const result = await h.call("terminal", { command });
        expect(result, command).toMatchObject({ exit_code: -1, status: "blocked" });
        expect(existsSync(marker), command).toBe(false);
      }
      const marker = path.join(h.dir.path, "marker-ok");
      const command = ordinary.replaceAll("MARK", marker);
      expect(await h.call("terminal", { command }), command).toMatchObject({ exit_code: 0 });
      expect(existsSync(marker), command).toBe(true);
    } finally {
      await h.close();
    }
  } finally {
    await home.remove();
  }
}

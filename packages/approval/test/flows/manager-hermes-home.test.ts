import path from "node:path";
import { describe, expect, test } from "vitest";
import { createApprovalManager } from "../../src/index.js";
import { tempHome } from "./helpers.js";

const local = { envType: "local", sessionKey: "s" } as const;

describe("the manager's own home is protected by detection", () => {
  test("reads of the runtime's credential files under a non-default home are asked about", async () => {
    const home = await tempHome();
    const m = createApprovalManager({ home: home.path, env: {}, interactive: false });
    const dotEnv = path.join(home.path, ".env");
    for (const command of [
      `cat ${dotEnv}`,
      `echo "$(< ${dotEnv})" | rev`,
      `grep KEY ${path.join(home.path, "auth.json")}`,
    ]) {
      const withoutContext = await m.checkDangerousCommand(command, local);
      expect(withoutContext.approved, command).toBe(false);
      const withContext = await m.checkDangerousCommand(command, {
        ...local,
        commandContext: { cwd: "/tmp" },
      });
      expect(withContext.approved, command).toBe(false);
    }
  });

  test("the same reads of a look-alike file elsewhere stay allowed, and an explicit home wins", async () => {
    const home = await tempHome();
    const other = await tempHome();
    const m = createApprovalManager({ home: home.path, env: {}, interactive: false });
    const result = await m.checkDangerousCommand(
      `cat ${path.join(other.path, "notes.txt")}`,
      local,
    );
    expect(result.approved).toBe(true);
    const explicit = await m.checkDangerousCommand(`cat ${path.join(other.path, ".env")}`, {
      ...local,
      commandContext: { cwd: "/tmp", hermesHome: other.path },
    });
    expect(explicit.approved).toBe(false);
  });
});

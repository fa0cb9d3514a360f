import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { createApprovalManager, initializeDetector } from "../../src/index.js";
import { traceCommandLine } from "../../src/flows/command-trace.js";
import { denyVerdict } from "../../src/flows/deny-rules.js";
import { tempHome } from "./helpers.js";

// Commands are data: they are only classified here, never run.
const VARIANTS = JSON.parse(
  readFileSync(new URL("fixtures/deny-bypass-variants.json", import.meta.url), "utf8"),
) as { rule: string; denied: string[]; allowed: string[] };

beforeAll(() => initializeDetector());

async function modeOffManager(deny: readonly string[]) {
  const home = await tempHome(
    `approvals:\n  mode: "off"\n  deny:\n${deny.map((rule) => `    - ${JSON.stringify(rule)}\n`).join("")}`,
  );
  return createApprovalManager({ home: home.path, env: {}, interactive: false });
}

describe("deny globs against what the line runs, with approvals.mode: off", () => {
  test.each(VARIANTS.denied)("%j is denied", async (command) => {
    const manager = await modeOffManager([VARIANTS.rule]);
    const result = await manager.checkDangerousCommand(command, {
      envType: "local",
      sessionKey: "s",
    });
    expect(result).toMatchObject({
      approved: false,
      userDeny: true,
      outcome: "user_deny",
      decider: "deny_rule",
      userConsent: false,
    });
    expect(result.message).toMatch(/^BLOCKED: this command (matches|cannot be checked against)/);
  });

  test.each(VARIANTS.allowed)("%j is not denied", async (command) => {
    const manager = await modeOffManager([VARIANTS.rule]);
    await expect(
      manager.checkDangerousCommand(command, { envType: "local", sessionKey: "s" }),
    ).resolves.toMatchObject({ approved: true });
  });

  test("a line that is only known at run time says why it was refused", async () => {
    const manager = await modeOffManager(["terraform destroy*"]);
    const result = await manager.checkDangerousCommand("$(which terraform) plan", {
      envType: "local",
      sessionKey: "s",
    });
    expect(result).toMatchObject({ approved: false, userDeny: true });
    expect(result.denyRule).toBeUndefined();
    expect(result.message).toContain("the command name is only known at run time");
  });

  test("without a deny list, a line known only at run time is not refused by mode off", async () => {
    const manager = await modeOffManager([]);
    await expect(
      manager.checkDangerousCommand("$(which terraform) plan", { envType: "local" }),
    ).resolves.toMatchObject({ approved: true, decider: "mode_off" });
  });
});

describe("options are normalised", () => {
  const deny = (rule: string, command: string) => {
    const verdict = denyVerdict([rule], command, traceCommandLine(command));
    return verdict !== undefined && "rule" in verdict ? verdict.rule : undefined;
  };

  test.each([
    "rm -fr /nonexistent/x",
    "rm -r -f /nonexistent/x",
    "rm -f -r /nonexistent/x",
    "rm -rfv /nonexistent/x",
    "rm -Rf /nonexistent/x",
    "rm /nonexistent/x -rf",
    "sudo rm -fr /nonexistent/x",
    "bash -c 'rm -fr /nonexistent/x'",
    "echo /nonexistent/x | xargs rm -fr",
  ])("`rm -rf *` catches %j", (command) => {
    expect(deny("rm -rf *", command)).toBe("rm -rf *");
  });

  test.each(["rm /nonexistent/x", "rm -r /nonexistent/x", "echo rm -fr x", "rmdir -p x/y"])(
    "`rm -rf *` leaves %j alone",
    (command) => {
      expect(deny("rm -rf *", command)).toBeUndefined();
    },
  );

  test("long options must be present too", () => {
    expect(deny("git push --force *", "git push origin main --force")).toBe("git push --force *");
    expect(deny("git push --force *", "git push origin main")).toBeUndefined();
    expect(deny("git push --force *", "git push --force=true origin")).toBe("git push --force *");
  });
});

describe("the session's aliases, functions and hash table", () => {
  test("an alias, a function or a hashed path that runs a denied program is denied", () => {
    const cases = [
      { command: "ll /tmp", context: { aliases: { ll: "sudo ls" } } },
      { command: "deploy", context: { functions: { deploy: "{ sudo ls; }" } } },
      { command: "ls /tmp", context: { hashed: { ls: "/usr/bin/sudo" } } },
      { command: "x ls", context: { aliases: { x: "y", y: "sudo" } } },
    ];
    for (const { command, context } of cases) {
      const verdict = denyVerdict(["sudo *"], command, traceCommandLine(command, context));
      expect(verdict, command).toEqual({ rule: "sudo *" });
    }
  });

  test("a self-referencing alias ends", () => {
    const trace = traceCommandLine("ls x", { aliases: { ls: "ls -F" } });
    expect(trace.commands.map((c) => c.layers.at(-1))).toEqual([["ls", "-F", "x"]]);
  });
});

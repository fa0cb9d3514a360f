// Approvals are scoped by where a command really acts: symlinks are resolved before a path is
// classed (a link in /tmp to /etc is /etc), and a system path is scoped to itself (approving an
// append to /etc/hosts covers /etc/hosts, not /etc/sudoers or /etc as a whole). Commands are
// data: they are only checked here, never run.
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApprovalManager, type ApprovalManager } from "../../src/index.js";
import { scriptedPrompt, tempHome } from "./helpers.js";

let dir: TempDir;
let links: string;
const WORKSPACE = "/home/dev/project";

beforeAll(async () => {
  dir = await createTempDir("hermes-target-links-");
  links = dir.path;
  mkdirSync(path.join(links, "cache"));
  symlinkSync("/etc", path.join(links, "to-etc"));
  symlinkSync("/", path.join(links, "to-root"));
  symlinkSync("/usr/lib", path.join(links, "to-lib"));
  symlinkSync(path.join(links, "to-etc"), path.join(links, "chain"));
});
afterAll(async () => {
  await dir.remove();
});

async function cli(...answers: Parameters<typeof scriptedPrompt>) {
  const home = await tempHome();
  const prompt = scriptedPrompt(...answers);
  const manager = createApprovalManager({ home: home.path, env: {}, interactive: true, prompt });
  return { manager, prompt };
}

const check = (
  m: ApprovalManager,
  command: string,
  context: "interactive" | "cron" = "interactive",
) =>
  m.checkDangerousCommand(command, {
    envType: "local",
    sessionKey: "s",
    context,
    commandContext: { cwd: WORKSPACE, home: "/home/dev", workspace: WORKSPACE },
  });

describe("symlinks are resolved before a target is classed", () => {
  test.each([
    ["find LINKS/to-etc/ -delete", "system:/etc"],
    ["find LINKS/chain/ -name '*.conf' -delete", "system:/etc"],
    ["find LINKS/to-lib/ -delete", "system:/usr/lib"],
    ["rm -rf LINKS/to-etc/ssl", "system:/etc/ssl"],
  ])("after approving a temp-dir delete, %s is asked about", async (command, target) => {
    const { manager, prompt } = await cli("session", "deny");
    await expect(check(manager, `find ${links}/cache -name '*.o' -delete`)).resolves.toMatchObject({
      approved: true,
    });
    const second = await check(manager, command.replaceAll("LINKS", links));
    expect(second.approved).toBe(false);
    expect(prompt.asked).toHaveLength(2);
    expect(prompt.asked[1]?.targetClasses).toContain(target);
  });

  test("a link to the root is the root: hard-line, whatever was approved", async () => {
    const { manager } = await cli("session");
    await check(manager, `find ${links}/cache -name '*.o' -delete`);
    await expect(check(manager, `find ${links}/to-root/ -delete`)).resolves.toMatchObject({
      approved: false,
    });
  });
});

describe("system paths are scoped finely", () => {
  test.each([
    "echo x >> /etc/sudoers",
    "cp /tmp/x /etc/passwd",
    "rsync -a --delete /tmp/empty/ /etc/",
    "tee -a /etc/shadow < /tmp/x",
    "echo x > /etc/hosts.allow",
    "sed -i 's/a/b/' /etc/ssh/sshd_config",
  ])("approving an append to /etc/hosts for the session does not approve %s", async (command) => {
    const { manager, prompt } = await cli("session", "deny");
    await expect(check(manager, "echo '127.0.0.1 dev.local' >> /etc/hosts")).resolves.toMatchObject(
      { approved: true },
    );
    expect(prompt.asked[0]?.targetClasses).toEqual(["system:/etc/hosts"]);
    const result = await check(manager, command);
    expect(result.approved).toBe(false);
    expect(prompt.asked).toHaveLength(2);
  });

  test("the same file again is covered, and a path approval covers what is inside it", async () => {
    const { manager, prompt } = await cli("session", "session");
    await check(manager, "echo '127.0.0.1 a' >> /etc/hosts");
    await expect(check(manager, "echo '127.0.0.1 b' >> /etc/hosts")).resolves.toMatchObject({
      approved: true,
      decider: "session",
    });
    await check(manager, "find /var/cache/app -name '*.o' -delete");
    await expect(check(manager, "find /var/cache/app/sub -delete")).resolves.toMatchObject({
      decider: "session",
    });
    expect(prompt.asked).toHaveLength(2);
  });

  test("'always' stores the path class and a fresh manager reads it back", async () => {
    const home = await tempHome();
    const prompt = scriptedPrompt("always");
    const first = createApprovalManager({ home: home.path, env: {}, interactive: true, prompt });
    await check(first, "echo '127.0.0.1 a' >> /etc/hosts");
    const fresh = createApprovalManager({ home: home.path, env: {}, interactive: false });
    await expect(check(fresh, "echo '127.0.0.1 c' >> /etc/hosts", "cron")).resolves.toMatchObject({
      approved: true,
      decider: "allowlist",
    });
    await expect(check(fresh, "echo x >> /etc/sudoers", "cron")).resolves.toMatchObject({
      approved: false,
    });
  });
});

import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isProcessAlive, killPids, waitUntil } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { parseShellHooks, type PluginLoadReport } from "../src/index.js";
import { collectingLogger, createPluginWorld, type PluginWorld } from "./helpers/plugin-fixture.js";

let world: PluginWorld;
const started: number[] = [];
beforeEach(async () => {
  world = await createPluginWorld();
});
afterEach(async () => {
  killPids(started.splice(0));
  await world.remove();
});

/** Write an executable bash script into the project folder; returns its path. */
function script(name: string, body: string): string {
  const file = path.join(world.project, name);
  writeFileSync(file, `#!/usr/bin/env bash\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

async function loadHooks(
  hooks: Record<string, unknown>,
  env: Record<string, string> = {},
): Promise<PluginLoadReport> {
  return world.manager({ hooks, hooks_auto_accept: true }, env).load();
}

const call = {
  toolName: "write_file",
  args: { path: "/tmp/x" },
  sessionKey: "s-1",
  taskId: "t-1",
  toolCallId: "c-9",
};

describe("shell hooks run as child processes", () => {
  test("stdin carries Hermes' JSON; a Claude-style decision blocks", async () => {
    const input = path.join(world.project, "input.json");
    const hook = script(
      "block.sh",
      `cat > ${JSON.stringify(input)}\necho '{"decision": "block", "reason": "not here"}'`,
    );
    const report = await loadHooks({ pre_tool_call: [{ command: hook }] });
    expect(report.shellHooks).toEqual([
      {
        event: "pre_tool_call",
        command: hook,
        matcher: undefined,
        timeoutSeconds: 60,
        failClosed: false,
        active: true,
      },
    ]);
    expect(await world.host.invokeHook("pre_tool_call", call)).toEqual([
      { action: "block", message: "not here" },
    ]);
    expect(JSON.parse(readFileSync(input, "utf8"))).toEqual({
      hook_event_name: "pre_tool_call",
      tool_name: "write_file",
      tool_input: { path: "/tmp/x" },
      session_id: "s-1",
      cwd: world.project,
      extra: { task_id: "t-1", tool_call_id: "c-9" },
    });
  });

  test("Hermes' action/message form, and modify", async () => {
    await loadHooks({
      pre_tool_call: [
        { command: `echo '{"action": "block", "message": "policy"}'`, matcher: "terminal" },
        {
          command: `echo '{"decision": "modify", "tool_input": {"path": "/safe"}}'`,
          matcher: "write_.*",
        },
      ],
    });
    expect(
      await world.host.invokeHook("pre_tool_call", { toolName: "terminal", args: {} }),
    ).toEqual([{ action: "block", message: "policy" }]);
    expect(await world.host.invokeHook("pre_tool_call", call)).toEqual([
      { action: "modify", args: { path: "/safe" } },
    ]);
  });

  test("exit code 2 blocks with stderr as the message; other events return context", async () => {
    await loadHooks({
      pre_tool_call: [{ command: "echo 'denied by policy' >&2; exit 2" }],
      pre_llm_call: [{ command: `echo '{"context": "today is a holiday"}'` }],
      post_tool_call: [{ command: "exit 3" }],
    });
    expect(await world.host.invokeHook("pre_tool_call", call)).toEqual([
      { action: "block", message: "denied by policy" },
    ]);
    expect(await world.host.invokeHook("pre_llm_call", { sessionKey: "s" })).toEqual([
      { context: "today is a holiday" },
    ]);
    expect(await world.host.invokeHook("post_tool_call", call)).toEqual([]);
    expect(world.logger.text("warn")).toMatch(/exited with 3/);
  });

  test("the child's environment comes from the allowlist: no secrets", async () => {
    const dump = path.join(world.project, "env.txt");
    await loadHooks(
      { post_tool_call: [{ command: `env > ${JSON.stringify(dump)}` }] },
      { OPENAI_API_KEY: "sk-secret-value", LANG: "C.UTF-8", CUSTOM_THING: "x" },
    );
    await world.host.invokeHook("post_tool_call", call);
    const env = readFileSync(dump, "utf8");
    expect(env).not.toMatch(/sk-secret-value/);
    expect(env).not.toMatch(/CUSTOM_THING/);
    expect(env).toMatch(/^LANG=C\.UTF-8$/m);
    expect(env).toMatch(new RegExp(`^HERMES_HOME=${world.home}$`, "m"));
  });

  test("a hook that times out gives no decision and its whole process group is killed", async () => {
    const pids = path.join(world.project, "pids.txt");
    const hook = script(
      "slow.sh",
      `sleep 30 &\necho $! >> ${JSON.stringify(pids)}\necho $$ >> ${JSON.stringify(pids)}\nwait`,
    );
    await loadHooks({ pre_tool_call: [{ command: hook, timeout: 1 }] });
    const results = await world.host.invokeHook("pre_tool_call", call);
    expect(results).toEqual([]);
    const recorded = readFileSync(pids, "utf8").trim().split("\n").map(Number);
    started.push(...recorded);
    expect(recorded).toHaveLength(2);
    expect(
      await waitUntil(() => recorded.every((pid) => !isProcessAlive(pid)), { timeoutMs: 5000 }),
    ).toBe(true);
    expect(world.logger.text("warn")).toMatch(/timed out after 1s/);
  });

  test("fail_closed: a timeout or garbage output blocks instead", async () => {
    await loadHooks({
      pre_tool_call: [
        { command: "sleep 5", timeout: 1, fail_closed: true, matcher: "terminal" },
        { command: "echo 'Traceback: oops'", fail_closed: true, matcher: "write_file" },
      ],
    });
    expect(
      await world.host.invokeHook("pre_tool_call", { toolName: "terminal", args: {} }),
    ).toEqual([{ action: "block", message: "hook sleep 5 failed closed: timed out after 1s" }]);
    expect(await world.host.invokeHook("pre_tool_call", call)).toEqual([
      {
        action: "block",
        message:
          "hook echo 'Traceback: oops' failed closed: unparseable stdout (expected a JSON object)",
      },
    ]);
  });

  test("invalid stdout without fail_closed is no decision", async () => {
    await loadHooks({ pre_tool_call: [{ command: "echo not-json" }] });
    expect(await world.host.invokeHook("pre_tool_call", call)).toEqual([]);
    expect(world.logger.text("warn")).toMatch(/not valid JSON/);
  });

  test("a matcher limits the hook to matching tools", async () => {
    const marker = path.join(world.project, "ran");
    await loadHooks({
      post_tool_call: [{ command: `touch ${JSON.stringify(marker)}`, matcher: "terminal|process" }],
    });
    await world.host.invokeHook("post_tool_call", call);
    expect(existsSync(marker)).toBe(false);
    await world.host.invokeHook("post_tool_call", { toolName: "process", args: {} });
    expect(existsSync(marker)).toBe(true);
  });
});

describe("consent", () => {
  test("without consent a hook is reported inactive and not registered", async () => {
    const report = await world.manager({ hooks: { pre_tool_call: [{ command: "true" }] } }).load();
    expect(report.shellHooks[0]?.active).toBe(false);
    expect(world.host.hooks.size).toBe(0);
    expect(world.logger.text("warn")).toMatch(/not allowlisted .* hooks_auto_accept: true/);
  });

  test("Hermes' allowlist file and HERMES_ACCEPT_HOOKS give consent", async () => {
    writeFileSync(
      path.join(world.home, "shell-hooks-allowlist.json"),
      JSON.stringify({ approvals: [{ event: "pre_tool_call", command: "true" }] }),
    );
    const hooks = { pre_tool_call: [{ command: "true" }, { command: "false" }] };
    const report = await world.manager({ hooks }).load();
    expect(report.shellHooks.map((hook) => hook.active)).toEqual([true, false]);
    const accepted = await world.manager({ hooks }, { HERMES_ACCEPT_HOOKS: "1" }).load();
    expect(accepted.shellHooks.map((hook) => hook.active)).toEqual([true, true]);
  });

  test("reload registers shell hooks again, once", async () => {
    const manager = world.manager({
      hooks: { post_tool_call: [{ command: "true" }] },
      hooks_auto_accept: true,
    });
    await manager.load();
    await manager.reload();
    await manager.reload();
    expect(world.host.hooks.get("post_tool_call")).toHaveLength(1);
    await manager.unload();
    expect(world.host.hooks.size).toBe(0);
  });
});

describe("parseShellHooks", () => {
  test("bad entries are skipped with a warning naming them", () => {
    const logger = collectingLogger();
    const specs = parseShellHooks(
      {
        pre_tool_cal: [{ command: "x" }],
        post_tool_call: [{ matcher: "x" }, "just a string", { command: "ok", timeout: 9999 }],
        on_session_start: { command: "not a list" },
        transform_tool_result: [{ command: "y", matcher: "z", fail_closed: true, timeout: "abc" }],
        outbound: { url: "reserved section" },
      },
      logger,
    );
    expect(specs.map((spec) => [spec.event, spec.command, spec.timeoutSeconds])).toEqual([
      ["post_tool_call", "ok", 300],
      ["transform_tool_result", "y", 60],
    ]);
    expect(specs[1]?.matcher).toBeUndefined();
    expect(specs[1]?.failClosed).toBe(false);
    const warnings = logger.text("warn");
    expect(warnings).toMatch(/unknown hook event 'pre_tool_cal'/);
    expect(warnings).toMatch(/hooks\.post_tool_call\[0\] has no 'command'/);
    expect(warnings).toMatch(/hooks\.post_tool_call\[1\] must be a mapping/);
    expect(warnings).toMatch(/above the maximum; using 300/);
    expect(warnings).toMatch(/hooks\.on_session_start must be a list/);
    expect(warnings).toMatch(/fail_closed only applies to pre_tool_call/);
    expect(warnings).not.toMatch(/outbound/);
  });

  test("an invalid regex matcher is compared literally", async () => {
    const logger = collectingLogger();
    const [spec] = parseShellHooks({ pre_tool_call: [{ command: "x", matcher: "a[" }] }, logger);
    expect(spec?.pattern).toBeUndefined();
    expect(logger.text("warn")).toMatch(/not a valid regex/);
    await Promise.resolve();
  });
});

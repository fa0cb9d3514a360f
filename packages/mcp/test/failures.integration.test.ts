import { writeFileSync } from "node:fs";
import path from "node:path";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import { waitUntil } from "@hermes-agent/test-utils";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { mcpToolName, type McpEvent } from "../src/index.js";
import { fixtureEntry, Harness, recordingLogger } from "./helpers/fixtures.js";

const harness = new Harness();
afterEach(() => harness.cleanup());
afterAll(async () => {
  expect(await harness.assertNoChildren()).toEqual([]);
});

const parse = (out: unknown) => JSON.parse(out as string) as Record<string, unknown>;
const FAST_RETRY = {
  initialDelayMs: 20,
  maxDelayMs: 40,
  failureThreshold: 3,
  cooldownMs: 60_000,
  maxCooldownMs: 60_000,
};

describe("servers that misbehave", () => {
  test("a server that never answers initialize times out without delaying the others", async () => {
    const events: McpEvent[] = [];
    const { manager } = harness.manager(
      { slow: fixtureEntry("hang", { connect_timeout: 10 }), good: fixtureEntry("basic") },
      { retry: FAST_RETRY, onEvent: (event) => events.push(event) },
    );
    manager.start();
    harness.track(manager);
    await manager.discoverMcpTools();
    const goodReady = events.findIndex((e) => e.type === "mcp.tools" && e.server === "good");
    const slowFailed = events.findIndex(
      (e) => e.type === "mcp.status" && e.server === "slow" && e.state === "failed",
    );
    expect(goodReady).toBeGreaterThanOrEqual(0);
    expect(slowFailed).toBeGreaterThan(goodReady);
    const slow = manager.status().find((s) => s.name === "slow");
    expect(slow?.state).toBe("failed");
    expect(slow?.error).toMatch(/did not connect within 10s \(connect_timeout\)/);
    expect(slow?.nextRetryAt).toBeGreaterThan(Date.now() - 1000);
  });

  test("discoverMcpTools({ waitMs }) returns within the bound while a server is still connecting", async () => {
    const { manager } = harness.manager({ slow: fixtureEntry("hang", { connect_timeout: 30 }) });
    const started = Date.now();
    expect(await manager.discoverMcpTools({ waitMs: 100 })).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(manager.status()[0]?.state).toBe("connecting");
    harness.track(manager);
  });

  test("repeated failures back off, then open the circuit; calls say when it will be retried", async () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    const { manager } = harness.manager(
      { gone: { command: "/nonexistent/mcp-server-binary" } },
      { registry, retry: FAST_RETRY },
    );
    await manager.discoverMcpTools();
    expect(manager.status()[0]?.error).toMatch(
      /command '\/nonexistent\/mcp-server-binary' was not found/,
    );
    expect(
      await waitUntil(() => manager.status()[0]?.consecutiveFailures === 3, { timeoutMs: 5_000 }),
    ).toBe(true);
    const status = manager.status()[0];
    expect(status?.state).toBe("failed");
    expect((status?.nextRetryAt ?? 0) - Date.now()).toBeGreaterThan(50_000);
  });

  test("an open circuit answers a tool call at once with when it will be retried", async () => {
    const home = harness.home();
    const refuse = path.join(home, "refuse");
    const { manager, registry } = harness.manager(
      { fx: fixtureEntry("basic", { env: { FIXTURE_REFUSE_FILE: refuse } }) },
      { hermesHome: home, retry: { ...FAST_RETRY, failureThreshold: 2 } },
    );
    await manager.discoverMcpTools();
    harness.track(manager);
    writeFileSync(refuse, "");
    expect(parse(await registry.dispatch("mcp__fx__crash_now", {})).error).toMatch(/closed/i);
    await waitUntil(() => manager.status()[0]?.state === "failed");
    // The respawn fails twice (the server now exits at startup): the circuit opens.
    expect(parse(await registry.dispatch("mcp__fx__echo", { text: "x" })).error).toMatch(
      /^MCP server 'fx' failed to connect: Connection closed: the server exited during startup/,
    );
    // A background retry fails as well.
    expect(
      await waitUntil(() => {
        const status = manager.status()[0];
        return status?.state === "failed" && status.consecutiveFailures >= 2;
      }),
    ).toBe(true);
    const started = Date.now();
    const refused = parse(await registry.dispatch("mcp__fx__echo", { text: "x" }));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(refused.error).toMatch(
      /^MCP server 'fx' is unreachable after 2 consecutive failures\. Auto-retry available in ~\d+s\. Do NOT retry this tool yet/,
    );
    expect(manager.status()[0]?.state).toBe("failed");
  });

  test("names that collide after normalisation are all skipped; the rest register", async () => {
    const logger = recordingLogger();
    const { manager } = harness.manager({ srv: fixtureEntry("collide") }, { logger });
    expect(await manager.discoverMcpTools()).toEqual(["mcp__srv__safe_tool"]);
    expect(
      logger.lines.some(
        (l) => l.startsWith("error:") && l.includes("name normalization collision"),
      ),
    ).toBe(true);
    harness.track(manager);
  });

  test("70-character names are clamped to 64 with distinct, stable suffixes", async () => {
    const { manager, registry } = harness.manager({ long: fixtureEntry("long-names") });
    const names = await manager.discoverMcpTools();
    expect(names).toHaveLength(2);
    for (const name of names) expect(name.length).toBeLessThanOrEqual(64);
    expect(new Set(names).size).toBe(2);
    const one = mcpToolName(
      "long",
      "a_really_long_tool_name_that_keeps_going_and_going_past_the_limit_oneo",
    );
    expect(names).toContain(one);
    expect(parse(await registry.dispatch(one, {})).result).toBe("one");
    harness.track(manager);
  });

  test("an MCP tool never shadows a built-in, and a second server cannot take a first server's tool", async () => {
    const registry = new ToolRegistry({ logger: silentLogger });
    registry.register({
      name: "mcp__a_b__echo",
      toolset: "web",
      schema: { description: "built-in", parameters: { type: "object", properties: {} } },
      handler: () => "builtin",
    });
    const logger = recordingLogger();
    // `x-y` and `x_y` both normalise to mcp__x_y__*: the first to register keeps its tools.
    const first = harness.manager(
      { "x-y": fixtureEntry("basic"), "a-b": fixtureEntry("basic") },
      { registry, logger },
    );
    await first.manager.discoverMcpTools();
    expect(registry.getToolsetForTool("mcp__a_b__echo")).toBe("web");
    expect(registry.getToolsetForTool("mcp__x_y__echo")).toBe("mcp-x-y");
    const second = harness.manager({ x_y: fixtureEntry("basic") }, { registry, logger });
    await second.manager.discoverMcpTools();
    expect(registry.getToolsetForTool("mcp__x_y__echo")).toBe("mcp-x-y");
    expect(
      logger.lines.some((l) => l.includes("would shadow the built-in tool of toolset 'web'")),
    ).toBe(true);
    expect(logger.lines.some((l) => l.includes("already belongs to 'mcp-x-y'"))).toBe(true);
    harness.track(first.manager);
    harness.track(second.manager);
  });

  test("a bad entry is reported with server and key while the other servers start", async () => {
    const logger = recordingLogger();
    const { manager } = harness.manager(
      {
        both: { command: "node", url: "http://127.0.0.1:9/mcp" },
        weird: { url: "http://127.0.0.1:9/mcp", transport: "pigeon" },
        args: { command: "node", args: "[broken" },
        slow: { command: "node", timeout: "later" },
        off: { ...fixtureEntry("basic"), enabled: false },
        good: fixtureEntry("basic"),
      },
      { logger },
    );
    expect(await manager.discoverMcpTools()).toContain("mcp__good__echo");
    const states = Object.fromEntries(manager.status().map((s) => [s.name, s.state]));
    expect(states).toEqual({
      args: "failed",
      both: "failed",
      good: "connected",
      off: "disabled",
      slow: "failed",
      weird: "failed",
    });
    expect(manager.status().find((s) => s.name === "weird")?.error).toMatch(
      /^mcp_servers\.weird\.transport: /,
    );
    expect(manager.problems.map((p) => `${p.server}.${p.key}`).sort()).toEqual([
      "args.args",
      "both.url",
      "slow.timeout",
      "weird.transport",
    ]);
    expect(logger.lines.filter((l) => l.startsWith("error: mcp_servers."))).toHaveLength(4);
    harness.track(manager);
  });
});

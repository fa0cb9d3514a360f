import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isProcessAlive, waitUntil } from "@hermes-agent/test-utils";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import type { McpEvent, SamplingModel } from "../src/index.js";
import { FIXTURE_SERVER, fixtureEntry, Harness } from "./helpers/fixtures.js";

const harness = new Harness();
afterEach(() => harness.cleanup());
afterAll(async () => {
  expect(await harness.assertNoChildren()).toEqual([]);
});

const parse = (out: unknown) => JSON.parse(out as string) as Record<string, unknown>;

describe("stdio server (fixture built with the SDK)", () => {
  test("tools are registered as mcp__<server>__<tool> with utilities, toolset and alias", async () => {
    const { manager, registry } = harness.manager({ "my-fixture": fixtureEntry("basic") });
    const names = await manager.discoverMcpTools();
    expect(names).toContain("mcp__my_fixture__echo");
    expect(names).toEqual(
      expect.arrayContaining([
        "mcp__my_fixture__list_resources",
        "mcp__my_fixture__read_resource",
        "mcp__my_fixture__list_prompts",
        "mcp__my_fixture__get_prompt",
      ]),
    );
    expect(registry.getToolsetForTool("mcp__my_fixture__echo")).toBe("mcp-my-fixture");
    expect(registry.resolveToolsetAlias("my-fixture")).toBe("mcp-my-fixture");
    const echo = registry.getSchema("mcp__my_fixture__echo");
    expect(echo?.description).toBe("Echo the text back");
    expect(echo?.parameters).toMatchObject({
      type: "object",
      properties: { text: { type: "string" } },
      required: ["text"],
    });
    expect(registry.getSchema("mcp__my_fixture__pid")?.parameters).toMatchObject({
      type: "object",
      properties: {},
    });

    expect(
      parse(await registry.dispatch("mcp__my_fixture__echo", { text: "hello world" })),
    ).toEqual({
      result: "hello world",
    });
    const [status] = manager.status();
    expect(status).toMatchObject({
      name: "my-fixture",
      state: "connected",
      transport: "stdio",
      toolCount: names.length,
    });
    harness.track(manager);
  });

  test("resources and prompts through the utility tools; images stay multimodal; errors are redacted", async () => {
    const { manager, registry } = harness.manager({ fx: fixtureEntry("basic") });
    await manager.discoverMcpTools();
    expect(parse(await registry.dispatch("mcp__fx__list_resources", {}))).toEqual({
      resources: [{ uri: "memo://readme", name: "readme", mimeType: "text/plain" }],
    });
    expect(
      parse(await registry.dispatch("mcp__fx__read_resource", { uri: "memo://readme" })),
    ).toEqual({
      result: "[resource memo://readme]\nfixture readme",
    });
    const missingUri = parse(await registry.dispatch("mcp__fx__read_resource", {}));
    expect(String(missingUri.error)).toMatch(/uri/);
    expect(
      parse(
        await registry.dispatch("mcp__fx__get_prompt", {
          name: "greet",
          arguments: { who: "Ada" },
        }),
      ),
    ).toEqual({
      messages: [{ role: "user", content: "Hello Ada" }],
    });
    expect(await registry.dispatch("mcp__fx__picture", {})).toEqual({
      _multimodal: true,
      content: [
        { type: "text", text: "a red dot" },
        { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
      ],
    });
    const failed = parse(await registry.dispatch("mcp__fx__fail", {}));
    expect(failed.error).toMatch(/upstream said/);
    expect(failed.error).not.toMatch(/ghp_abcdefghij/);
    harness.track(manager);
  });

  test("tools.include / exclude filter on original names; resources and prompts can be turned off", async () => {
    const { manager } = harness.manager({
      a: fixtureEntry("basic", {
        tools: { include: ["echo", "p*"], exclude: ["echo"], resources: false, prompts: false },
      }),
      b: fixtureEntry("basic", { tools: { include: [] } }),
    });
    const names = await manager.discoverMcpTools();
    expect(names).toEqual(["mcp__a__echo", "mcp__a__picture", "mcp__a__pid"]);
    harness.track(manager);
  });

  test("stdio children get the allowlisted environment plus their env; stderr goes to the log", async () => {
    const { manager, registry, home } = harness.manager(
      { fx: fixtureEntry("basic", { env: { FIXTURE_FLAG: "${FLAG}" } }) },
      {
        env: {
          PATH: process.env.PATH,
          HOME: "/tmp",
          OPENAI_API_KEY: "sk-host-secret",
          GITHUB_TOKEN: "ghp_x",
          FLAG: "on",
        },
      },
    );
    await manager.discoverMcpTools();
    const keys = String(parse(await registry.dispatch("mcp__fx__env_keys", {})).result).split(",");
    expect(keys).toContain("FIXTURE_FLAG");
    expect(keys).toContain("PATH");
    expect(keys).not.toContain("OPENAI_API_KEY");
    expect(keys).not.toContain("GITHUB_TOKEN");
    const log = path.join(home, "logs", "mcp-stderr.log");
    expect(
      await waitUntil(() => readFileSync(log, "utf8").includes("[fx] fixture basic starting")),
    ).toBe(true);
    harness.track(manager);
  });

  test("${VAR} comes from the environment first, then HERMES_HOME/.env", async () => {
    const home = harness.home();
    writeFileSync(path.join(home, ".env"), "FIXTURE_MODE=basic\nSHADOWED=from-dotenv\n");
    const { manager, registry } = harness.manager(
      {
        fx: {
          command: process.execPath,
          args: [FIXTURE_SERVER, "${FIXTURE_MODE}"],
          env: { MARK: "${env:SHADOWED}" },
        },
      },
      { hermesHome: home, env: { PATH: process.env.PATH, SHADOWED: "from-env" } },
    );
    expect(await manager.discoverMcpTools()).toContain("mcp__fx__echo");
    expect(parse(await registry.dispatch("mcp__fx__env_keys", { name: "MARK" })).result).toBe(
      "from-env",
    );
    harness.track(manager);
  });

  test("a child that dies mid-call fails that call and is respawned on the next call", async () => {
    const { manager, registry } = harness.manager({ fx: fixtureEntry("basic") });
    await manager.discoverMcpTools();
    const firstPid = Number(parse(await registry.dispatch("mcp__fx__pid", {})).result);
    harness.pids.add(firstPid);
    const crashed = parse(await registry.dispatch("mcp__fx__crash_now", {}));
    expect(String(crashed.error)).toMatch(/closed/i);
    await waitUntil(() => manager.status()[0]?.state === "failed");
    expect(manager.status()[0]).toMatchObject({ state: "failed", error: "Connection closed" });
    expect(isProcessAlive(firstPid)).toBe(false);
    const secondPid = Number(parse(await registry.dispatch("mcp__fx__pid", {})).result);
    harness.pids.add(secondPid);
    expect(secondPid).not.toBe(firstPid);
    expect(manager.status()[0]?.state).toBe("connected");
  });

  test("a call honours the per-server timeout and the caller's AbortSignal (cancelled on the server)", async () => {
    const home = harness.home();
    const marker = path.join(home, "marker.txt");
    const { manager, registry } = harness.manager(
      { fx: fixtureEntry("basic", { timeout: 0.3, env: { FIXTURE_MARKER: marker } }) },
      { hermesHome: home },
    );
    await manager.discoverMcpTools();
    const timedOut = parse(await registry.dispatch("mcp__fx__sleep", { ms: 5000 }));
    expect(timedOut.error).toMatch(/MCP call timed out after [\d.]+s \(configured timeout: 0.3s\)/);
    expect(await waitUntil(() => readFileSync(marker, "utf8").includes("cancelled"))).toBe(true);

    const controller = new AbortController();
    const pending = registry.dispatch("mcp__fx__sleep", { ms: 200 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const aborted = parse(await pending);
    expect(String(aborted.error)).toMatch(/cancel|abort/i);
    expect(parse(await registry.dispatch("mcp__fx__echo", { text: "still fine" })).result).toBe(
      "still fine",
    );
    harness.track(manager);
  });

  test("list_changed re-registers the server's tools, coalesced, and progress reaches the events", async () => {
    const events: McpEvent[] = [];
    const { manager, registry } = harness.manager(
      { fx: fixtureEntry("basic") },
      { onEvent: (e) => events.push(e) },
    );
    await manager.discoverMcpTools();
    const before = registry.getToolNamesForToolset("mcp-fx").length;
    const generation = registry.generation;
    await registry.dispatch("mcp__fx__add_tools", { count: 3 });
    expect(
      await waitUntil(() => registry.getToolNamesForToolset("mcp-fx").length === before + 3),
    ).toBe(true);
    expect(registry.generation).toBeGreaterThan(generation);
    const relists = events.filter((e) => e.type === "mcp.tools").length;
    expect(relists).toBeLessThan(1 + 3);

    await registry.dispatch("mcp__fx__sleep", { ms: 10 });
    expect(events).toContainEqual({
      type: "mcp.progress",
      server: "fx",
      tool: "sleep",
      progress: 1,
      total: 2,
      message: "halfway",
    });
    harness.track(manager);
  });

  test("sampling goes through the injected model within the server's limits", async () => {
    const asked: string[] = [];
    const model: SamplingModel = async (request) => {
      asked.push(
        `${request.model ?? "-"}|${request.maxTokens}|${request.messages.map((m) => m.content).join("/")}`,
      );
      return { model: request.model ?? "default", content: "forty-two", finishReason: "stop" };
    };
    const { manager, registry } = harness.manager(
      {
        on: fixtureEntry("basic", { sampling: { enabled: true, max_rpm: 1, max_tokens_cap: 50 } }),
        off: fixtureEntry("basic"),
        picky: fixtureEntry("basic", {
          sampling: { enabled: true, allowed_models: ["other-model"] },
        }),
      },
      { samplingModel: model },
    );
    await manager.discoverMcpTools();
    expect(
      parse(await registry.dispatch("mcp__on__ask_model", { question: "meaning?" })).result,
    ).toBe("hinted-model: forty-two");
    expect(asked).toEqual(["hinted-model|50|meaning?"]);
    const limited = parse(await registry.dispatch("mcp__on__ask_model", { question: "again" }));
    expect(limited.error).toMatch(
      /Sampling rate limit exceeded for server 'on' \(1 requests\/minute\)/,
    );
    const refused = parse(await registry.dispatch("mcp__off__ask_model", { question: "x" }));
    expect(refused.error).toBeDefined();
    const notAllowed = parse(await registry.dispatch("mcp__picky__ask_model", { question: "x" }));
    expect(notAllowed.error).toMatch(/not allowed/);
    expect(asked).toHaveLength(1);
    harness.track(manager);
  });

  test("killSync() kills the stdio children at once (process exit without close)", async () => {
    const { manager } = harness.manager({ a: fixtureEntry("basic") });
    await manager.discoverMcpTools();
    const pids = harness.track(manager);
    manager.killSync();
    expect(await waitUntil(() => pids.every((pid) => !isProcessAlive(pid)))).toBe(true);
  });

  test("close() also ends what the server started (a wrapper's child, a helper left running)", async () => {
    const home = harness.home();
    const marker = path.join(home, "helper.pid");
    // bash starts a long-lived helper, then becomes the server: the helper is the server's child.
    const script = `sleep 300 & echo $! > "${marker}"; exec "${process.execPath}" "${FIXTURE_SERVER}" basic`;
    const { manager } = harness.manager(
      { wrapped: { command: "bash", args: ["-c", script] } },
      { hermesHome: home },
    );
    expect(await manager.discoverMcpTools()).toContain("mcp__wrapped__echo");
    const helper = Number(readFileSync(marker, "utf8").trim());
    harness.pids.add(helper);
    harness.track(manager);
    expect(isProcessAlive(helper)).toBe(true);
    await manager.close();
    expect(await waitUntil(() => !isProcessAlive(helper))).toBe(true);
  });

  test("close() stops every server, removes its tools and leaves no child", async () => {
    const { manager, registry } = harness.manager({
      a: fixtureEntry("basic"),
      b: fixtureEntry("basic"),
    });
    await manager.discoverMcpTools();
    const pids = harness.track(manager);
    expect(pids).toHaveLength(2);
    await manager.close();
    expect(pids.filter((pid) => isProcessAlive(pid))).toEqual([]);
    expect(registry.getAllToolNames().filter((n) => n.startsWith("mcp__"))).toEqual([]);
    expect(manager.status().map((s) => s.state)).toEqual(["closed", "closed"]);
  });
});

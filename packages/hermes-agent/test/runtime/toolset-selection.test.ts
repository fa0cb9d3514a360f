import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { hermesConfigSchema, parseConfigText } from "@hermes-agent/config";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createRuntime, type HermesRuntime } from "../../src/index.js";
import { selectPlatformToolsets } from "../../src/runtime/platform-toolsets.js";
import { recordingLogger, type RecordingLogger } from "../helpers/runtime-harness.js";

const require = createRequire(import.meta.url);
const FIXTURE = path.join(
  path.dirname(require.resolve("@hermes-agent/mcp/package.json")),
  "test/fixtures/fixture-server.mjs",
);

const config = (text: string) => parseConfigText(text).config;

describe("selectPlatformToolsets", () => {
  const servers = "mcp_servers:\n  fs: {command: x}\n  off: {command: y, enabled: false}\n";

  test("no list: the platform preset, every enabled MCP server and every plugin toolset", () => {
    expect(
      selectPlatformToolsets({
        config: config(servers),
        platform: "cli",
        pluginToolsets: ["clock"],
      }),
    ).toEqual({
      enabled: ["hermes-cli", "fs", "clock"],
      disabled: [],
      source: "hermes-cli",
      explicit: [],
    });
    expect(
      selectPlatformToolsets({
        config: config(""),
        platform: "hermes-telegram",
        pluginToolsets: [],
      }).enabled,
    ).toEqual(["hermes-telegram"]);
  });

  test("platform_toolsets.<platform> wins over the legacy toolsets list; servers still join", () => {
    const selection = selectPlatformToolsets({
      config: config(
        `${servers}platform_toolsets:\n  cli: [terminal, file]\ntoolsets: [all]\nagent:\n  disabled_toolsets: [file]\n`,
      ),
      platform: "cli",
      pluginToolsets: [],
    });
    expect(selection).toEqual({
      enabled: ["terminal", "file", "fs"],
      disabled: ["file"],
      source: "platform_toolsets.cli",
      explicit: ["terminal", "file"],
    });
  });

  test("the legacy top-level toolsets list applies to the CLI only", () => {
    const legacy = config("toolsets: [web_tools, terminal]\n");
    expect(
      selectPlatformToolsets({ config: legacy, platform: "cli", pluginToolsets: [] }),
    ).toMatchObject({
      enabled: ["web_tools", "terminal"],
      source: "toolsets",
    });
    expect(
      selectPlatformToolsets({ config: legacy, platform: "telegram", pluginToolsets: [] }).enabled,
    ).toEqual(["hermes-telegram"]);
  });

  test("a list naming a server is an allowlist of servers; no_mcp keeps every server out", () => {
    const two = "mcp_servers:\n  fs: {command: x}\n  git: {command: y}\n";
    expect(
      selectPlatformToolsets({
        config: config(`${two}platform_toolsets:\n  cli: [terminal, mcp-git]\n`),
        platform: "cli",
        pluginToolsets: [],
      }).enabled,
    ).toEqual(["terminal", "mcp-git"]);
    expect(
      selectPlatformToolsets({
        config: config(`${two}platform_toolsets:\n  cli: [terminal, no_mcp]\n`),
        platform: "cli",
        pluginToolsets: [],
      }).enabled,
    ).toEqual(["terminal"]);
  });

  test("an empty list selects nothing but the servers; a plugin toolset the user dropped stays out", () => {
    expect(
      selectPlatformToolsets({
        config: config(
          "platform_toolsets:\n  cli: []\nknown_plugin_toolsets:\n  cli: [clock, dice]\n",
        ),
        platform: "cli",
        pluginToolsets: ["clock", "dice", "fresh"],
      }).enabled,
    ).toEqual(["fresh"]);
  });
});

let home: TempDir;
const runtimes: HermesRuntime[] = [];
beforeEach(async () => {
  home = await createTempDir("hermes-agent-selection-");
});
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
  await home.remove();
});

function writeFile(relative: string, text: string): void {
  const file = path.join(home.path, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

async function start(
  yaml: string,
  options: { mcp?: boolean } = {},
): Promise<{ runtime: HermesRuntime; logger: RecordingLogger }> {
  writeFile("config.yaml", yaml);
  const logger = recordingLogger();
  const runtime = await createRuntime({
    hermesHome: home.path,
    cwd: home.path,
    env: { PATH: process.env.PATH, HOME: home.path, LANG: "C.UTF-8" },
    logger,
    approval: "deny",
    ...options,
  });
  runtimes.push(runtime);
  return { runtime, logger };
}

const names = (runtime: HermesRuntime): string[] =>
  runtime.getToolDefinitions().map((definition) => definition.function.name);

const fixtureServer = (name = "fixture") =>
  `mcp_servers:\n  ${name}:\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(FIXTURE)}]\n`;

describe("the runtime's default tool selection", () => {
  test("MCP tools are offered by default once their server connected", async () => {
    const { runtime } = await start(fixtureServer());
    const servers = await runtime.waitForMcpServers({ timeoutMs: 30_000 });
    expect(servers.map((server) => [server.name, server.state])).toEqual([
      ["fixture", "connected"],
    ]);
    const offered = names(runtime);
    expect(offered).toContain("mcp__fixture__echo");
    expect(offered).toContain("terminal");
    expect(runtime.defaultToolsets().enabled).toEqual(["hermes-cli", "fixture"]);
  });

  test("platform_toolsets.cli limits the built-in tools; agent.disabled_toolsets is subtracted", async () => {
    const { runtime } = await start(
      `${fixtureServer()}platform_toolsets:\n  cli: [terminal, file, code_execution]\nagent:\n  disabled_toolsets: [file]\n`,
    );
    await runtime.waitForMcpServers({ timeoutMs: 30_000 });
    const offered = names(runtime);
    expect(offered.filter((name) => !name.startsWith("mcp__"))).toEqual([
      "execute_code",
      "process",
      "terminal",
    ]);
    expect(offered).toContain("mcp__fixture__echo");
  });

  test("the legacy toolsets list is read for the CLI", async () => {
    const { runtime } = await start("toolsets: [file]\n");
    expect(names(runtime)).toEqual(["patch", "read_file", "search_files", "write_file"]);
  });

  test("unknown toolset names in config.yaml are reported once, with where they are", async () => {
    const { logger } = await start(
      "platform_toolsets:\n  cli: [terminal, nosuch]\nagent:\n  disabled_toolsets: [alsonot]\n",
    );
    expect(logger.lines.filter((line) => line.includes("unknown toolset"))).toEqual([
      "warn config.yaml platform_toolsets.cli names unknown toolset(s): nosuch. They select no tools; 'hermes-agent toolsets' lists the names.",
      "warn config.yaml agent.disabled_toolsets names unknown toolset(s): alsonot. They select no tools; 'hermes-agent toolsets' lists the names.",
    ]);
  });

  test("an enabled plugin's tools are offered by default", async () => {
    writeFile("plugins/clock/plugin.yaml", "name: clock\n");
    writeFile(
      "plugins/clock/index.mjs",
      `export function register(ctx) {
  ctx.registerTool({
    name: "clock_now",
    toolset: "clock",
    schema: { description: "The time", parameters: { type: "object", properties: {} } },
    handler: () => JSON.stringify({ now: "noon" }),
  });
}
`,
    );
    const { runtime } = await start("plugins:\n  enabled: [clock]\n");
    expect(names(runtime)).toContain("clock_now");
    expect(runtime.defaultToolsets().enabled).toEqual(["hermes-cli", "clock"]);
  });

  test("mcp: false starts no server: no tools, no status, nothing to wait for", async () => {
    const marker = path.join(home.path, "started.txt");
    const { runtime } = await start(
      `${fixtureServer()}    env: {FIXTURE_MARKER: ${JSON.stringify(marker)}}\n`,
      { mcp: false },
    );
    expect(await runtime.waitForMcpServers()).toEqual([]);
    expect(runtime.mcpServers()).toEqual([]);
    expect(names(runtime).some((name) => name.startsWith("mcp__"))).toBe(false);
    await runtime.close();
    expect(existsSync(marker)).toBe(false);
  });

  test("a library selection given to createRuntime is used as it is", async () => {
    writeFile("config.yaml", "platform_toolsets:\n  cli: [file]\n");
    const runtime = await createRuntime({
      hermesHome: home.path,
      cwd: home.path,
      config: hermesConfigSchema.parse({ platform_toolsets: { cli: ["file"] } }),
      env: { PATH: process.env.PATH, HOME: home.path },
      logger: recordingLogger(),
      approval: "deny",
      enabledToolsets: ["terminal"],
    });
    runtimes.push(runtime);
    expect(names(runtime)).toEqual(["process", "terminal"]);
  });
});

import { describe, expect, test } from "vitest";
import { formatConfigProblem, parseMcpServerConfigs } from "../../src/index.js";

const parse = (section: unknown, env: Record<string, string> = {}) =>
  parseMcpServerConfigs(section, { lookupVariable: (name) => env[name] });

describe("parseMcpServerConfigs", () => {
  test("a stdio entry gets Hermes' defaults", () => {
    const { servers, problems } = parse({ fs: { command: "npx", args: ["-y", "pkg"] } });
    expect(problems).toEqual([]);
    expect(servers[0]).toMatchObject({
      name: "fs",
      enabled: true,
      transport: "stdio",
      command: "npx",
      args: ["-y", "pkg"],
      timeoutMs: 300_000,
      connectTimeoutMs: 60_000,
      tools: { include: undefined, exclude: [], resources: true, prompts: true },
      sampling: {
        enabled: false,
        maxRpm: 10,
        maxTokensCap: 4096,
        timeoutMs: 30_000,
        allowedModels: [],
      },
    });
  });

  test("HTTP entries: url means streamable HTTP unless transport is sse", () => {
    const { servers } = parse({
      a: { url: "http://127.0.0.1:1/mcp", headers: { Authorization: "Bearer x" } },
      b: { url: "http://127.0.0.1:1/sse", transport: "sse" },
      c: { url: "https://example.invalid/mcp", auth: "oauth" },
    });
    expect(servers.map((s) => [s.name, s.transport, s.oauth])).toEqual([
      ["a", "http", false],
      ["b", "sse", false],
      ["c", "http", true],
    ]);
    expect(servers[0]?.headers).toEqual({ Authorization: "Bearer x" });
  });

  test("args as a string are split like a shell; a list-looking string must parse", () => {
    const { servers, problems } = parse({
      split: { command: "node", args: `server.js --name "two words" 'x y'` },
      json: { command: "node", args: '["a", "b c"]' },
      python: { command: "node", args: "['a', 'b']" },
      broken: { command: "node", args: "['a', b" },
    });
    expect(servers.find((s) => s.name === "split")?.args).toEqual([
      "server.js",
      "--name",
      "two words",
      "x y",
    ]);
    expect(servers.find((s) => s.name === "json")?.args).toEqual(["a", "b c"]);
    expect(servers.find((s) => s.name === "python")?.args).toEqual(["a", "b"]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ server: "broken", key: "args" });
    expect(formatConfigProblem(problems[0]!)).toMatch(
      /^mcp_servers\.broken\.args: looks like a list/,
    );
  });

  test("bad entries name the server and the key; good ones are still returned", () => {
    const { servers, problems } = parse({
      good: { command: "node" },
      both: { command: "node", url: "http://127.0.0.1:1/mcp" },
      transport: { url: "http://127.0.0.1:1/mcp", transport: "carrier-pigeon" },
      timeout: { command: "node", timeout: "soon" },
      negative: { command: "node", connect_timeout: -1 },
      nothing: { enabled: true },
      scalar: "node server.js",
    });
    expect(servers.map((s) => s.name)).toEqual(["good"]);
    expect(problems.map((p) => `${p.server}.${p.key}`).sort()).toEqual([
      "both.url",
      "negative.connect_timeout",
      "nothing.command",
      "scalar.(entry)",
      "timeout.timeout",
      "transport.transport",
    ]);
    expect(problems.find((p) => p.server === "timeout")?.message).toBe(
      "must be a number of seconds",
    );
    expect(problems.find((p) => p.server === "negative")?.message).toBe("must be positive");
    expect(problems.find((p) => p.server === "transport")?.message).toMatch(
      /stdio, http, streamable_http, sse/,
    );
  });

  test("numbers as strings and legacy scalars are accepted", () => {
    const { servers } = parse({
      s: {
        command: "node",
        timeout: "3.5",
        enabled: "false",
        tools: { include: "get_*", resources: "no" },
      },
    });
    expect(servers[0]).toMatchObject({
      timeoutMs: 3500,
      enabled: false,
      tools: { include: ["get_*"], resources: false },
    });
  });

  test("${VAR} and ${env:VAR} are interpolated; unset ones stay literal and are reported", () => {
    const { servers } = parse(
      {
        s: {
          command: "node",
          args: ["--port", "${PORT}", "${env:HOST_NAME}", "${MISSING}"],
          env: { TOKEN: "${SECRET}" },
        },
      },
      { PORT: "3000", HOST_NAME: "box", SECRET: "s3" },
    );
    expect(servers[0]?.args).toEqual(["--port", "3000", "box", "${MISSING}"]);
    expect(servers[0]?.env).toEqual({ TOKEN: "s3" });
    expect(servers[0]?.unresolvedVariables).toEqual(["MISSING"]);
  });

  test("a section that is not a mapping reads as no servers", () => {
    expect(parse("invalid")).toEqual({ servers: [], problems: [] });
    expect(parse(null)).toEqual({ servers: [], problems: [] });
  });
});

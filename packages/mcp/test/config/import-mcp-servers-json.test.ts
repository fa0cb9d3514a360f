import { describe, expect, test } from "vitest";
import { importMcpServersJson, McpError, parseMcpServerConfigs } from "../../src/index.js";

describe("importMcpServersJson", () => {
  test("the Claude Desktop / Cursor shape becomes Hermes entries that validate", () => {
    const imported = importMcpServersJson(
      JSON.stringify({
        mcpServers: {
          filesystem: {
            command: "npx",
            args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
            env: { A: "1" },
          },
          remote: {
            type: "streamable-http",
            url: "http://127.0.0.1:9/mcp",
            headers: { "X-Key": "k" },
          },
          legacy: { type: "sse", url: "http://127.0.0.1:9/sse", disabled: true },
        },
      }),
    );
    expect(imported).toEqual({
      filesystem: {
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
        env: { A: "1" },
      },
      remote: { url: "http://127.0.0.1:9/mcp", headers: { "X-Key": "k" }, transport: "http" },
      legacy: { url: "http://127.0.0.1:9/sse", transport: "sse", enabled: false },
    });
    const { servers, problems } = parseMcpServerConfigs(imported);
    expect(problems).toEqual([]);
    expect(servers.map((s) => [s.name, s.transport, s.enabled])).toEqual([
      ["filesystem", "stdio", true],
      ["remote", "http", true],
      ["legacy", "sse", false],
    ]);
  });

  test("VS Code's `servers` key and a bare map work too", () => {
    expect(Object.keys(importMcpServersJson({ servers: { a: { command: "x" } } }))).toEqual(["a"]);
    expect(Object.keys(importMcpServersJson({ b: { url: "http://127.0.0.1:1/" } }))).toEqual(["b"]);
  });

  test("malformed input is an McpError naming what is wrong", () => {
    expect(() => importMcpServersJson("{not json")).toThrow(/not valid JSON/);
    expect(() => importMcpServersJson({ mcpServers: { x: { type: "ftp", url: "u" } } })).toThrow(
      /mcpServers\.x\.type: unknown transport 'ftp'/,
    );
    try {
      importMcpServersJson({ mcpServers: { x: 3 } });
    } catch (error) {
      expect(McpError.isInstance(error)).toBe(true);
    }
  });
});

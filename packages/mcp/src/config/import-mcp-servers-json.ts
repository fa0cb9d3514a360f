import { McpError, McpErrorCode } from "../mcp-error.js";

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const TRANSPORTS: Readonly<Record<string, string>> = {
  stdio: "stdio",
  http: "http",
  "streamable-http": "http",
  streamable_http: "http",
  streamablehttp: "http",
  sse: "sse",
};

function convertEntry(name: string, entry: unknown): Json {
  if (!isObject(entry)) {
    throw new McpError(McpErrorCode.InvalidConfig, `mcpServers.${name}: must be an object`, {
      details: { server: name },
    });
  }
  const out: Json = {};
  const url = entry.url ?? entry.serverUrl ?? entry.httpUrl;
  if (entry.command !== undefined) out.command = entry.command;
  if (entry.args !== undefined) out.args = entry.args;
  if (entry.env !== undefined) out.env = entry.env;
  if (entry.cwd !== undefined) out.cwd = entry.cwd;
  if (url !== undefined) out.url = url;
  if (entry.headers !== undefined) out.headers = entry.headers;
  const type = typeof entry.type === "string" ? entry.type : entry.transport;
  if (typeof type === "string") {
    const transport = TRANSPORTS[type.toLowerCase()];
    if (transport === undefined) {
      throw new McpError(
        McpErrorCode.InvalidConfig,
        `mcpServers.${name}.type: unknown transport '${type}' (expected stdio, http, streamable-http or sse)`,
        { details: { server: name, key: "type" } },
      );
    }
    if (transport !== "stdio" || url === undefined) out.transport = transport;
  }
  if (entry.disabled === true || entry.enabled === false) out.enabled = false;
  // Some clients write timeouts in milliseconds; Hermes' keys are seconds.
  if (typeof entry.timeout === "number") out.timeout = entry.timeout / 1000;
  return out;
}

/**
 * Turn the `mcpServers` JSON used by other MCP clients (Claude Desktop, Cursor, VS Code's
 * `servers`, or a bare name → entry map) into `mcp_servers` entries with Hermes' keys
 * (`command`, `args`, `env`, `cwd`, `url`, `headers`, `transport`, `enabled`, `timeout`), ready
 * to be written under `mcp_servers` in config.yaml or passed to the manager.
 * @throws {@link McpError} `MCP_INVALID_CONFIG` when the text is not JSON or an entry is malformed.
 */
export function importMcpServersJson(source: string | Json): Record<string, Json> {
  let document: unknown = source;
  if (typeof source === "string") {
    try {
      document = JSON.parse(source);
    } catch (error) {
      throw new McpError(
        McpErrorCode.InvalidConfig,
        `The mcpServers file is not valid JSON: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  if (!isObject(document)) {
    throw new McpError(McpErrorCode.InvalidConfig, "The mcpServers file must hold a JSON object");
  }
  const servers = isObject(document.mcpServers)
    ? document.mcpServers
    : isObject(document.servers)
      ? document.servers
      : isObject(document.mcp_servers)
        ? document.mcp_servers
        : document;
  return Object.fromEntries(
    Object.entries(servers).map(([name, entry]) => [name, convertEntry(name, entry)]),
  );
}

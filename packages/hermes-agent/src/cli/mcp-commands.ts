import { loadConfigWithDiagnostics } from "@hermes-agent/config";
import { createStderrLogger } from "@hermes-agent/core";
import {
  createMcpManager,
  formatConfigProblem,
  loginMcpServer,
  parseMcpServerConfigs,
  type McpServerSpec,
} from "@hermes-agent/mcp";
import { ToolRegistry } from "@hermes-agent/registry";
import { CliExit, err, out, type CliIo } from "./cli-io.js";
import type { GlobalOptions } from "./cli-runtime.js";
import { hermesHomeOf } from "./hermes-env.js";
import { closeNames } from "./close-names.js";

/**
 * `mcp list [--json]`: the servers of `mcp_servers` as config.yaml declares them (transport,
 * command or URL, enabled), and the problem of each invalid entry. Nothing is started; `mcp test
 * <server>` connects.
 */
export async function mcpList(io: CliIo, globals: GlobalOptions, json: boolean): Promise<void> {
  const hermesHome = hermesHomeOf(io, globals);
  const loaded = await loadConfigWithDiagnostics({ home: hermesHome, env: io.env });
  const parsed = parseMcpServerConfigs(loaded.config.mcp_servers, {
    lookupVariable: (name) => io.env[name],
  });
  const rows = [
    ...parsed.servers.map((spec) => ({
      server: spec.name,
      toolset: `mcp-${spec.name}`,
      transport: spec.transport,
      target:
        spec.transport === "stdio" ? [spec.command, ...spec.args].join(" ") : (spec.url ?? ""),
      enabled: spec.enabled,
    })),
    ...parsed.problems.map((problem) => ({
      server: problem.server,
      problem: formatConfigProblem(problem),
    })),
  ];
  if (json) {
    out(io, JSON.stringify(rows, null, 2));
    return;
  }
  if (rows.length === 0) out(io, `No MCP servers in ${loaded.path} (mcp_servers).`);
  for (const row of rows) {
    if ("problem" in row) out(io, `✗ ${row.server.padEnd(20)} ${row.problem}`);
    else
      out(
        io,
        `${row.enabled ? "·" : "-"} ${row.server.padEnd(20)} ${row.transport.padEnd(5)} ${row.target}${row.enabled ? "" : "  (enabled: false)"}`,
      );
  }
  if (rows.length > 0)
    out(io, "\n'hermes-agent mcp test <server>' connects to one and lists its tools.");
}

/** The validated `mcp_servers` entry named `server`, or a clear error (unknown, invalid). */
async function serverSpec(
  io: CliIo,
  globals: GlobalOptions,
  server: string,
): Promise<{ spec: McpServerSpec; entry: unknown; hermesHome: string }> {
  const hermesHome = hermesHomeOf(io, globals);
  const loaded = await loadConfigWithDiagnostics({ home: hermesHome, env: io.env });
  const names = Object.keys(loaded.config.mcp_servers);
  if (!names.includes(server)) {
    const close = closeNames(server, names);
    throw new CliExit(
      names.length === 0
        ? `No MCP servers in ${loaded.path}: add one under mcp_servers first.`
        : `No MCP server '${server}' in ${loaded.path}.${close.length > 0 ? ` Did you mean: ${close.join(", ")}?` : ""} 'hermes-agent mcp list' shows them.`,
    );
  }
  const entry: unknown = loaded.config.mcp_servers[server];
  const parsed = parseMcpServerConfigs(
    { [server]: entry },
    { lookupVariable: (name) => io.env[name] },
  );
  const problem = parsed.problems[0];
  if (problem !== undefined) throw new CliExit(formatConfigProblem(problem));
  const spec = parsed.servers[0];
  if (spec === undefined) throw new CliExit(`mcp_servers.${server} could not be read.`);
  for (const name of spec.unresolvedVariables)
    err(io, `warning: mcp_servers.${server}: \${${name}} is not set; it was left as written`);
  return { spec, entry, hermesHome };
}

/**
 * `hermes-agent mcp test <server>`: connect to that one server, list its tools and say how long
 * it took; a failure says why (exit 1). Nothing else in config.yaml is started.
 */
export async function mcpTest(io: CliIo, globals: GlobalOptions, server: string): Promise<void> {
  const { spec, entry, hermesHome } = await serverSpec(io, globals, server);
  if (!spec.enabled)
    throw new CliExit(`mcp_servers.${server} has enabled: false; set it to true to use it.`);
  const target = spec.transport === "stdio" ? [spec.command, ...spec.args].join(" ") : spec.url;
  out(io, `Connecting to '${server}' (${spec.transport}: ${target ?? ""}) ...`);
  const registry = new ToolRegistry({ hermesHome });
  const manager = createMcpManager({
    registry,
    servers: { [server]: entry },
    hermesHome,
    env: io.env,
    logger: createStderrLogger({
      name: "hermes-agent",
      level: globals.verbose === true ? "debug" : "error",
    }),
  });
  const started = performance.now();
  try {
    await manager.discoverMcpTools();
    const elapsed = Math.round(performance.now() - started);
    const status = manager.status().find((entry) => entry.name === server);
    if (status?.state !== "connected") {
      throw new CliExit(
        `✗ '${server}' did not connect after ${elapsed} ms: ${status?.error ?? status?.state ?? "no status"}` +
          (spec.transport === "stdio"
            ? `\n  Its stderr is in ${hermesHome}/logs/mcp-stderr.log.`
            : ""),
      );
    }
    out(io, `✓ connected in ${elapsed} ms, ${status.toolCount} tool(s):`);
    for (const name of status.tools) {
      const description = registry.getEntry(name)?.schema.description ?? "";
      out(io, `  ${name}${description === "" ? "" : `  ${description.split("\n")[0] ?? ""}`}`);
    }
  } finally {
    await manager.close();
  }
}

/**
 * `hermes-agent mcp login <server>`: OAuth for an HTTP server with `auth: oauth`. Prints the
 * authorization URL to open, waits for the browser on a one-shot 127.0.0.1 callback, stores
 * the tokens under `HERMES_HOME/mcp-tokens`.
 */
export async function mcpLogin(io: CliIo, globals: GlobalOptions, server: string): Promise<void> {
  const { spec, hermesHome } = await serverSpec(io, globals, server);
  if (spec.url === undefined)
    throw new CliExit(
      `mcp_servers.${server} is a stdio server; only HTTP servers (url:) log in with OAuth.`,
    );
  if (!spec.oauth)
    err(io, `note: mcp_servers.${server} has no 'auth: oauth'; add it so the tokens are used.`);
  await loginMcpServer({
    server,
    url: spec.url,
    hermesHome,
    openAuthorizationUrl: (url) => {
      out(io, `Open this URL in a browser to log in to '${server}':\n\n  ${url.href}\n`);
      out(io, "Waiting for the browser to come back ...");
    },
  });
  out(io, `✓ logged in to '${server}'; tokens stored in ${hermesHome}/mcp-tokens/${server}.json`);
}

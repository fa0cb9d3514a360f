import { createStderrLogger } from "@hermes-agent/core";
import type { McpServerStatus } from "@hermes-agent/mcp";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import type { RuntimeApprovalOption } from "../runtime/runtime-options.js";
import { err, type CliIo } from "./cli-io.js";
import { onceLogger } from "./once-logger.js";

/** Options every command accepts. */
export interface GlobalOptions {
  /** Hermes home (default `HERMES_HOME`, else `~/.hermes`). */
  readonly home?: string;
  /** Print debug logs. */
  readonly verbose?: boolean;
}

/** What a command needs of the runtime besides the built-in tools. */
export interface RuntimeNeeds {
  /**
   * The servers of `mcp_servers`: `"wait"` starts them and waits (bounded) until each connected
   * or failed, saying once which are unavailable; `"background"` starts them and goes on;
   * `false` does not start them. Default `"wait"`.
   */
  readonly mcp?: "wait" | "background" | false;
  /** Load the enabled plugins and shell hooks (default true). */
  readonly plugins?: boolean;
  /** The platform whose `platform_toolsets` entry applies (default `cli`). */
  readonly platform?: string;
}

/** How long a command waits for the MCP servers to connect. */
const MCP_WAIT_MS = 60_000;

/**
 * One line per server still connecting after the wait (a failed server was already reported
 * by the runtime's warning, once).
 */
function reportPendingMcpServers(io: CliIo, servers: readonly McpServerStatus[]): void {
  for (const server of servers) {
    if (server.state !== "connecting" && server.state !== "configured") continue;
    err(
      io,
      `⚠ MCP server '${server.name}' is still connecting after ${MCP_WAIT_MS / 1000} s; its tools are left out. 'hermes-agent mcp test ${server.name}' shows more.`,
    );
  }
}

/**
 * Make the runtime a command works with; close it when done. The runtime is imported here, on
 * first use, so commands that need none (help, version, config) never load the tool packages;
 * MCP servers and plugins start only for commands that need them.
 */
export async function openRuntime(
  io: CliIo,
  globals: GlobalOptions,
  approval: RuntimeApprovalOption,
  needs: RuntimeNeeds = {},
): Promise<HermesRuntime> {
  const { createRuntime } = await import("../runtime/create-runtime.js");
  const mcp = needs.mcp ?? "wait";
  const runtime = await createRuntime({
    env: io.env,
    approval,
    logger: onceLogger(
      createStderrLogger({
        name: "hermes-agent",
        level: globals.verbose === true ? "debug" : "warn",
      }),
    ),
    mcp: mcp !== false,
    plugins: needs.plugins !== false,
    ...(globals.home === undefined ? {} : { hermesHome: globals.home }),
    ...(needs.platform === undefined ? {} : { platform: needs.platform }),
  });
  if (mcp === "wait" && Object.keys(runtime.config.mcp_servers).length > 0) {
    reportPendingMcpServers(io, await runtime.waitForMcpServers({ timeoutMs: MCP_WAIT_MS }));
  }
  return runtime;
}

/** Run `body` with a runtime and close the runtime afterwards, whatever happens. */
export async function withRuntime<T>(
  io: CliIo,
  globals: GlobalOptions,
  approval: RuntimeApprovalOption,
  body: (runtime: HermesRuntime) => Promise<T>,
  needs: RuntimeNeeds = {},
): Promise<T> {
  const runtime = await openRuntime(io, globals, approval, needs);
  try {
    return await body(runtime);
  } finally {
    await runtime.close();
  }
}

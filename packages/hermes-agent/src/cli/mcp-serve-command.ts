import { createStderrLogger } from "@hermes-agent/core";
import { McpApprovalRouter } from "../mcp-serve/elicitation-approval.js";
import { serveHttp, serveStdio } from "../mcp-serve/serve-transports.js";
import { err, type CliIo } from "./cli-io.js";
import { warnUnknownToolsets } from "./toolset-names.js";
import { openRuntime, type GlobalOptions } from "./cli-runtime.js";

/** Options of `mcp serve`. */
export interface McpServeOptions {
  /** Serve streamable HTTP on 127.0.0.1 at this port (0: any free port) instead of stdio. */
  readonly port?: number;
  /** Toolsets to expose (default the `hermes-cli` preset). */
  readonly toolsets?: readonly string[];
}

/**
 * `hermes-agent mcp serve [--port N] [--toolsets a,b]`: the runtime's tools as an MCP server.
 * Every call goes through the full pipeline with origin `mcp`; a dangerous command is put to the
 * client through elicitation, or denied when the client cannot elicit. Runs until the client
 * closes standard input (stdio) or the process gets SIGINT / SIGTERM.
 */
export async function runMcpServe(
  io: CliIo,
  globals: GlobalOptions,
  options: McpServeOptions,
): Promise<void> {
  const router = new McpApprovalRouter(
    createStderrLogger({ name: "hermes-agent mcp serve", level: "warn" }),
  );
  const runtime = await openRuntime(io, globals, router.approvalPrompt);
  warnUnknownToolsets(io, runtime, options.toolsets);
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const common = {
    runtime,
    router,
    signal: controller.signal,
    ...(options.toolsets === undefined ? {} : { toolsets: options.toolsets }),
  };
  try {
    if (options.port === undefined) {
      await serveStdio(common);
    } else {
      const serving = await serveHttp({ ...common, port: options.port });
      err(io, `hermes-agent mcp serve: listening on ${serving.url}`);
      await serving.done;
    }
  } finally {
    process.removeListener("SIGINT", stop);
    process.removeListener("SIGTERM", stop);
    await runtime.close();
  }
}

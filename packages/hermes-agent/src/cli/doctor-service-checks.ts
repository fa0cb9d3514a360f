import { silentLogger } from "@hermes-agent/core";
import { isModelEndpoint, resolveModelEndpoint } from "../agent/model-endpoint.js";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import type { CliIo } from "./cli-io.js";
import type { DoctorCheck } from "./doctor-command.js";

/**
 * One line per server of `mcp_servers`: each enabled, valid entry is connected to once (as
 * `mcp test` does) and its tools counted; a disabled one says so; an invalid one names the key
 * that is wrong.
 */
export async function mcpServerChecks(io: CliIo, runtime: HermesRuntime): Promise<DoctorCheck[]> {
  const servers = runtime.config.mcp_servers;
  if (Object.keys(servers).length === 0) return [];
  const [{ createMcpManager }, { ToolRegistry }] = await Promise.all([
    import("@hermes-agent/mcp"),
    import("@hermes-agent/registry"),
  ]);
  const manager = createMcpManager({
    registry: new ToolRegistry({ hermesHome: runtime.hermesHome }),
    servers,
    hermesHome: runtime.hermesHome,
    env: io.env,
    logger: silentLogger,
  });
  try {
    await manager.discoverMcpTools();
    return manager.status().map((status): DoctorCheck => {
      const name = `MCP server ${status.name}`;
      const fix = `Check mcp_servers.${status.name} in config.yaml (command, args, url), then run 'hermes-agent mcp test ${status.name}'.`;
      if (status.state === "connected")
        return {
          name,
          ok: true,
          detail: `connected, ${status.toolCount} tool(s)`,
          required: false,
        };
      if (status.state === "disabled")
        return { name, ok: true, detail: "enabled: false (not started)", required: false };
      return {
        name,
        ok: false,
        detail: `${status.state}${status.error === undefined ? "" : `: ${status.error}`}`,
        fix,
        required: false,
      };
    });
  } finally {
    await manager.close();
  }
}

/** The terminal tools' backend: usable, or why not (the tools are then left out). */
export function terminalCheck(runtime: HermesRuntime): DoctorCheck {
  const backend = runtime.terminal.settings.backend;
  const problem = runtime.terminal.available() ? undefined : runtime.terminal.unavailableReason();
  return problem === undefined
    ? { name: "terminal", ok: true, detail: `backend ${backend} ready`, required: false }
    : {
        name: "terminal",
        ok: false,
        detail: `backend ${backend} cannot be used, so terminal and process are unavailable: ${problem}`,
        fix: "Fix terminal.* in config.yaml (or set terminal.backend: local).",
        required: false,
      };
}

/**
 * The model endpoint: configured (base URL, key, model) and answering. A `GET /models` with the
 * key shows the server is there and takes the key; a server without that route still counts as
 * reachable.
 */
export async function modelEndpointCheck(
  io: CliIo,
  runtime: HermesRuntime,
  timeoutMs = 5000,
): Promise<DoctorCheck> {
  const endpoint = resolveModelEndpoint(runtime.config, io.env);
  const name = "model endpoint";
  if (!isModelEndpoint(endpoint)) {
    return {
      name,
      ok: false,
      detail: `not configured (missing: ${endpoint.missing.join(", ")})`,
      fix: endpoint.advice.join(" "),
      required: false,
    };
  }
  const where = `${endpoint.model} at ${endpoint.baseURL}`;
  let status: number;
  try {
    const response = await fetch(`${endpoint.baseURL.replace(/\/+$/, "")}/models`, {
      headers: { authorization: `Bearer ${endpoint.apiKey}` },
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    return {
      name,
      ok: false,
      detail: `${where} (from ${endpoint.sources.baseURL}) does not answer: ${reason}`,
      fix: `Start the server, or point ${endpoint.sources.baseURL} at one that runs.`,
      required: false,
    };
  }
  if (status === 401 || status === 403) {
    return {
      name,
      ok: false,
      detail: `${where} refused the key from ${endpoint.sources.apiKey} (HTTP ${status})`,
      fix: `Set a valid key in ${endpoint.sources.apiKey}.`,
      required: false,
    };
  }
  return {
    name,
    ok: true,
    detail: `${where} answers (key from ${endpoint.sources.apiKey})`,
    required: false,
  };
}

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  CreateMessageRequestSchema,
  ProgressNotificationSchema,
  ToolListChangedNotificationSchema,
  type ProgressNotification,
} from "@modelcontextprotocol/sdk/types.js";
import { descendantsOf, killIfOurChild, killSurvivors } from "./child-process-guard.js";
import type { McpServerSpec } from "./config/server-spec.js";
import { createSamplingHandler, type SamplingModel } from "./sampling-handler.js";
import type { BuiltTransport } from "./transport-factory.js";
import { VERSION } from "./version.js";

/** What a new client of one server is wired to. */
export interface ClientWiring {
  readonly spec: McpServerSpec;
  readonly samplingModel: SamplingModel | undefined;
  readonly now: () => number;
  readonly onToolListChanged: () => void;
  /** Every progress notification (replaces the SDK's per-request handler, see callTool). */
  readonly onProgress: (params: ProgressNotification["params"]) => void;
}

/**
 * An SDK client for one server: it follows `tools/list_changed`, and advertises and answers
 * sampling only when the server's `sampling.enabled` is set and a model was given.
 */
export function createMcpClient(wiring: ClientWiring): Client {
  const { spec } = wiring;
  const model = spec.sampling.enabled ? wiring.samplingModel : undefined;
  const client = new Client(
    { name: "hermes-agent", version: VERSION },
    { capabilities: model === undefined ? {} : { sampling: {} } },
  );
  client.setNotificationHandler(ToolListChangedNotificationSchema, wiring.onToolListChanged);
  client.setNotificationHandler(ProgressNotificationSchema, (notification) =>
    wiring.onProgress(notification.params),
  );
  if (model !== undefined) {
    const handler = createSamplingHandler(spec.name, spec.sampling, model, wiring.now);
    client.setRequestHandler(CreateMessageRequestSchema, (request, extra) =>
      handler(request, extra),
    );
  }
  return client;
}

/**
 * Close a client and its transport, then make sure nothing of a stdio server survives: the
 * child, and what it started (an npx wrapper's server, helpers), are killed if still running.
 */
export async function closeConnection(
  client: Client | undefined,
  built: BuiltTransport | undefined,
): Promise<void> {
  const pid = built?.pid();
  const below = pid === undefined ? [] : descendantsOf(pid);
  if (client !== undefined) {
    client.onclose = () => undefined;
    await client.close().catch(() => undefined);
  }
  await built?.transport.close().catch(() => undefined);
  if (pid !== undefined) killIfOurChild(pid);
  killSurvivors(below);
}

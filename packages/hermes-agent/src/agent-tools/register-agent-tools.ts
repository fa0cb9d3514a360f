import type { ToolRegistry } from "@hermes-agent/registry";
import { AGENT_TOOL_SCHEMAS } from "./agent-tool-schemas.js";

/**
 * Register the schemas of `todo`, `memory`, `session_search` and `delegate_task`, so the model
 * is shown them; their handlers only answer that the agent loop must handle them (the pipeline
 * refuses them before dispatch anyway).
 */
export function registerAgentToolSchemas(registry: ToolRegistry): void {
  for (const schema of AGENT_TOOL_SCHEMAS) {
    registry.register({
      name: schema.name,
      toolset: schema.toolset,
      emoji: schema.emoji,
      schema: { name: schema.name, description: schema.description, parameters: schema.parameters },
      handler: () => JSON.stringify({ error: `${schema.name} must be handled by the agent loop` }),
    });
  }
}

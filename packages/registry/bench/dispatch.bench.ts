import { runSuite } from "@hermes-agent/bench";
import { z } from "zod";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "../src/index.js";

const parameters = {
  type: "object",
  properties: { text: { type: "string" }, count: { type: "integer" } },
  required: ["text"],
} as const;

function registryWith(handler: (args: Record<string, unknown>) => unknown): ToolRegistry {
  const registry = new ToolRegistry({ logger: silentLogger });
  registry.register({
    name: "echo",
    toolset: "bench",
    schema: { description: "Echo", parameters },
    handler,
  });
  return registry;
}

const args = { text: "hello", count: 3 };
/** What the agent passes on every call: the task and the turn's abort signal. */
const turn = new AbortController();
const context = { taskId: "task-1", signal: turn.signal };

await runSuite("registry dispatch", [
  {
    name: "sync handler, JSON Schema validation, context { taskId, signal }",
    budgetUs: 0.5,
    setup: () => {
      const registry = registryWith(() => "ok");
      return () => registry.dispatch("echo", args, context);
    },
  },
  {
    name: "async handler, JSON Schema validation, context { taskId, signal }",
    budgetUs: 1,
    setup: () => {
      const registry = registryWith(async () => "ok");
      return () => registry.dispatch("echo", args, context);
    },
  },
  {
    name: "sync handler, fresh context object per call",
    setup: () => {
      const registry = registryWith(() => "ok");
      return () => registry.dispatch("echo", args, { taskId: "task-1", signal: turn.signal });
    },
  },
  {
    name: "sync handler, no context",
    setup: () => {
      const registry = registryWith(() => "ok");
      return () => registry.dispatch("echo", args);
    },
  },
  {
    name: "async handler, no context",
    setup: () => {
      const registry = registryWith(async () => "ok");
      return () => registry.dispatch("echo", args);
    },
  },
  {
    name: "sync handler, zod validation, context",
    setup: () => {
      const registry = new ToolRegistry({ logger: silentLogger });
      registry.register({
        name: "echo",
        toolset: "bench",
        schema: {
          description: "Echo",
          parameters: z.object({ text: z.string(), count: z.number().int().optional() }),
        },
        handler: () => "ok",
      });
      return () => registry.dispatch("echo", args, context);
    },
  },
  {
    name: "sync handler, string arguments coerced, context",
    setup: () => {
      const registry = registryWith(() => "ok");
      const loose = { text: "hello", count: "3" };
      return () => registry.dispatch("echo", loose, context);
    },
  },
]);

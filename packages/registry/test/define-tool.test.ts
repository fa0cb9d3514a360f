import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import {
  defineTool,
  toolError,
  toolResult,
  ToolRegistry,
  type ToolCallContext,
} from "../src/index.js";
import { recordingLogger } from "./helpers/recording-logger.js";

describe("tool author helpers", () => {
  it("infers handler arguments from the zod schema and registers", async () => {
    const registry = new ToolRegistry({ logger: recordingLogger() });
    const spec = defineTool({
      name: "add",
      toolset: "math",
      schema: {
        description: "Add two integers",
        parameters: z.object({ a: z.number().int(), b: z.number().int().default(1) }),
      },
      handler: ({ a, b }, ctx) => {
        expectTypeOf(a).toEqualTypeOf<number>();
        expectTypeOf(b).toEqualTypeOf<number>();
        expectTypeOf(ctx).toEqualTypeOf<ToolCallContext>();
        return toolResult({ sum: a + b });
      },
    });
    registry.register(spec);
    expect(await registry.dispatch("add", { a: "2" })).toBe('{"sum": 3}');
  });

  it("builds error and result JSON", () => {
    expect(JSON.parse(toolError("File not found", { path: "/x" }))).toEqual({
      error: "File not found",
      path: "/x",
    });
    expect(toolError(new Error("boom"))).toBe('{"error": "Error: boom"}');
    expect(toolResult({ ok: true })).toBe('{"ok": true}');
    expect(toolResult("already text")).toBe("already text");
    expect(toolResult(undefined)).toBe("{}");
  });
});

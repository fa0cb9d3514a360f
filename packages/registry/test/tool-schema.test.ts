import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RegistryError, RegistryErrorCode, ToolRegistry, type ToolSpec } from "../src/index.js";
import { recordingLogger } from "./helpers/recording-logger.js";

function attempt(spec: Record<string, unknown>): RegistryError {
  const registry = new ToolRegistry({ logger: recordingLogger() });
  const full = {
    name: "bad_tool",
    toolset: "t",
    schema: { description: "d", parameters: { type: "object" } },
    handler: () => "ok",
    ...spec,
  };
  try {
    registry.register(full as ToolSpec);
  } catch (error) {
    if (RegistryError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("register accepted an invalid tool");
}

describe("registration errors", () => {
  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      "a schema that is not an object",
      { schema: "nope" },
      /Tool 'bad_tool': schema must be an object, got string/,
    ],
    [
      "missing parameters",
      { schema: { description: "d" } },
      /schema\['parameters'\] must be an object .*got undefined/,
    ],
    ["array parameters", { schema: { description: "d", parameters: [] } }, /got array/],
    [
      "an invalid JSON Schema",
      {
        schema: {
          description: "d",
          parameters: { type: "object", properties: { a: { type: "integr" } } },
        },
      },
      /not a valid JSON Schema/,
    ],
    [
      "non-object parameters",
      { schema: { description: "d", parameters: { type: "string" } } },
      /must describe an object/,
    ],
    [
      "a zod non-object",
      { schema: { description: "d", parameters: z.string() } },
      /must be a zod object, got zod string/,
    ],
    ...(
      [
        [
          "a pattern that is not a regular expression",
          { pattern: "(" },
          /properties\.a\.pattern is not a valid regular expression/,
        ],
        [
          "a bound that is not a number",
          { minimum: "1" },
          /properties\.a\.minimum must be a number/,
        ],
        [
          "a negative length",
          { maxLength: -1 },
          /properties\.a\.maxLength must be a non-negative integer/,
        ],
        [
          "a non-boolean uniqueItems",
          { uniqueItems: "yes" },
          /properties\.a\.uniqueItems must be a boolean/,
        ],
        [
          "a zero multipleOf",
          { multipleOf: 0 },
          /properties\.a\.multipleOf must be a number greater than 0/,
        ],
        [
          "a local $ref to nothing",
          { $ref: "#/$defs/missing" },
          /properties\.a\.\$ref points at nothing/,
        ],
      ] as const
    ).map(([label, keyword, message]): [string, Record<string, unknown>, RegExp] => [
      label,
      {
        schema: {
          description: "d",
          parameters: { type: "object", properties: { a: { type: "string", ...keyword } } },
        },
      },
      message,
    ]),
    [
      "parameters with functions",
      { schema: { description: "d", parameters: { type: "object", default: () => 1 } } },
      /plain JSON data/,
    ],
  ])("names the tool for %s", (_label, spec, message) => {
    const error = attempt(spec);
    expect(error.code).toBe(RegistryErrorCode.InvalidSchema);
    expect(error.message).toMatch(message);
    expect(error.toolName).toBe("bad_tool");
  });

  it("accepts local $refs that resolve, and boolean subschemas", async () => {
    const logger = recordingLogger();
    const registry = new ToolRegistry({ logger });
    expect(
      registry.register({
        name: "refs",
        toolset: "t",
        schema: {
          parameters: {
            type: "object",
            properties: {
              node: { $ref: "#/$defs/node" },
              pair: { $ref: "#/properties/list/items/0" },
              list: { type: "array", items: [{ type: "string", pattern: "^\\p{L}+$" }, true] },
            },
            $defs: { node: { type: "object", properties: { child: { $ref: "#/$defs/node" } } } },
          },
        },
        handler: () => "ok",
      }),
    ).toBe(true);
    expect(await registry.dispatch("refs", { node: { child: {} }, list: ["abc", 1] })).toBe("ok");
    expect(logger.messages("warn")).toEqual([]);
  });

  it.each([
    ["a missing handler", { handler: undefined }, /handler must be a function/],
    ["an empty toolset", { toolset: "" }, /toolset must be a non-empty string/],
    [
      "a bad result cap",
      { maxResultSizeChars: -5 },
      /maxResultSizeChars must be a positive number/,
    ],
    ["bad env list", { requiresEnv: "KEY" }, /requiresEnv must be an array/],
  ])("rejects %s", (_label, spec, message) => {
    const error = attempt(spec);
    expect(error.code).toBe(RegistryErrorCode.InvalidTool);
    expect(error.message).toMatch(message);
  });

  it("recognises errors by brand, not by class identity", () => {
    const error = attempt({ schema: "nope" });
    expect(error).toBeInstanceOf(Error);
    expect(RegistryError.isInstance({ ...error })).toBe(false);
    expect(RegistryError.isInstance(Object.create(error) as unknown)).toBe(true);
    expect(RegistryError.isInstance(new Error("plain"))).toBe(false);
  });
});

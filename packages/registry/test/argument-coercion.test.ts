import { describe, expect, it } from "vitest";
import { compileCoercer, type JsonSchema } from "../src/index.js";

const cases: [string, JsonSchema, unknown, unknown][] = [
  ["integer text", { type: "integer" }, "42", 42],
  ["integer text with spaces and sign", { type: "integer" }, " -7 ", -7],
  ["integer text with a zero fraction", { type: "integer" }, "42.0", 42],
  ["fractional text stays for integer", { type: "integer" }, "4.5", "4.5"],
  ["number text", { type: "number" }, "2.5", 2.5],
  ["exponent text", { type: "number" }, "1e3", 1000],
  ["inf stays text", { type: "number" }, "inf", "inf"],
  ["nan stays text", { type: "number" }, "NaN", "NaN"],
  ["not a number stays text", { type: "integer" }, "forty", "forty"],
  ["true", { type: "boolean" }, "true", true],
  ["FALSE any case, trimmed", { type: "boolean" }, " FALSE ", false],
  ["yes is not a boolean", { type: "boolean" }, "yes", "yes"],
  ["null where allowed by type list", { type: ["string", "null"] }, "null", null],
  ["null where allowed, null first", { type: ["null", "string"] }, "null", null],
  ["null by nullable", { type: "integer", nullable: true }, "null", null],
  ["null through anyOf", { anyOf: [{ type: "integer" }, { type: "null" }] }, "null", null],
  ["null not allowed", { type: "integer" }, "null", "null"],
  ["JSON array text", { type: "array", items: { type: "integer" } }, '[1, "2"]', [1, 2]],
  ["scalar to one-element array", { type: "array", items: { type: "integer" } }, "5", [5]],
  ["number to one-element array", { type: "array" }, 5, [5]],
  ["null stays null for array", { type: "array" }, null, null],
  [
    "JSON object text",
    { type: "object", properties: { n: { type: "integer" } } },
    '{"n": "3"}',
    { n: 3 },
  ],
  ["bad JSON object text stays", { type: "object" }, "{oops", "{oops"],
  ["union in order: integer first", { type: ["integer", "string"] }, "42", 42],
  ["union in order: string first", { type: ["string", "integer"] }, "42", "42"],
  ["anyOf in order", { anyOf: [{ type: "boolean" }, { type: "integer" }] }, "7", 7],
  ["already typed value untouched", { type: "integer" }, 9, 9],
];

describe("argument coercion", () => {
  it.each(cases)("%s", (_label, schema, input, expected) => {
    expect(compileCoercer(schema)(input)).toEqual(expected);
  });

  it("coerces nested properties and array items", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: {
        options: {
          type: "object",
          properties: {
            depth: { type: "integer" },
            flags: { type: "array", items: { type: "boolean" } },
          },
        },
        list: { type: "array", items: { type: "object", properties: { id: { type: "number" } } } },
      },
      additionalProperties: { type: "integer" },
    };
    const input = {
      options: { depth: "2", flags: ["true", "false"] },
      list: '[{"id": "1.5"}]',
      extra: "3",
    };
    expect(compileCoercer(schema)(input)).toEqual({
      options: { depth: 2, flags: [true, false] },
      list: [{ id: 1.5 }],
      extra: 3,
    });
    expect(input.options.depth).toBe("2");
  });

  it("follows local $ref definitions, recursively", () => {
    const schema: JsonSchema = {
      type: "object",
      properties: { root: { $ref: "#/$defs/node" } },
      $defs: {
        node: {
          type: "object",
          properties: { value: { type: "integer" }, child: { $ref: "#/$defs/node" } },
        },
      },
    };
    expect(compileCoercer(schema)({ root: { value: "1", child: { value: "2" } } })).toEqual({
      root: { value: 1, child: { value: 2 } },
    });
  });

  it("returns the same object when nothing changes", () => {
    const input = { n: 1, s: "x" };
    expect(
      compileCoercer({
        type: "object",
        properties: { n: { type: "integer" }, s: { type: "string" } },
      })(input),
    ).toBe(input);
  });
});

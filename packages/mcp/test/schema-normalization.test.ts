import { describe, expect, test } from "vitest";
import { normalizeInputSchema } from "../src/index.js";

describe("normalizeInputSchema", () => {
  test("a missing schema becomes an empty object schema", () => {
    expect(normalizeInputSchema(undefined)).toEqual({ type: "object", properties: {} });
  });

  test("type and properties are filled; required keeps only existing properties", () => {
    expect(
      normalizeInputSchema({ required: ["a", "ghost"], properties: { a: { type: "string" } } }),
    ).toEqual({
      type: "object",
      properties: { a: { type: "string" } },
      required: ["a"],
    });
    expect(normalizeInputSchema({ type: "object", required: ["ghost"] })).toEqual({
      type: "object",
      properties: {},
    });
  });

  test("definitions becomes $defs, but a property named definitions stays", () => {
    const out = normalizeInputSchema({
      type: "object",
      definitions: { Item: { type: "string" } },
      properties: { definitions: { type: "string" }, item: { $ref: "#/definitions/Item" } },
    });
    expect(out.$defs).toEqual({ Item: { type: "string" } });
    expect(out.definitions).toBeUndefined();
    expect(out.properties).toEqual({
      definitions: { type: "string" },
      item: { $ref: "#/$defs/Item" },
    });
  });

  test("nullable unions collapse, keeping default and description", () => {
    const out = normalizeInputSchema({
      type: "object",
      properties: {
        x: { anyOf: [{ type: "string" }, { type: "null" }], default: null, description: "d" },
      },
      required: ["x"],
    });
    expect(out.properties).toEqual({
      x: { type: "string", nullable: true, default: null, description: "d" },
    });
    expect(out.required).toEqual(["x"]);
  });

  test("const unions become enums; arrays get items; tag characters are stripped", () => {
    const out = normalizeInputSchema({
      type: "object",
      properties: {
        mode: { anyOf: [{ const: "a" }, { const: "b" }] },
        list: { type: "array", description: "hi\u{E0041}\u{E0042} there" },
      },
    });
    expect(out.properties).toEqual({
      mode: { type: "string", enum: ["a", "b"] },
      list: { type: "array", items: {}, description: "hi there" },
    });
  });
});

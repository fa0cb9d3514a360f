import { describe, expect, it } from "vitest";
import { findSchemaProblems } from "../src/schema-shape.js";
import { snapshotSchema } from "../src/schema-snapshot.js";
import { randomSource } from "./helpers/program-generator.js";

type Json = Record<string, unknown>;

/** Every object and array reachable from `value`. */
function objectsIn(value: unknown, out: object[] = []): object[] {
  if (typeof value !== "object" || value === null) return out;
  out.push(value);
  for (const item of Object.values(value)) objectsIn(item, out);
  return out;
}

/** A random JSON Schema: mostly valid, with a wrong keyword value now and then, at any depth. */
function randomSchema(next: () => number, depth: number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  if (depth > 3 || next() < 0.1) return pick<unknown>([true, false, { type: "string" }]);
  const schema: Json = {};
  const keywords = Math.floor(next() * 5);
  for (let i = 0; i < keywords; i++) {
    const wrong = next() < 0.08;
    switch (pick(["type", "bound", "count", "text", "enum", "pattern", "other", "required"])) {
      case "type":
        schema["type"] = wrong ? pick(["integr", [], 3]) : pick(["string", ["integer", "null"]]);
        break;
      case "bound":
        schema[pick(["minimum", "maximum", "exclusiveMinimum"])] = wrong ? "1" : next() * 10;
        break;
      case "count":
        schema[pick(["minLength", "maxItems", "minProperties"])] = wrong ? -1 : 2;
        break;
      case "text":
        schema[pick(["description", "title", "format"])] = wrong ? 7 : "text";
        break;
      case "enum":
        schema["enum"] = wrong ? "a" : ["a", 1, null, { nested: [true] }];
        break;
      case "pattern":
        schema["pattern"] = wrong ? "(" : "^[a-z]+$";
        break;
      case "required":
        schema["required"] = wrong ? [1] : ["a"];
        break;
      default:
        schema[pick(["default", "examples", "x-vendor", "$comment"])] = pick<unknown>([
          1,
          "x",
          { a: [1, { b: null }] },
          [],
        ]);
    }
  }
  if (next() < 0.5) {
    const properties: Json = {};
    const count = Math.floor(next() * 4);
    for (let i = 0; i < count; i++) properties[`p${i}`] = randomSchema(next, depth + 1);
    schema["properties"] = next() < 0.04 ? [properties] : properties;
  }
  if (next() < 0.25) schema["items"] = randomSchema(next, depth + 1);
  if (next() < 0.15) {
    schema[pick(["anyOf", "oneOf", "allOf"])] = [
      randomSchema(next, depth + 1),
      randomSchema(next, depth + 1),
    ];
  }
  if (next() < 0.1) schema["additionalProperties"] = randomSchema(next, depth + 1);
  if (next() < 0.05) schema["$ref"] = pick(["#", "#/properties/p0", "#/$defs/missing"]);
  return schema;
}

describe("snapshotSchema", () => {
  it("vouches for exactly the schemas the thorough check passes, over generated schemas", () => {
    const next = randomSource(20_261_124);
    let vouched = 0;
    for (let i = 0; i < 3000; i++) {
      const source = { type: "object", properties: { root: randomSchema(next, 0) } };
      const copy = snapshotSchema(source, true);
      const problem = findSchemaProblems(source);
      expect(copy === undefined, JSON.stringify(source)).toBe(problem !== undefined);
      if (copy === undefined) continue;
      vouched++;
      expect(copy).toStrictEqual(structuredClone(source));
      const sourceObjects = new Set(objectsIn(source));
      for (const object of objectsIn(copy)) {
        expect(Object.isFrozen(object)).toBe(true);
        expect(sourceObjects.has(object)).toBe(false);
      }
    }
    // Both outcomes are well represented.
    expect(vouched).toBeGreaterThan(1500);
    expect(vouched).toBeLessThan(2900);
  });

  it("copies plain objects that look and compare like {} and leaves them unfrozen on request", () => {
    const source = {
      type: "object",
      properties: Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => [`p${i}`, { type: "string" }]),
      ),
    };
    const copy = snapshotSchema(source, false) as Json & { properties: Json };
    expect(copy).toStrictEqual(source);
    expect(Object.isFrozen(copy)).toBe(false);
    for (const object of [copy, copy.properties, copy.properties["p3"] as object]) {
      expect(Object.getPrototypeOf(object)).toBe(Object.prototype);
      expect(object.constructor).toBe(Object);
    }
    copy["added"] = 1;
    expect(copy["added"]).toBe(1);
  });

  it("keeps an own __proto__ key as data, in a schema and in a property map", () => {
    const source = JSON.parse(
      '{"type":"object","__proto__":{"x":1},"properties":{"__proto__":{"type":"string"}}}',
    ) as Json;
    const copy = snapshotSchema(source, true) as Json & { properties: Json };
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, "__proto__")).toBe(true);
    expect(Object.hasOwn(copy.properties, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype);
    expect(copy).toStrictEqual(source);
  });

  it("copies own keys only when Object.prototype has an enumerable property", () => {
    const proto = Object.prototype as Json;
    proto["injected"] = { type: "integr" };
    try {
      const copy = snapshotSchema({ type: "object", properties: { a: { type: "string" } } }, true);
      expect(copy).toBeDefined();
      expect(Object.keys(copy ?? {})).toEqual(["type", "properties"]);
      expect(Object.hasOwn(copy ?? {}, "injected")).toBe(false);
    } finally {
      delete proto["injected"];
    }
  });

  it("leaves to the thorough path what is not plain data or too deep", () => {
    const deep: Json = { type: "object" };
    let node = deep;
    for (let i = 0; i < 80; i++) {
      const child: Json = { type: "object" };
      node["properties"] = { next: child };
      node = child;
    }
    for (const source of [
      { type: "object", default: new Date(0) },
      { type: "object", default: () => 1 },
      deep,
    ]) {
      expect(snapshotSchema(source, true)).toBeUndefined();
    }
    expect(findSchemaProblems(deep)).toBeUndefined();
  });

  it("resolves local references against the copy", () => {
    const source = {
      type: "object",
      properties: { a: { $ref: "#/$defs/x" }, b: { $ref: "#/properties/a" } },
      $defs: { x: { type: "string" } },
    };
    expect(snapshotSchema(source, true)).toStrictEqual(source);
    const dangling = { type: "object", properties: { a: { $ref: "#/$defs/y" } } };
    expect(snapshotSchema(dangling, true)).toBeUndefined();
    // A "$ref" inside data is data: copied as is, though the check of references, once a real
    // one is present, leaves the schema to the thorough walk (which passes it).
    expect(snapshotSchema({ type: "object", const: { $ref: "#/nowhere" } }, true)).toBeDefined();
    const mixed = { ...source, default: { $ref: "#/nowhere" } };
    expect(snapshotSchema(mixed, true)).toBeUndefined();
    expect(findSchemaProblems(mixed)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { copyPlainData, samePlainData } from "../src/plain-copy.js";

describe("copyPlainData", () => {
  it("copies plain data deeply, equal to structuredClone's copy, sharing no object", () => {
    const source = {
      type: "object",
      properties: { q: { type: "string", enum: ["a", "b"] }, n: { type: ["integer", "null"] } },
      required: ["q"],
      nothing: null,
      flag: false,
      big: 10n,
    };
    const copy = copyPlainData(source, false);
    expect(copy).toEqual(structuredClone(source));
    expect(copy).not.toBe(source);
    expect(copy.properties).not.toBe(source.properties);
    expect(copy.required).not.toBe(source.required);
    source.properties.q.type = "number";
    expect(copy.properties.q.type).toBe("string");
    expect(Object.isFrozen(copy)).toBe(false);
  });

  it("freezes every level when asked", () => {
    const copy = copyPlainData({ a: { b: [{ c: 1 }] } }, true);
    expect(Object.isFrozen(copy)).toBe(true);
    expect(Object.isFrozen(copy.a)).toBe(true);
    expect(Object.isFrozen(copy.a.b)).toBe(true);
    expect(Object.isFrozen(copy.a.b[0])).toBe(true);
  });

  it("keeps an own __proto__ key as data, not as the prototype", () => {
    const source = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as Record<
      string,
      unknown
    >;
    const copy = copyPlainData(source, true);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, "__proto__")).toBe(true);
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("hands what is not plain data to structuredClone: dates, maps, cycles", () => {
    const date = new Date(0);
    const withDate = copyPlainData({ when: date }, true);
    expect(withDate.when).toBeInstanceOf(Date);
    expect(withDate.when).not.toBe(date);
    expect(Object.isFrozen(withDate.when)).toBe(true);
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic["self"] = cyclic;
    const copy = copyPlainData(cyclic, false);
    expect(copy["self"]).toBe(copy);
    expect(copy).not.toBe(cyclic);
  });

  it("throws structuredClone's error for a function", () => {
    expect(() => copyPlainData({ default: () => 1 }, true)).toThrow(/could not be cloned/);
  });
});

describe("samePlainData", () => {
  const copy = copyPlainData(
    { type: "object", properties: { a: { enum: [1, "x", null] }, b: {} }, required: ["a"] },
    true,
  );

  it("is true for the same data in the same key order, at every level", () => {
    const source = JSON.parse(
      '{"type":"object","properties":{"a":{"enum":[1,"x",null]},"b":{}},"required":["a"]}',
    ) as unknown;
    expect(samePlainData(copy, source)).toBe(true);
  });

  it.each<[string, unknown]>([
    ["keys in another order", { properties: copy.properties, type: "object", required: ["a"] }],
    ["a key more", { ...copy, extra: 1 }],
    ["a key fewer", { type: "object", properties: copy.properties }],
    ["a value changed deep down", { ...copy, properties: { a: { enum: [1, "x"] }, b: {} } }],
    ["an array for an object", { ...copy, properties: [] }],
    ["a class instance", { ...copy, properties: new Map() }],
    ["a string for a number", { ...copy, required: ["a"], type: "object ", properties: {} }],
  ])("is false for %s", (_label, source) => {
    expect(samePlainData(copy, source)).toBe(false);
  });

  it("tells -0 from 0 and matches NaN, as the copy keeps them", () => {
    expect(samePlainData(copyPlainData({ n: -0 }, true), { n: 0 })).toBe(false);
    expect(samePlainData(copyPlainData({ n: Number.NaN }, true), { n: Number.NaN })).toBe(true);
  });
});

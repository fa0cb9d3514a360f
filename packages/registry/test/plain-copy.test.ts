import { describe, expect, it } from "vitest";
import { copyPlainData } from "../src/plain-copy.js";

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

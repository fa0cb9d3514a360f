import { describe, expect, test } from "vitest";
import { parseChoice } from "../../src/flows/choice.js";

describe("parseChoice", () => {
  test("reads each answer and its short forms, ignoring case and spaces", () => {
    expect(parseChoice("o")).toBe("once");
    expect(parseChoice(" Yes ")).toBe("once");
    expect(parseChoice("S")).toBe("session");
    expect(parseChoice("always")).toBe("always");
    expect(parseChoice("n")).toBe("deny");
  });

  test("anything else denies", () => {
    expect(parseChoice("maybe")).toBe("deny");
    expect(parseChoice("")).toBe("deny");
    expect(parseChoice(1)).toBe("deny");
    expect(parseChoice(null)).toBe("deny");
    expect(parseChoice({ choice: "once" })).toBe("deny");
  });

  test("names of Object's own members are no answer", () => {
    expect(parseChoice("constructor")).toBe("deny");
    expect(parseChoice("toString")).toBe("deny");
    expect(parseChoice("__proto__")).toBe("deny");
  });
});

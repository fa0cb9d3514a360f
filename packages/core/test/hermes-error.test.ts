import { describe, expect, test } from "vitest";
import { HermesError, hasErrorCode } from "../src/index.js";

const DemoErrorCode = { Broken: "DEMO_BROKEN" } as const;
class DemoError extends HermesError {}

describe("HermesError", () => {
  test("carries code, cause, details and the subclass name", () => {
    const cause = new Error("root");
    const error = new DemoError(DemoErrorCode.Broken, "it broke", {
      cause,
      details: { file: "x" },
    });
    expect(error.code).toBe("DEMO_BROKEN");
    expect(error.cause).toBe(cause);
    expect(error.details).toEqual({ file: "x" });
    expect(error.name).toBe("DemoError");
    expect(error).toBeInstanceOf(Error);
  });

  test("isInstance recognises a branded error from another copy, not a look-alike", () => {
    const foreign = Object.assign(new Error("x"), { code: "DEMO_BROKEN" });
    Object.defineProperty(foreign, Symbol.for("@hermes-agent/core/HermesError"), { value: true });
    expect(HermesError.isInstance(foreign)).toBe(true);
    expect(HermesError.isInstance(Object.assign(new Error("x"), { code: "DEMO_BROKEN" }))).toBe(
      false,
    );
    expect(HermesError.isInstance(null)).toBe(false);
  });

  test("hasErrorCode checks the code family", () => {
    expect(hasErrorCode(new DemoError("DEMO_BROKEN", "x"), DemoErrorCode)).toBe(true);
    expect(hasErrorCode(new DemoError("OTHER", "x"), DemoErrorCode)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { nameOperands, subscriptWithCode } from "../src/name-operands.js";

describe("variable-name operands of builtins", () => {
  it("finds the names printf, read, unset, declare and test take", () => {
    expect(nameOperands(["printf", "-v", "out", "%s", "x"])).toEqual(["out"]);
    expect(nameOperands(["read", "-r", "-p", "> ", "-t", "5", "a", "b"])).toEqual(["a", "b"]);
    expect(nameOperands(["read", "-ra", "parts"])).toEqual(["parts"]);
    expect(nameOperands(["read", "-a", "parts"])).toEqual(["parts"]);
    expect(nameOperands(["unset", "-v", "x", "y"])).toEqual(["x", "y"]);
    expect(nameOperands(["declare", "-i", "n=1"])).toEqual(["n=1"]);
    expect(nameOperands(["test", "-v", "HOME"])).toEqual(["HOME"]);
    expect(nameOperands(["echo", "a[$(x)]"])).toEqual([]);
  });

  it("returns a subscript only when it holds a command substitution", () => {
    expect(subscriptWithCode("a[$(id)]")).toBe("$(id)");
    expect(subscriptWithCode("a[`id`]=1")).toBe("`id`");
    expect(subscriptWithCode("a[1+$(id)]+=x")).toBe("1+$(id)");
    expect(subscriptWithCode("a[$i]")).toBeNull();
    expect(subscriptWithCode("a[0]=$(id)")).toBeNull();
    expect(subscriptWithCode("plain")).toBeNull();
  });
});

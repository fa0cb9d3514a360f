import { describe, expect, it } from "vitest";
import { classifyDeleteTarget, classifyWriteTarget } from "../../src/detection/paths.js";

describe("path classification", () => {
  it("resolves delete targets lexically", () => {
    expect(classifyDeleteTarget("/", false)).toBe("root");
    expect(classifyDeleteTarget("/tmp/../", false)).toBe("root");
    expect(classifyDeleteTarget("/*", true)).toBe("root");
    expect(classifyDeleteTarget("/e*", true)).toBe("system-dir");
    expect(classifyDeleteTarget("/usr/bin/", false)).toBe("system-dir");
    expect(classifyDeleteTarget("~/", false)).toBe("home-root");
    expect(classifyDeleteTarget("/home/alice", false)).toBe("home-root");
    expect(classifyDeleteTarget("/tmp/build", false)).toBe("outside");
    expect(classifyDeleteTarget("../x", false)).toBe("outside");
    expect(classifyDeleteTarget("a/../../x", false)).toBe("outside");
    expect(classifyDeleteTarget("*", true)).toBe("tree-root");
    expect(classifyDeleteTarget(".git", false)).toBe("tree-root");
    expect(classifyDeleteTarget("node_modules", false)).toBe("inside");
  });

  it("classifies write targets", () => {
    expect(classifyWriteTarget("/dev/sda1")).toBe("block-device");
    expect(classifyWriteTarget("/dev/null")).toBeNull();
    expect(classifyWriteTarget("/etc/hosts")).toBe("system");
    expect(classifyWriteTarget("~/.ssh/authorized_keys")).toBe("credential");
    expect(classifyWriteTarget("/home/bob/.bashrc")).toBe("credential");
    expect(classifyWriteTarget(".env")).toBe("project-config");
    expect(classifyWriteTarget(".env.backup")).toBeNull();
    expect(classifyWriteTarget("/tmp/out.txt")).toBeNull();
    expect(classifyWriteTarget("/var/tmp/x")).toBeNull();
  });
});

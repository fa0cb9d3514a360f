import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { discoverBuiltinTools, discoveryCachePath } from "../src/discovery.js";
import { createRegisterCallScanner } from "../src/discovery/register-call-scanner.js";
import { RegistryError, ToolRegistry } from "../src/index.js";
import { recordingLogger, type RecordingLogger } from "./helpers/recording-logger.js";
import { writeFixtures } from "./helpers/tool-fixtures.js";

interface FixtureGlobals {
  __discoveryRegistry?: ToolRegistry;
  __imported?: string[];
}
const globals = globalThis as FixtureGlobals;

let work: string;
let logger: RecordingLogger;
let target: ToolRegistry;

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), "registry-discovery-"));
  logger = recordingLogger();
  target = new ToolRegistry({ logger, hermesHome: path.join(work, "home") });
  globals.__discoveryRegistry = target;
  globals.__imported = [];
});

afterEach(async () => {
  delete globals.__discoveryRegistry;
  delete globals.__imported;
  await rm(work, { recursive: true, force: true });
});

describe("discoverBuiltinTools", () => {
  it("imports only modules with a top-level registry.register call, in sorted order", async () => {
    const dir = path.join(work, "tools");
    await writeFixtures(dir);
    const imported = await discoverBuiltinTools(dir, { registry: target });
    expect(imported).toEqual(["alpha.js", "looped.mjs", "typed.ts"]);
    expect(globals.__imported).toEqual(["alpha.js", "broken.js", "looped.mjs", "typed.ts"]);
    expect(target.getAllToolNames()).toEqual(["alpha", "broken", "loop_a", "loop_b", "typed"]);
  });

  it("logs a module that fails to import, with the reason, and loads the others", async () => {
    const dir = path.join(work, "tools");
    await writeFixtures(dir);
    await discoverBuiltinTools(dir, { registry: target });
    const warnings = logger.messages("warn").join("\n");
    expect(warnings).toMatch(/could not import tool module broken\.js.*module exploded on import/);
    expect(warnings).toMatch(
      /could not import tool module bad_syntax\.js, skipping it: .*(SyntaxError|Parse failure)/,
    );
  });

  it("writes a cache keyed by each file's mtime and size", async () => {
    const dir = path.join(work, "tools");
    await writeFixtures(dir, {
      "alpha.js":
        "const registry = globalThis.__discoveryRegistry;\nregistry.register({ name: 'cached', toolset: 't', schema: { parameters: { type: 'object' } }, handler: () => 'ok' });\n",
      "plain.js": "export {};\n",
    });
    await discoverBuiltinTools(dir, { registry: target });
    const cache = JSON.parse(
      await readFile(discoveryCachePath(path.join(work, "home")), "utf8"),
    ) as {
      files: Record<string, { mtimeNs: string; size: number; registers: boolean }>;
    };
    expect(cache.files[path.join(dir, "alpha.js")]).toMatchObject({ registers: true });
    expect(cache.files[path.join(dir, "plain.js")]).toMatchObject({ registers: false, size: 11 });
    expect(typeof cache.files[path.join(dir, "plain.js")]?.mtimeNs).toBe("string");
  });

  it("fails clearly for a folder that cannot be read", async () => {
    await expect(
      discoverBuiltinTools(path.join(work, "missing"), { registry: target }),
    ).rejects.toSatisfy(
      (error: unknown) =>
        RegistryError.isInstance(error) && error.code === "REGISTRY_DISCOVERY_FAILED",
    );
  });
});

describe("register call scanner", () => {
  const scan = createRegisterCallScanner();
  it.each([
    ["top level", "registry.register({})", true],
    ["awaited at top level", "await registry.register({})", true],
    ["exported result", "export const t = registry.register({})", true],
    ["inside a top-level block", "{ if (x) { registry.register({}) } }", true],
    ["inside a function", "function f() { registry.register({}) }", false],
    ["inside an arrow function", "const f = () => registry.register({})", false],
    [
      "inside a class",
      "class A { static { registry.register({}) } m() { registry.register({}) } }",
      false,
    ],
    ["in a comment", "// registry.register({})\n/* registry.register({}) */", false],
    [
      "in a string",
      "const s = 'registry.register({})'; const t = `registry.register(${1})`",
      false,
    ],
    ["another receiver", "other.register({})", false],
    ["a mention without a call", "registry.register;", false],
  ])("%s", (_label, text, expected) => {
    expect(scan("sample.ts", text)).toBe(expected);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseManifest, PluginLoaderError, PluginLoaderErrorCode, VERSION } from "../src/index.js";

describe("parseManifest", () => {
  test("reads Hermes' fields and defaults the rest", () => {
    const { manifest, warnings } = parseManifest(
      [
        "name: weather",
        "version: 1.2",
        "description: Forecasts",
        "author: Ada",
        "requires_env: WEATHER_KEY",
        "provides_tools: [forecast]",
        "provides_hooks:",
        "  - pre_tool_call",
        "kind: backend",
      ].join("\n"),
      "/p/weather/plugin.yaml",
      "weather-dir",
    );
    expect(warnings).toEqual([]);
    expect(manifest).toEqual({
      name: "weather",
      version: "1.2",
      description: "Forecasts",
      author: "Ada",
      requiresEnv: ["WEATHER_KEY"],
      providesTools: ["forecast"],
      providesHooks: ["pre_tool_call"],
      kind: "backend",
      main: undefined,
    });
  });

  test("an empty manifest takes the folder name", () => {
    const { manifest } = parseManifest("", "/p/x/plugin.yaml", "folder-name");
    expect(manifest.name).toBe("folder-name");
    expect(manifest.kind).toBe("standalone");
    expect(manifest.requiresEnv).toEqual([]);
  });

  test("an unknown kind loads as standalone with a warning", () => {
    const { manifest, warnings } = parseManifest("kind: platform-x", "/p/plugin.yaml", "p");
    expect(manifest.kind).toBe("standalone");
    expect(warnings[0]).toMatch(/unknown plugin kind 'platform-x'/);
  });

  test("bad YAML names the file and the line", () => {
    let caught: unknown;
    try {
      parseManifest("name: a\nprovides_tools: [x\n", "/p/a/plugin.yaml", "a");
    } catch (error) {
      caught = error;
    }
    expect(PluginLoaderError.isInstance(caught)).toBe(true);
    expect((caught as PluginLoaderError).code).toBe(PluginLoaderErrorCode.InvalidManifest);
    expect((caught as Error).message).toMatch(/\/p\/a\/plugin\.yaml: not valid YAML \(line \d+\)/);
  });

  test("a field of the wrong type is named", () => {
    expect(() => parseManifest("provides_tools: {a: 1}", "/p/plugin.yaml", "p")).toThrow(
      /'provides_tools' must be a list of names/,
    );
    expect(() => parseManifest("name: 'bad name!'", "/p/plugin.yaml", "p")).toThrow(/'name'/);
    expect(() => parseManifest("- a\n- b", "/p/plugin.yaml", "p")).toThrow(/must be a mapping/);
  });

  test("main must stay inside the plugin folder", () => {
    expect(() => parseManifest("main: ../../evil.js", "/p/plugin.yaml", "p")).toThrow(
      /'main' must be a path inside the plugin folder/,
    );
    expect(parseManifest("main: dist/plugin.js", "/p/plugin.yaml", "p").manifest.main).toBe(
      "dist/plugin.js",
    );
  });
});

test("VERSION is the version in package.json", () => {
  const manifest = JSON.parse(
    readFileSync(new URL("../package.json", import.meta.url), "utf8"),
  ) as { version: string };
  expect(VERSION).toBe(manifest.version);
});

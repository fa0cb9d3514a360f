import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  createPluginWorld,
  echoToolPlugin,
  writePlugin,
  type PluginWorld,
} from "./helpers/plugin-fixture.js";

let world: PluginWorld;
beforeEach(async () => {
  world = await createPluginWorld();
});
afterEach(async () => {
  await world.remove();
});

function writePackage(dir: string, pkg: Record<string, unknown>, files: Record<string, string>) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify(pkg));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

describe("discovery", () => {
  test("finds user plugins, flat and in categories; folders without a manifest are skipped", () => {
    writePlugin(path.join(world.userPlugins, "alpha"), { manifest: "version: 1", code: "" });
    writePlugin(path.join(world.userPlugins, "tools", "beta"), { manifest: "name: beta" });
    writePlugin(path.join(world.userPlugins, "empty"), { files: { "README.md": "no manifest" } });
    writePlugin(path.join(world.userPlugins, ".hidden"), { manifest: "name: hidden" });
    const found = world.manager({}).discover();
    expect(found.map((p) => [p.key, p.source])).toEqual([
      ["alpha", "user"],
      ["tools/beta", "user"],
    ]);
    expect(found[0]?.entry).toBe(path.join(world.userPlugins, "alpha", "index.mjs"));
    expect(found[1]?.entry).toBeUndefined();
  });

  test("a plugin.yml manifest and a manifest name different from the folder", () => {
    mkdirSync(path.join(world.userPlugins, "dir-name"), { recursive: true });
    writeFileSync(path.join(world.userPlugins, "dir-name", "plugin.yml"), "name: real-name\n");
    expect(
      world
        .manager({})
        .discover()
        .map((p) => p.key),
    ).toEqual(["real-name"]);
  });

  test("project plugins are found only with HERMES_ENABLE_PROJECT_PLUGINS", () => {
    writePlugin(path.join(world.projectPlugins, "proj"), { manifest: "name: proj" });
    expect(world.manager({}).discover()).toEqual([]);
    const found = world.manager({}, { HERMES_ENABLE_PROJECT_PLUGINS: "true" }).discover();
    expect(found.map((p) => [p.key, p.source])).toEqual([["proj", "project"]]);
  });

  test("npm packages that declare a plugin, scoped or not, string or object form", () => {
    writePackage(
      path.join(world.nodeModules, "hermes-plugin-one"),
      {
        name: "hermes-plugin-one",
        version: "2.0.0",
        description: "One",
        "hermes-agent": { plugin: "./dist/plugin.js" },
      },
      { "dist/plugin.js": echoToolPlugin("one_tool") },
    );
    writePackage(
      path.join(world.nodeModules, "@acme", "two"),
      {
        name: "@acme/two",
        version: "0.1.0",
        "hermes-agent": { plugin: { entry: "./main.js", name: "acme-two", requires_env: ["X"] } },
      },
      { "main.js": "" },
    );
    writePackage(
      path.join(world.nodeModules, "with-yaml"),
      { name: "with-yaml", "hermes-agent": { plugin: "./index.js" } },
      { "index.js": "", "plugin.yaml": "name: yaml-named\ndescription: from yaml\n" },
    );
    writePackage(path.join(world.nodeModules, "not-a-plugin"), { name: "not-a-plugin" }, {});
    const found = world.manager({}).discover();
    expect(found.map((p) => [p.key, p.source, p.packageName])).toEqual([
      ["acme-two", "npm", "@acme/two"],
      ["hermes-plugin-one", "npm", "hermes-plugin-one"],
      ["yaml-named", "npm", "with-yaml"],
    ]);
    const one = found.find((p) => p.key === "hermes-plugin-one");
    expect(one?.manifest?.version).toBe("2.0.0");
    expect(one?.manifest?.description).toBe("One");
    expect(found[0]?.manifest?.requiresEnv).toEqual(["X"]);
    expect(found[2]?.manifest?.description).toBe("from yaml");
  });

  test("a bad npm declaration is listed with its error", () => {
    writePackage(
      path.join(world.nodeModules, "broken"),
      { name: "broken", "hermes-agent": { plugin: { main: 3 } } },
      {},
    );
    writePackage(
      path.join(world.nodeModules, "escaping"),
      { name: "escaping", "hermes-agent": { plugin: "../../outside.js" } },
      {},
    );
    const found = world.manager({}).discover();
    expect(found.map((p) => p.key)).toEqual(["broken", "escaping"]);
    expect(found[0]?.error?.message).toMatch(/Invalid plugin declaration .*entry/);
    expect(found[1]?.error?.message).toMatch(/outside the package/);
  });

  test("a later source replaces an earlier one on the same key, with a warning", () => {
    writePlugin(path.join(world.userPlugins, "same"), { manifest: "name: same" });
    writePlugin(path.join(world.projectPlugins, "same"), { manifest: "name: same" });
    const found = world.manager({}, { HERMES_ENABLE_PROJECT_PLUGINS: "1" }).discover();
    expect(found.map((p) => [p.key, p.source])).toEqual([["same", "project"]]);
    expect(world.logger.text("warn")).toMatch(/'same' from project .* replaces the one from user/);
  });

  test("discovery is idempotent and cached; force scans again", () => {
    writePlugin(path.join(world.userPlugins, "a"), { manifest: "name: a" });
    const manager = world.manager({});
    const first = manager.discover();
    writePlugin(path.join(world.userPlugins, "b"), { manifest: "name: b" });
    expect(manager.discover()).toBe(first);
    expect(manager.discover({ force: true }).map((p) => p.key)).toEqual(["a", "b"]);
  });

  test("a broken manifest is listed as failed, not thrown", () => {
    writePlugin(path.join(world.userPlugins, "bad"), { manifest: "name: [unclosed" });
    const manager = world.manager({});
    const [bad] = manager.discover();
    expect(bad?.key).toBe("bad");
    expect(bad?.error?.code).toBe("PLUGIN_LOADER_INVALID_MANIFEST");
    expect(manager.get("bad")?.state).toBe("failed");
  });
});

import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
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

/** An ES-module package under `dir` declaring a plugin whose entry registers `tool`. */
function npmPlugin(dir: string, name: string, tool: string, declaration: unknown = "./plugin.js") {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({
      name,
      version: "1.0.0",
      type: "module",
      "hermes-agent": { plugin: declaration },
    }),
  );
  writeFileSync(path.join(dir, "plugin.js"), echoToolPlugin(tool));
}

function projectDeclares(fields: Record<string, Record<string, string>>): void {
  writeFileSync(
    path.join(world.project, "package.json"),
    JSON.stringify({ name: "my-app", private: true, ...fields }),
  );
}

describe("npm discovery looks only at packages a user asked for", () => {
  test("only the project's declared dependencies are npm plugins; an undeclared package cannot shadow a user plugin", async () => {
    writePlugin(path.join(world.userPlugins, "clock"), {
      manifest: "name: clock",
      code: echoToolPlugin("user_clock"),
    });
    projectDeclares({
      dependencies: { "hermes-plugin-weather": "^1.0.0" },
      devDependencies: { "@acme/hermes-echo": "^1.0.0" },
      optionalDependencies: { "hermes-plugin-maybe": "^1.0.0" },
    });
    npmPlugin(path.join(world.nodeModules, "hermes-plugin-weather"), "hermes-plugin-weather", "w");
    npmPlugin(path.join(world.nodeModules, "@acme", "hermes-echo"), "@acme/hermes-echo", "e");
    // A dependency of a dependency, hoisted next to them: nobody asked for it.
    npmPlugin(path.join(world.nodeModules, "sneaky"), "sneaky", "sneaky_clock", {
      entry: "./plugin.js",
      name: "clock",
    });
    npmPlugin(path.join(world.nodeModules, "broken"), "broken", "b", { main: 3 });

    const manager = world.manager({
      plugins: { enabled: ["clock", "hermes-plugin-weather", "hermes-echo"] },
    });
    const report = await manager.load();
    expect(report.plugins.map((p) => [p.key, p.source, p.state])).toEqual([
      ["clock", "user", "loaded"],
      ["hermes-echo", "npm", "loaded"],
      ["hermes-plugin-weather", "npm", "loaded"],
    ]);
    expect(world.registry.hasTool("user_clock")).toBe(true);
    expect(world.registry.hasTool("sneaky_clock")).toBe(false);
    expect(world.logger.text("warn")).not.toMatch(/replaces/);
  });

  test("a package named in plugins.enabled is found although the project does not declare it", async () => {
    projectDeclares({ dependencies: {} });
    npmPlugin(path.join(world.nodeModules, "@team", "hermes-tools"), "@team/hermes-tools", "team");
    const report = await world.manager({ plugins: { enabled: ["@team/hermes-tools"] } }).load();
    expect(report.plugins.map((p) => [p.key, p.source, p.state])).toEqual([
      ["hermes-tools", "npm", "loaded"],
    ]);
    expect(world.registry.hasTool("team")).toBe(true);
  });

  test("pnpm's layout: a declared dependency linked into .pnpm is found, the store is not scanned", async () => {
    projectDeclares({ dependencies: { "hermes-plugin-linked": "^1.0.0" } });
    const store = path.join(world.nodeModules, ".pnpm", "node_modules");
    npmPlugin(path.join(store, "hermes-plugin-linked"), "hermes-plugin-linked", "linked");
    npmPlugin(path.join(store, "hermes-plugin-transitive"), "hermes-plugin-transitive", "t");
    symlinkSync(
      path.join(store, "hermes-plugin-linked"),
      path.join(world.nodeModules, "hermes-plugin-linked"),
    );
    const found = world.manager({}).discover();
    expect(found.map((p) => [p.key, p.packageName])).toEqual([
      ["hermes-plugin-linked", "hermes-plugin-linked"],
    ]);
  });

  test("a declared dependency that is not installed, or a broken package.json, is skipped", () => {
    projectDeclares({ dependencies: { "not-installed": "^1.0.0", "hermes-plugin-ok": "1.0.0" } });
    npmPlugin(path.join(world.nodeModules, "hermes-plugin-ok"), "hermes-plugin-ok", "ok");
    expect(
      world
        .manager({})
        .discover()
        .map((p) => p.key),
    ).toEqual(["hermes-plugin-ok"]);

    writeFileSync(path.join(world.project, "package.json"), "{ not json");
    const manager = world.manager({});
    expect(manager.discover()).toEqual([]);
    expect(world.logger.text("warn")).toMatch(/package\.json.*not valid JSON/);
  });

  test("an enabled key a user plugin answers is not tried as a package name", async () => {
    writePlugin(path.join(world.userPlugins, "clock"), {
      manifest: "name: clock",
      code: echoToolPlugin("user_clock"),
    });
    projectDeclares({ dependencies: {} });
    npmPlugin(path.join(world.nodeModules, "clock"), "clock", "stray_clock");
    const report = await world.manager({ plugins: { enabled: ["clock"] } }).load();
    expect(report.plugins.map((p) => [p.key, p.source, p.state])).toEqual([
      ["clock", "user", "loaded"],
    ]);
    expect(world.registry.hasTool("stray_clock")).toBe(false);
  });

  test("discover({ packages }) looks up a package name that is neither declared nor enabled yet", () => {
    projectDeclares({ dependencies: {} });
    npmPlugin(path.join(world.nodeModules, "@team", "hermes-tools"), "@team/hermes-tools", "team");
    const manager = world.manager({});
    expect(manager.discover()).toEqual([]);
    expect(manager.discover({ packages: ["@team/hermes-tools"] }).map((p) => p.key)).toEqual([
      "hermes-tools",
    ]);
    expect(manager.report().plugins[0]).toMatchObject({
      key: "hermes-tools",
      packageName: "@team/hermes-tools",
      state: "not_enabled",
    });
  });
});

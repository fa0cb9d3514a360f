import { mkdir, rename, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { HermesError } from "@hermes-agent/core";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  ConfigError,
  createConfigSource,
  createStaticConfigSource,
  getConfigPath,
  parseConfigText,
  type ConfigSource,
} from "../src/index.js";

let home: TempDir;
let source: ConfigSource | undefined;
beforeEach(async () => {
  home = await createTempDir();
});
afterEach(async () => {
  source?.close();
  source = undefined;
  await home.remove();
});

/** A source that re-stats on every fingerprint, so tests see changes without waiting. */
function openSource(): ConfigSource {
  source = createConfigSource({ home: home.path, statCacheMs: 0, env: {} });
  return source;
}

describe("createConfigSource", () => {
  test("reads config.yaml in the home, and the defaults when it is missing", async () => {
    const config = openSource();
    expect(config.path).toBe(getConfigPath(home.path));
    expect(config.home).toBe(home.path);
    expect((await config.read()).terminal.timeout).toBe(180);
    await writeFile(config.path, "terminal:\n  timeout: 42\n");
    expect((await config.read()).terminal.timeout).toBe(42);
    expect(config.readSync().terminal.timeout).toBe(42);
  });

  test("parses once per change: repeat reads return the same object", async () => {
    const config = openSource();
    await writeFile(config.path, "terminal:\n  timeout: 42\n");
    const first = await config.read();
    expect(await config.read()).toBe(first);
    expect(config.readSync()).toBe(first);
    await writeFile(config.path, "terminal:\n  timeout: 43\n");
    const second = await config.read();
    expect(second).not.toBe(first);
    expect(second.terminal.timeout).toBe(43);
  });

  test("the fingerprint changes on an in-place write, a rename over the file and removal", async () => {
    const config = openSource();
    const missing = config.fingerprint();
    await writeFile(config.path, "a: 1\n");
    const written = config.fingerprint();
    expect(written).not.toBe(missing);
    expect(config.fingerprint()).toBe(written);
    const replacement = path.join(home.path, "next.yaml");
    await writeFile(replacement, "a: 2\n");
    await rename(replacement, config.path);
    const renamed = config.fingerprint();
    expect(renamed).not.toBe(written);
    await rm(config.path);
    expect(config.fingerprint()).toBe(missing);
  });

  test("a symlinked config.yaml is followed, and retargeting the link changes the fingerprint", async () => {
    const dotfiles = path.join(home.path, "dotfiles");
    await mkdir(dotfiles);
    await writeFile(path.join(dotfiles, "a.yaml"), "terminal:\n  timeout: 11\n");
    await writeFile(path.join(dotfiles, "b.yaml"), "terminal:\n  timeout: 22\n");
    const config = openSource();
    await symlink(path.join(dotfiles, "a.yaml"), config.path);
    const before = config.fingerprint();
    expect((await config.read()).terminal.timeout).toBe(11);
    await rm(config.path);
    await symlink(path.join(dotfiles, "b.yaml"), config.path);
    expect(config.fingerprint()).not.toBe(before);
    expect((await config.read()).terminal.timeout).toBe(22);
  });

  test("with the default stat cache, the directory watcher reports a rename at once", async () => {
    source = createConfigSource({ home: home.path, statCacheMs: 60_000, env: {} });
    const config = source;
    const before = config.fingerprint();
    const replacement = path.join(home.path, "next.yaml");
    await writeFile(replacement, "a: 2\n");
    await rename(replacement, config.path);
    await expect.poll(() => config.fingerprint(), { timeout: 5000, interval: 10 }).not.toBe(before);
  });

  test("HERMES_HOME in the given environment selects the home", async () => {
    await writeFile(getConfigPath(home.path), "terminal:\n  timeout: 7\n");
    source = createConfigSource({ env: { HERMES_HOME: home.path } });
    expect(source.path).toBe(getConfigPath(home.path));
    expect((await source.read()).terminal.timeout).toBe(7);
  });

  test("a broken file is a ConfigError from read, naming the file", async () => {
    const config = openSource();
    await writeFile(config.path, "terminal: [unclosed\n");
    const error: unknown = await config.read().catch((e: unknown) => e);
    expect(ConfigError.isInstance(error)).toBe(true);
    expect(HermesError.isInstance(error)).toBe(true);
    expect((error as ConfigError).message).toContain(config.path);
  });
});

describe("createStaticConfigSource", () => {
  test("serves the given config with a constant fingerprint", async () => {
    const { config } = parseConfigText("terminal:\n  timeout: 9\n");
    const fixed = createStaticConfigSource(config);
    expect(await fixed.read()).toBe(config);
    expect(fixed.readSync()).toBe(config);
    expect(fixed.fingerprint()).toBe(fixed.fingerprint());
  });
});

describe("ConfigError", () => {
  test("is a core HermesError with the location as details", () => {
    const error = new ConfigError("CONFIG_INVALID", "bad", { file: "c.yaml", line: 3, key: "a.b" });
    expect(error).toBeInstanceOf(HermesError);
    expect(error.name).toBe("ConfigError");
    expect(error.message).toBe("c.yaml:3, key 'a.b': bad");
    expect(error.details).toEqual({ file: "c.yaml", line: 3, key: "a.b" });
    expect(ConfigError.isInstance(error)).toBe(true);
    expect(ConfigError.isInstance(new HermesError("OTHER_CODE", "x"))).toBe(false);
  });
});

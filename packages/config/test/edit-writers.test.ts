import { spawn } from "node:child_process";
import { lstat, mkdir, readFile, readlink, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { getConfigPath, loadConfig, setConfigValue } from "../src/index.js";

let home: TempDir;
beforeEach(async () => {
  home = await createTempDir();
});
afterEach(async () => {
  await home.remove();
});

describe("a symlinked config.yaml", () => {
  test("is written through: the link stays a link and the real file changes", async () => {
    const dotfiles = path.join(home.path, "dotfiles", "hermes");
    await mkdir(dotfiles, { recursive: true });
    const real = path.join(dotfiles, "config.yaml");
    await writeFile(real, "# managed by stow\nterminal:\n  timeout: 60   # mine\n");
    const link = getConfigPath(home.path);
    await symlink(real, link);
    await setConfigValue(["terminal", "timeout"], 90, { home: home.path });
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readlink(link)).toBe(real);
    expect(await readFile(real, "utf8")).toBe(
      "# managed by stow\nterminal:\n  timeout: 90   # mine\n",
    );
    expect((await loadConfig({ home: home.path, env: {} })).terminal.timeout).toBe(90);
  });
});

describe("a writer that ignores the lock", () => {
  test(
    "appending keys while we edit loses nothing on either side",
    { timeout: 60_000 },
    async () => {
      const file = getConfigPath(home.path);
      await writeFile(file, "terminal:\n  timeout: 60\n");
      const appends = 40;
      // Appends `extra_<n>: <n>` every 50 ms by opening the file in append mode each time, as a
      // Python process writing its own config would; it knows nothing of our lock.
      const writer = spawn(
        process.execPath,
        [
          "-e",
          `const fs = require("node:fs");
         let n = 0;
         const tick = () => {
           fs.appendFileSync(process.argv[1], "extra_" + n + ": " + n + "\\n");
           if (++n < ${appends}) setTimeout(tick, 50); else process.exit(0);
         };
         tick();`,
          file,
        ],
        { stdio: "ignore" },
      );
      const exited = new Promise((resolve) => writer.on("exit", resolve));
      let edits = 0;
      let writerDone = false;
      void exited.then(() => (writerDone = true));
      while (!writerDone || edits < 10) {
        await setConfigValue(["approvals", `key_${edits}`], edits, { home: home.path });
        edits++;
      }
      await exited;
      // A line the writer put into the file our last edit had just replaced is taken back by the
      // next edit (the replaced file is kept open until then).
      await setConfigValue(["approvals", `key_${edits}`], edits, { home: home.path });
      edits++;
      const config = (await loadConfig({ home: home.path, env: {} })) as Record<string, unknown>;
      for (let n = 0; n < appends; n++) expect(config[`extra_${n}`], `extra_${n}`).toBe(n);
      const approvals = config["approvals"] as Record<string, unknown>;
      for (let k = 0; k < edits; k++) expect(approvals[`key_${k}`], `key_${k}`).toBe(k);
    },
  );
});

// Pack the publishable workspace packages as a user gets them, and install the tarballs into a
// fresh project outside the workspace, from the pnpm store (the registry only for metadata).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");

export const manifestOf = (folder) =>
  JSON.parse(readFileSync(path.join(root, folder, "package.json"), "utf8"));

/** Run a program; returns stdout, throws with stderr in the message on failure. */
export function run(command, args, options = {}) {
  try {
    return execFileSync(command, args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
      ...options,
    });
  } catch (error) {
    const detail = `${error.stdout ?? ""}${error.stderr ?? ""}`.trim();
    throw new Error(`${command} ${args.join(" ")} failed${detail === "" ? "" : `:\n${detail}`}`, {
      cause: error,
    });
  }
}

/** Publishable packages (not private) under packages/ and plugins/: folder and name. */
export function publishableFolders() {
  const found = [];
  for (const group of ["packages", "plugins"]) {
    for (const entry of readdirSync(path.join(root, group)).sort()) {
      const folder = `${group}/${entry}`;
      if (!existsSync(path.join(root, folder, "package.json"))) continue;
      const manifest = manifestOf(folder);
      if (manifest.private !== true) found.push({ folder, name: manifest.name });
    }
  }
  return found;
}

/** Build every publishable package (nx answers from its cache when nothing changed). */
export function buildAll(packages) {
  run(
    "pnpm",
    [
      "exec",
      "nx",
      "run-many",
      "-t",
      "build",
      "-p",
      packages.map((p) => p.name).join(","),
      "--outputStyle=static",
    ],
    { cwd: root },
  );
}

/** `pnpm pack` each package into `destination`; returns name → tarball path. */
export function packAll(packages, destination) {
  const tarballs = new Map();
  for (const { folder, name } of packages) {
    const out = run("pnpm", ["pack", "--pack-destination", destination], {
      cwd: path.join(root, folder),
    });
    const line = out.trim().split("\n").at(-1) ?? "";
    tarballs.set(name, path.isAbsolute(line) ? line : path.join(destination, path.basename(line)));
  }
  return tarballs;
}

/**
 * A project depending on every tarball (and `extra` registry packages), installed from the store
 * (`--prefer-offline`). Workspace packages resolve to their tarballs through overrides, as they would to
 * the published versions.
 */
export function installProject(project, tarballs, extra = {}) {
  const fileSpecs = Object.fromEntries(
    [...tarballs].map(([name, tarball]) => [name, `file:${tarball}`]),
  );
  writeFileSync(
    path.join(project, "package.json"),
    `${JSON.stringify(
      {
        name: "readme-examples",
        private: true,
        type: "module",
        dependencies: { ...fileSpecs, ...extra },
        pnpm: { overrides: fileSpecs },
      },
      null,
      2,
    )}\n`,
  );
  run("pnpm", ["install", "--prefer-offline", "--ignore-scripts", "--reporter=silent"], {
    cwd: project,
    env: { ...process.env, CI: "1" },
  });
}

#!/usr/bin/env node
// What a user installs: each target package is packed (with the workspace packages it needs),
// installed with npm into an empty project, and measured. Peers the user brings (zod) are not
// counted. Exits non-zero when a target is over its budget.
//
//   node tools/repo-scripts/install-size.mjs            all targets
//   node tools/repo-scripts/install-size.mjs registry   one target (folder name)
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const MB = 1024 * 1024;

/** Budgets from issue #9, in bytes installed. */
const TARGETS = [
  { folder: "packages/registry", budget: 5 * MB },
  { folder: "packages/approval", budget: 15 * MB },
  { folder: "packages/terminal", budget: 25 * MB },
  { folder: "plugins/hello-world", budget: 6 * MB },
];

/** Peers a user brings; installed so npm is satisfied, never counted. */
const USER_PEERS = new Set(["zod"]);

const manifestOf = (folder) =>
  JSON.parse(readFileSync(path.join(root, folder, "package.json"), "utf8"));

/** npm name → workspace folder, for every publishable package. */
function workspaceFolders() {
  const byName = new Map();
  for (const group of ["packages", "plugins"]) {
    for (const entry of readdirSync(path.join(root, group))) {
      const folder = `${group}/${entry}`;
      if (existsSync(path.join(root, folder, "package.json")))
        byName.set(manifestOf(folder).name, folder);
    }
  }
  return byName;
}

/** The target and every workspace package it needs at run time (dependencies, required peers). */
function closureOf(folder, byName) {
  const seen = new Set();
  const visit = (current) => {
    if (seen.has(current)) return;
    seen.add(current);
    const manifest = manifestOf(current);
    const optional = manifest.peerDependenciesMeta ?? {};
    const needed = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}).filter((name) => !optional[name]?.optional),
    ];
    for (const name of needed) {
      const dependency = byName.get(name);
      if (dependency !== undefined) visit(dependency);
    }
  };
  visit(folder);
  return [...seen];
}

function run(command, args, cwd) {
  return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Bytes of regular files below `dir`, not following links. */
function sizeOf(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(full);
    else if (entry.isFile()) total += lstatSync(full).size;
  }
  return total;
}

/** Installed bytes under node_modules, leaving out the peers users bring. */
function installedSize(project) {
  const modules = path.join(project, "node_modules");
  let total = 0;
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || USER_PEERS.has(entry.name)) continue;
    total += sizeOf(path.join(modules, entry.name));
  }
  return total;
}

function measure(target, byName, work) {
  const folders = closureOf(target.folder, byName);
  const tarballs = [];
  // nx builds dependencies first and answers from its cache when nothing changed.
  const names = folders.map((folder) => manifestOf(folder).name).join(",");
  run("pnpm", ["exec", "nx", "run-many", "-t", "build", "-p", names, "--outputStyle=static"], root);
  for (const folder of folders) {
    const out = run("pnpm", ["pack", "--pack-destination", work], path.join(root, folder));
    const tarball = out.trim().split("\n").at(-1) ?? "";
    tarballs.push(path.isAbsolute(tarball) ? tarball : path.join(work, path.basename(tarball)));
  }
  const project = mkdtempSync(path.join(work, "project-"));
  run("npm", ["init", "-y"], project);
  run(
    "npm",
    ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--omit=dev", ...tarballs],
    project,
  );
  return { folders, bytes: installedSize(project) };
}

const only = process.argv[2];
const targets = TARGETS.filter((t) => only === undefined || t.folder.endsWith(`/${only}`));
if (targets.length === 0) {
  console.error(
    `install-size: no target named ${only}; targets: ${TARGETS.map((t) => t.folder).join(", ")}`,
  );
  process.exit(2);
}
const byName = workspaceFolders();
const work = mkdtempSync(path.join(tmpdir(), "hermes-install-size-"));
let failed = false;
try {
  for (const target of targets) {
    const { folders, bytes } = measure(target, byName, work);
    const over = bytes > target.budget;
    failed ||= over;
    console.log(
      `${over ? "OVER" : "ok  "} ${manifestOf(target.folder).name}: ${(bytes / MB).toFixed(1)} MB installed (budget ${(target.budget / MB).toFixed(0)} MB; packed with ${folders.length - 1} workspace package(s))`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (failed) {
  console.error("install-size: a package installs more than its budget (see above).");
  process.exit(1);
}

#!/usr/bin/env node
// Repo-wide manifest check: every publishable package is shaped the same way, and internal
// dependencies follow the layer table of DESIGN.md §2.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ALLOWED_INTERNAL_DEPENDENCIES, runtimePackageOf } from "../eslint-config/layers.js";

const root = path.resolve(import.meta.dirname, "../..");
const problems = [];
const report = (where, message) => problems.push(`${where}: ${message}`);
/**
 * The range every peer dependency on one of our own packages uses. Our packages are released
 * together (a fixed group in .changeset/config.json) and stay on 0.x, where a caret range admits
 * no minor release, so a caret peer would be left behind by every minor release and changesets
 * would answer with a major bump of the whole group.
 */
const INTERNAL_PEER_RANGE = "workspace:>=0.0.0 <1.0.0";

const rootManifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const pinnedPnpm = /^pnpm@\d+\.\d+\.\d+(\+sha\d+\.[0-9a-f]+)?$/.test(
  rootManifest.packageManager ?? "",
);
if (!pinnedPnpm) report("package.json", "packageManager must pin an exact pnpm version");

for (const group of ["packages", "plugins"]) {
  const groupDir = path.join(root, group);
  if (!existsSync(groupDir)) continue;
  for (const folder of readdirSync(groupDir).sort()) {
    const manifestPath = path.join(groupDir, folder, "package.json");
    if (!existsSync(manifestPath)) continue;
    const where = `${group}/${folder}/package.json`;
    const pkg = JSON.parse(readFileSync(manifestPath, "utf8"));
    if (group === "packages") {
      const expected = folder === "hermes-agent" ? "hermes-agent" : `@hermes-agent/${folder}`;
      if (pkg.name !== expected)
        report(where, `name must be ${expected} (folder = name without scope)`);
    }
    if (pkg.private) report(where, "publishable packages must not be private");
    if (pkg.type !== "module") report(where, 'type must be "module"');
    if (typeof pkg.sideEffects !== "boolean" && !Array.isArray(pkg.sideEffects))
      report(where, "sideEffects must be declared");
    if (pkg.main || pkg.module)
      report(where, "no main/module: the package is ESM-only and uses exports");
    if (pkg.publishConfig?.access !== "public")
      report(where, "publishConfig.access must be public");
    if (!pkg.engines?.node) report(where, "engines.node must be set");
    if (!pkg.license) report(where, "license must be set");
    if (!Array.isArray(pkg.files) || !pkg.files.includes("dist"))
      report(where, 'files must include "dist"');
    if (!pkg.description) report(where, "description must be set");
    const exportsField = pkg.exports ?? {};
    if (exportsField["./package.json"] !== "./package.json")
      report(where, "must export ./package.json");
    for (const [subpath, target] of Object.entries(exportsField)) {
      if (subpath === "./package.json") continue;
      const keys = typeof target === "object" && target !== null ? Object.keys(target) : [];
      if (
        keys[0] !== "@hermes-agent/source" ||
        keys[1] !== "types" ||
        keys[keys.length - 1] !== "default"
      ) {
        report(
          where,
          `exports["${subpath}"] must list "@hermes-agent/source", then "types", and "default" last`,
        );
      }
    }
    const from = group === "packages" ? runtimePackageOf(pkg.name) : undefined;
    for (const field of [
      "dependencies",
      "peerDependencies",
      "optionalDependencies",
      "devDependencies",
    ]) {
      for (const [dep, range] of Object.entries(pkg[field] ?? {})) {
        const target = runtimePackageOf(dep);
        if (target === undefined) {
          if (dep.startsWith("@hermes-agent/") && field !== "devDependencies") {
            report(where, `${dep} is a private workspace tool and may only be a devDependency`);
          }
          continue;
        }
        if (field !== "peerDependencies" && range !== "workspace:*" && range !== "workspace:^") {
          report(where, `${dep} must use a workspace: range`);
        }
        if (field === "peerDependencies" && range !== INTERNAL_PEER_RANGE) {
          report(
            where,
            `peer ${dep} must use "${INTERNAL_PEER_RANGE}": a narrower range makes changesets bump every package of the fixed group to a new major on the next minor release`,
          );
        }
        if (from !== undefined && !(ALLOWED_INTERNAL_DEPENDENCIES[from] ?? []).includes(target)) {
          report(
            where,
            `${field} on ${dep} points up or sideways in the layer table (DESIGN.md §2)`,
          );
        }
      }
    }
  }
}

if (problems.length > 0) {
  console.error(problems.map((p) => `✗ ${p}`).join("\n"));
  console.error(`\n${problems.length} manifest problem(s).`);
  process.exit(1);
}
console.log("manifests: ok");

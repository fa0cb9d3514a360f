import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { DiscoveredPlugin, PluginSource } from "./discovered-plugin.js";
import { parseManifest } from "./plugin-manifest.js";
import { PluginLoaderError, PluginLoaderErrorCode } from "./plugin-loader-error.js";

const MANIFEST_FILES = ["plugin.yaml", "plugin.yml"] as const;
const DEFAULT_ENTRIES = ["index.js", "index.mjs"] as const;

/**
 * Find the plugins under one root: `<root>/<name>/plugin.yaml`, or the category layout
 * `<root>/<category>/<name>/plugin.yaml` (key `category/name`). Folders without a manifest are
 * skipped; a manifest that does not parse gives a plugin carrying its error.
 */
export function discoverFolderPlugins(root: string, source: PluginSource): DiscoveredPlugin[] {
  const found: DiscoveredPlugin[] = [];
  for (const name of childFolders(root)) {
    const dir = path.join(root, name);
    const manifestFile = manifestIn(dir);
    if (manifestFile !== undefined) {
      found.push(readFolderPlugin(dir, manifestFile, source, undefined));
      continue;
    }
    for (const child of childFolders(dir)) {
      const childDir = path.join(dir, child);
      const childManifest = manifestIn(childDir);
      if (childManifest !== undefined)
        found.push(readFolderPlugin(childDir, childManifest, source, name));
    }
  }
  return found;
}

function readFolderPlugin(
  dir: string,
  manifestFile: string,
  source: PluginSource,
  category: string | undefined,
): DiscoveredPlugin {
  const folderName = path.basename(dir);
  const keyOf = (name: string): string => (category === undefined ? name : `${category}/${name}`);
  try {
    const { manifest, warnings } = parseManifest(
      readFileSync(manifestFile, "utf8"),
      manifestFile,
      folderName,
    );
    return {
      key: keyOf(manifest.name),
      source,
      dir,
      manifest,
      entry: resolveEntry(dir, manifest.main),
      warnings,
    };
  } catch (error) {
    return {
      key: keyOf(folderName),
      source,
      dir,
      manifest: undefined,
      entry: undefined,
      warnings: [],
      error: PluginLoaderError.isInstance(error)
        ? error
        : new PluginLoaderError(
            PluginLoaderErrorCode.InvalidManifest,
            `Cannot read plugin manifest ${manifestFile}: ${String(error)}`,
            { cause: error },
          ),
    };
  }
}

/** The entry module of a plugin folder, or undefined when there is none. */
export function resolveEntry(dir: string, main: string | undefined): string | undefined {
  const candidates = main === undefined ? DEFAULT_ENTRIES : [main];
  for (const candidate of candidates) {
    const file = path.join(dir, candidate);
    if (existsSync(file)) return file;
  }
  return undefined;
}

function manifestIn(dir: string): string | undefined {
  for (const file of MANIFEST_FILES) {
    const candidate = path.join(dir, file);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Sorted names of the visible sub-folders of `dir` (symlinks to folders included); [] when absent. */
export function childFolders(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const names: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    if (entry.isDirectory()) names.push(entry.name);
    else if (entry.isSymbolicLink() && isFolder(path.join(dir, entry.name))) names.push(entry.name);
  }
  return names.sort();
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

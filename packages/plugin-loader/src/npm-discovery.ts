import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { DiscoveredPlugin } from "./discovered-plugin.js";
import { childFolders } from "./folder-discovery.js";
import { parseManifest, validateManifest, type ParsedManifest } from "./plugin-manifest.js";
import { PluginLoaderError, PluginLoaderErrorCode } from "./plugin-loader-error.js";

/** The package.json key a package uses to declare itself a Hermes plugin. */
export const PACKAGE_PLUGIN_KEY = "hermes-agent";

/** The package.json schemas; built at the first package.json read, not when the package loads. */
function buildPackageSchemas() {
  return {
    pluginBlock: z.union([
      z.string().min(1),
      z.looseObject({
        entry: z.string({ error: "'entry' must be the path of the plugin module" }).min(1),
      }),
    ]),
    packageJson: z.looseObject({
      name: z.string(),
      version: z.string().optional(),
      description: z.string().optional(),
      author: z.union([z.string(), z.looseObject({ name: z.string().optional() })]).optional(),
      [PACKAGE_PLUGIN_KEY]: z.looseObject({ plugin: z.unknown() }).optional(),
    }),
  };
}

let schemas: ReturnType<typeof buildPackageSchemas> | undefined;

type PackageJson = z.infer<ReturnType<typeof buildPackageSchemas>["packageJson"]>;

/**
 * The `node_modules` folder the running copy of this package was installed into, if any (the
 * "runtime's" node_modules: a global install or an application's). Undefined when running from
 * a source checkout.
 */
export function runtimeNodeModules(moduleUrl: string = import.meta.url): string | undefined {
  const file = fileURLToPath(moduleUrl);
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = file.indexOf(marker);
  return at < 0 ? undefined : file.slice(0, at + marker.length - 1);
}

/**
 * Find npm packages declaring `"hermes-agent": { "plugin": "./dist/plugin.js" }` (or
 * `{ "plugin": { "entry": ..., <manifest fields> } }`) in the given node_modules folders,
 * scoped packages included. A package that also ships a plugin.yaml takes its manifest from it.
 */
export function discoverNpmPlugins(roots: readonly string[]): DiscoveredPlugin[] {
  const found: DiscoveredPlugin[] = [];
  const seen = new Set<string>();
  for (const root of roots) {
    for (const dir of packageFolders(root)) {
      if (seen.has(dir)) continue;
      seen.add(dir);
      const plugin = readPackagePlugin(dir);
      if (plugin !== undefined) found.push(plugin);
    }
  }
  return found;
}

function packageFolders(root: string): string[] {
  const dirs: string[] = [];
  for (const name of childFolders(root)) {
    if (name.startsWith("@")) {
      for (const scoped of childFolders(path.join(root, name)))
        dirs.push(path.join(root, name, scoped));
    } else dirs.push(path.join(root, name));
  }
  return dirs;
}

function readPackagePlugin(dir: string): DiscoveredPlugin | undefined {
  const file = path.join(dir, "package.json");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  // Most packages are not plugins: skip the JSON parse unless the key can be there.
  if (!text.includes(`"${PACKAGE_PLUGIN_KEY}"`)) return undefined;
  let pkg: PackageJson;
  try {
    const parsed = (schemas ??= buildPackageSchemas()).packageJson.safeParse(JSON.parse(text));
    if (!parsed.success) return undefined;
    pkg = parsed.data;
  } catch {
    return undefined;
  }
  const declared = pkg[PACKAGE_PLUGIN_KEY]?.plugin;
  if (declared === undefined) return undefined;
  const unscoped = pkg.name.replace(/^@[^/]+\//, "");
  const where = `${file} ("${PACKAGE_PLUGIN_KEY}".plugin)`;
  try {
    const block = (schemas ??= buildPackageSchemas()).pluginBlock.safeParse(declared);
    if (!block.success) {
      throw new PluginLoaderError(
        PluginLoaderErrorCode.InvalidManifest,
        `Invalid plugin declaration in ${where}: ${block.error.issues[0]?.message ?? "invalid"}. ` +
          'Use "plugin": "./dist/plugin.js" or "plugin": { "entry": "./dist/plugin.js", ... }.',
      );
    }
    const entryPath = typeof block.data === "string" ? block.data : block.data.entry;
    const { manifest, warnings } = manifestOf(dir, pkg, block.data, unscoped, where);
    const entry = path.resolve(dir, entryPath);
    if (!entry.startsWith(dir + path.sep)) {
      throw new PluginLoaderError(
        PluginLoaderErrorCode.InvalidManifest,
        `Invalid plugin declaration in ${where}: the entry '${entryPath}' is outside the package.`,
      );
    }
    return {
      key: manifest.name,
      source: "npm",
      dir,
      manifest,
      entry: existsSync(entry) ? entry : undefined,
      packageName: pkg.name,
      warnings,
    };
  } catch (error) {
    return {
      key: unscoped,
      source: "npm",
      dir,
      manifest: undefined,
      entry: undefined,
      packageName: pkg.name,
      warnings: [],
      error: error as PluginLoaderError,
    };
  }
}

function manifestOf(
  dir: string,
  pkg: PackageJson,
  block: string | Readonly<Record<string, unknown>>,
  fallbackName: string,
  where: string,
): ParsedManifest {
  for (const name of ["plugin.yaml", "plugin.yml"]) {
    const file = path.join(dir, name);
    if (existsSync(file)) return parseManifest(readFileSync(file, "utf8"), file, fallbackName);
  }
  const author = typeof pkg.author === "string" ? pkg.author : (pkg.author?.name ?? "");
  const fields = typeof block === "string" ? {} : { ...block };
  delete fields.entry;
  return validateManifest(
    {
      version: pkg.version,
      description: pkg.description,
      author,
      ...fields,
    },
    where,
    fallbackName,
  );
}

/** The npm roots searched by default: the project's node_modules and the runtime's, if distinct. */
export function defaultNpmRoots(cwd: string): string[] {
  const roots = [path.join(cwd, "node_modules")];
  const runtime = runtimeNodeModules();
  if (runtime !== undefined && !roots.includes(runtime)) roots.push(runtime);
  return roots.filter((root) => existsSync(root));
}

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

/** What {@link discoverNpmPlugins} looks at besides the roots. */
export interface NpmDiscoveryOptions {
  /** Package names the user asked for by name (`plugins.enabled`): looked up in every root. */
  readonly requested?: readonly string[];
  /** Told about a package.json beside a root that cannot be read as JSON. */
  readonly warn?: (message: string) => void;
}

/** The dependency fields of a package.json whose packages a project asked for. */
const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies"] as const;

/** An npm package name (`name` or `@scope/name`), so a config key can be tried as a folder. */
const PACKAGE_NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i;

/**
 * Find npm packages declaring `"hermes-agent": { "plugin": "./dist/plugin.js" }` (or
 * `{ "plugin": { "entry": ..., <manifest fields> } }`) among the packages a user asked for in the
 * given node_modules folders: the dependencies, devDependencies and optionalDependencies of the
 * package.json beside each folder (the project's, or the application's the runtime is installed
 * in), and the package names in `requested`. A folder with no package.json beside it (a global
 * install prefix, where each package was installed by name) offers every top-level package.
 * Nothing else under node_modules is read: dependencies of dependencies, pnpm's store. A package
 * that also ships a plugin.yaml takes its manifest from it.
 */
export function discoverNpmPlugins(
  roots: readonly string[],
  options: NpmDiscoveryOptions = {},
): DiscoveredPlugin[] {
  const found: DiscoveredPlugin[] = [];
  const seen = new Set<string>();
  const requested = (options.requested ?? []).filter((name) => PACKAGE_NAME.test(name));
  for (const root of roots) {
    const declared = declaredPackages(root, options.warn);
    const names = declared === undefined ? topLevelPackages(root) : declared;
    for (const name of new Set([...names, ...requested])) {
      const dir = path.join(root, ...name.split("/"));
      if (seen.has(dir)) continue;
      seen.add(dir);
      const plugin = readPackagePlugin(dir);
      if (plugin !== undefined) found.push(plugin);
    }
  }
  return found;
}

/**
 * The packages the package.json beside `root` depends on, sorted; undefined when there is no
 * package.json there; empty (with a warning) when it is not valid JSON.
 */
function declaredPackages(
  root: string,
  warn: ((message: string) => void) | undefined,
): string[] | undefined {
  const file = path.join(path.dirname(root), "package.json");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  let pkg: unknown;
  try {
    pkg = JSON.parse(text);
  } catch (error) {
    warn?.(
      `${file} is not valid JSON (${(error as Error).message}): no npm plugin is looked for ` +
        `in ${root} except the packages plugins.enabled names.`,
    );
    return [];
  }
  const names = new Set<string>();
  for (const field of DEPENDENCY_FIELDS) {
    const deps = (pkg as Record<string, unknown> | null)?.[field];
    if (typeof deps !== "object" || deps === null) continue;
    for (const name of Object.keys(deps)) if (PACKAGE_NAME.test(name)) names.add(name);
  }
  return [...names].sort();
}

/** Every package at the top of `root`, scoped ones included. */
function topLevelPackages(root: string): string[] {
  const names: string[] = [];
  for (const name of childFolders(root)) {
    if (name.startsWith("@")) {
      for (const scoped of childFolders(path.join(root, name))) names.push(`${name}/${scoped}`);
    } else names.push(name);
  }
  return names;
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

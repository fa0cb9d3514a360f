import { createRequire } from "node:module";
import path from "node:path";
import type * as Yaml from "yaml";
import { z } from "zod";
import { PluginLoaderError, PluginLoaderErrorCode } from "./plugin-loader-error.js";

/** Plugin kinds. Only `standalone` and `backend` plugins are loaded by the general loader. */
export const PLUGIN_KINDS: readonly ["standalone", "backend", "exclusive"] = [
  "standalone",
  "backend",
  "exclusive",
];

/** One of {@link PLUGIN_KINDS}. */
export type PluginKind = (typeof PLUGIN_KINDS)[number];

/** A plugin's manifest (`plugin.yaml`), validated, with defaults applied. */
export interface PluginManifest {
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly author: string;
  /** Env vars the plugin's tools need; when one is unset its tools are listed as unavailable. */
  readonly requiresEnv: readonly string[];
  /** Informational: the tools it registers. */
  readonly providesTools: readonly string[];
  /** Informational: the hooks it registers. */
  readonly providesHooks: readonly string[];
  readonly kind: PluginKind;
  /** Entry module relative to the plugin folder; default index.js, then index.mjs. */
  readonly main: string | undefined;
}

/** A manifest and what was noticed while reading it. */
export interface ParsedManifest {
  readonly manifest: PluginManifest;
  readonly warnings: readonly string[];
}

/** The manifest schema; built at the first manifest validated, not when the package loads. */
function buildManifestSchema() {
  const scalarText = z.preprocess(
    (value) =>
      value === null || value === undefined
        ? ""
        : typeof value === "number" || typeof value === "boolean"
          ? String(value)
          : value,
    z.string({ error: "must be text" }),
  );

  const nameList = z.preprocess(
    (value) =>
      value === null || value === undefined ? [] : typeof value === "string" ? [value] : value,
    z.array(z.string({ error: "each entry must be a name" }), { error: "must be a list of names" }),
  );

  return z.looseObject({
    name: z.preprocess(
      (value) => (value === null ? undefined : value),
      z
        .string({ error: "must be text" })
        .trim()
        .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, {
          error: "must start with a letter or digit and use only letters, digits, '.', '_' and '-'",
        })
        .optional(),
    ),
    version: scalarText,
    description: scalarText,
    author: scalarText,
    requires_env: nameList,
    provides_tools: nameList,
    provides_hooks: nameList,
    kind: z.preprocess(
      (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
      z.string({ error: "must be text" }).optional(),
    ),
    main: z.preprocess(
      (value) => (value === null || value === "" ? undefined : value),
      z.string({ error: "must be a relative path" }).optional(),
    ),
  });
}

let manifestSchema: ReturnType<typeof buildManifestSchema> | undefined;

/**
 * Validate raw manifest data (from YAML or a package.json block). `fallbackName` is used when
 * the manifest has no name (the folder name). An unknown `kind` becomes `standalone` with a warning.
 * @throws {@link PluginLoaderError} (`InvalidManifest`) naming the file and the field.
 */
export function validateManifest(raw: unknown, file: string, fallbackName: string): ParsedManifest {
  const data = raw ?? {};
  if (typeof data !== "object" || Array.isArray(data)) {
    throw invalid(file, "the manifest must be a mapping of keys (name, version, description, ...)");
  }
  const result = (manifestSchema ??= buildManifestSchema()).safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.join(".") ?? "";
    throw invalid(file, `${where === "" ? "" : `'${where}' `}${issue?.message ?? "is invalid"}`);
  }
  const value = result.data;
  const warnings: string[] = [];
  let kind: PluginKind = "standalone";
  if (value.kind !== undefined) {
    if ((PLUGIN_KINDS as readonly string[]).includes(value.kind)) kind = value.kind as PluginKind;
    else warnings.push(`${file}: unknown plugin kind '${value.kind}', loading it as standalone`);
  }
  if (value.main !== undefined) checkRelative(value.main, file);
  return {
    manifest: Object.freeze({
      name: value.name ?? fallbackName,
      version: value.version,
      description: value.description,
      author: value.author,
      requiresEnv: Object.freeze([...value.requires_env]),
      providesTools: Object.freeze([...value.provides_tools]),
      providesHooks: Object.freeze([...value.provides_hooks]),
      kind,
      main: value.main,
    }),
    warnings,
  };
}

let yaml: typeof Yaml | undefined;

/**
 * The `yaml` library, loaded at the first manifest parsed: a runtime without plugins never pays
 * for a YAML parser. It is CommonJS, so `require` loads the same module `import` would.
 */
function yamlLib(): typeof Yaml {
  return (yaml ??= createRequire(import.meta.url)("yaml") as typeof Yaml);
}

/**
 * Parse `plugin.yaml` text. An empty file is a valid manifest (every field defaulted).
 * @throws {@link PluginLoaderError} (`InvalidManifest`) with the file and line of a YAML error.
 */
export function parseManifest(text: string, file: string, fallbackName: string): ParsedManifest {
  const { LineCounter, parseDocument } = yamlLib();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const error = doc.errors[0];
  if (error !== undefined) {
    const line = lineCounter.linePos(error.pos[0]).line;
    throw invalid(
      file,
      `not valid YAML (line ${line}): ${error.message.split("\n")[0] ?? error.code}`,
    );
  }
  return validateManifest(doc.toJS() as unknown, file, fallbackName);
}

function checkRelative(main: string, file: string): void {
  if (path.isAbsolute(main) || path.normalize(main).split(path.sep).includes("..")) {
    throw invalid(file, `'main' must be a path inside the plugin folder, got '${main}'`);
  }
}

function invalid(file: string, reason: string): PluginLoaderError {
  return new PluginLoaderError(
    PluginLoaderErrorCode.InvalidManifest,
    `Invalid plugin manifest ${file}: ${reason}. Fix the manifest; the plugin was not loaded.`,
    { details: { file } },
  );
}

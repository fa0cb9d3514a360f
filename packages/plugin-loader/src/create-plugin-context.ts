import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { EnvironmentVariables, Logger } from "@hermes-agent/core";
import type { ToolRegistry, ToolSpec } from "@hermes-agent/registry";
import { guardHook, guardMiddleware } from "./guarded-callbacks.js";
import { HOOK_NAMES, isHookName, isMiddlewareKind, type MiddlewareKind } from "./hook-names.js";
import type { MiddlewareMap } from "./hook-types.js";
import { PLUGIN_CONTEXT_VERSION, type PluginContext } from "./plugin-context.js";
import type { PluginCommandHandler, PluginHost, RegistrationOwner } from "./plugin-host.js";
import {
  PluginLoaderError,
  PluginLoaderErrorCode,
  PluginToolOverrideError,
} from "./plugin-loader-error.js";
import type { PluginManifest } from "./plugin-manifest.js";
import { describe } from "./plugin-module.js";
import type { RegistrationLedger } from "./registration-ledger.js";
import { runPluginCommand } from "./plugin-command.js";

/** What a plugin's context is built from. */
export interface PluginContextOptions {
  readonly key: string;
  readonly manifest: PluginManifest;
  readonly pluginDir: string;
  /** The runtime's working directory. */
  readonly cwd: string;
  readonly registry: ToolRegistry;
  readonly host: PluginHost;
  /** `plugins.entries.<key>`. */
  readonly entryConfig: Readonly<Record<string, unknown>>;
  readonly allowToolOverride: boolean;
  readonly hermesHome: string;
  readonly env: EnvironmentVariables;
  /** The loader's logger; the plugin's logger prefixes it. */
  readonly logger: Logger;
  readonly ledger: RegistrationLedger;
}

const SKILL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const COMMAND_NAME = /^[a-z0-9][a-z0-9_:-]*$/;

/** The env vars of `names` that are unset or empty. */
export function missingEnv(names: readonly string[], env: EnvironmentVariables): string[] {
  return names.filter((name) => env[name] === undefined || env[name] === "");
}

/** Build the {@link PluginContext} for one plugin instance; every registration goes to `ledger`. */
export function createPluginContext(options: PluginContextOptions): PluginContext {
  const { key, manifest, registry, host, ledger, env } = options;
  const who = `Plugin '${manifest.name}'`;
  const owner: RegistrationOwner = { kind: "plugin", key };
  const logger = prefixedLogger(options.logger, `[plugin ${key}] `);
  let dataDir: string | undefined;

  const ensureLoaded = (what: string): void => {
    if (ledger.released) {
      throw new PluginLoaderError(
        PluginLoaderErrorCode.Unloaded,
        `${who} was unloaded; it cannot register ${what} any more.`,
      );
    }
  };
  const requireName = (what: string, value: unknown): string => {
    if (typeof value !== "string" || value.trim() === "") {
      throw new PluginLoaderError(
        PluginLoaderErrorCode.InvalidRegistration,
        `${who} tried to register ${what} without a name.`,
      );
    }
    return value.trim();
  };
  const requireFunction = (what: string, value: unknown): void => {
    if (typeof value !== "function") {
      throw new PluginLoaderError(
        PluginLoaderErrorCode.InvalidRegistration,
        `${who} tried to register ${what} without a function.`,
      );
    }
  };

  const context: PluginContext = {
    contextVersion: PLUGIN_CONTEXT_VERSION,
    key,
    manifest,
    pluginDir: options.pluginDir,
    cwd: options.cwd,
    config: options.entryConfig,
    logger,
    get dataDir(): string {
      if (dataDir === undefined) {
        dataDir = path.join(options.hermesHome, "plugin-data", key.replaceAll("/", "__"));
        mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      }
      return dataDir;
    },

    registerTool<Args>(spec: ToolSpec<Args>): boolean {
      ensureLoaded("tools");
      const name = requireName("a tool", (spec as Partial<ToolSpec<Args>> | undefined)?.name);
      const existing = registry.getEntry(name);
      const shadows = existing !== undefined && existing.toolset !== spec.toolset;
      if (spec.override === true && shadows && !options.allowToolOverride) {
        throw new PluginToolOverrideError({
          plugin: manifest.name,
          pluginKey: key,
          toolName: name,
        });
      }
      if (shadows && spec.override !== true) {
        logger.warn(
          `tried to shadow the tool '${name}' of toolset '${existing.toolset}' without override: true; refused`,
        );
        return false;
      }
      const accepted = registry.register(gateOnEnv(spec, manifest.requiresEnv, env));
      if (!accepted) return false;
      const registered = registry.getEntry(name)?.handler;
      ledger.add("tool", name, () => {
        // Only remove the tool if it is still this plugin's (a later registration may own it).
        if (registry.getEntry(name)?.handler === registered) registry.deregister(name);
      });
      return true;
    },

    registerHook(name: string, callback: (payload: never) => unknown): void {
      ensureLoaded("hooks");
      const hook = requireName("a hook", name);
      requireFunction(`hook '${hook}'`, callback);
      if (!isHookName(hook)) {
        logger.warn(
          `registered the unknown hook '${hook}'; it is kept, but this runtime does not fire it ` +
            `(known hooks: ${HOOK_NAMES.join(", ")})`,
        );
      }
      const undo = host.registerHook(hook, guardHook(who, hook, callback, options.logger), owner);
      ledger.add("hook", hook, undo);
    },

    registerMiddleware<K extends MiddlewareKind>(kind: K, middleware: MiddlewareMap[K]): void {
      ensureLoaded("middleware");
      if (typeof kind !== "string" || !isMiddlewareKind(kind)) {
        throw new PluginLoaderError(
          PluginLoaderErrorCode.InvalidRegistration,
          `${who} tried to register middleware of unknown kind '${String(kind)}'; use ` +
            "tool_request, tool_execution or llm_request.",
        );
      }
      requireFunction(`${kind} middleware`, middleware);
      const guarded = guardMiddleware(who, kind, middleware, options.logger);
      ledger.add("middleware", kind, host.registerMiddleware(kind, guarded, owner));
    },

    registerCommand(
      name: string,
      handler: PluginCommandHandler,
      description = "",
      argsHint?: string,
    ): void {
      ensureLoaded("commands");
      const command = requireName("a command", name)
        .replace(/^\/+/, "")
        .toLowerCase()
        .replace(/\s+/g, "-");
      requireFunction(`command '/${command}'`, handler);
      if (!COMMAND_NAME.test(command)) {
        throw new PluginLoaderError(
          PluginLoaderErrorCode.InvalidRegistration,
          `${who} tried to register the command '/${command}'; use letters, digits, '-' and '_'.`,
        );
      }
      try {
        const undo = host.registerCommand(
          {
            name: command,
            description,
            ...(argsHint === undefined ? {} : { argsHint }),
            handler: (invocation) => runPluginCommand(who, command, handler, invocation),
          },
          owner,
        );
        ledger.add("command", command, undo);
      } catch (error) {
        logger.warn(`command '/${command}' was not added: ${describe(error)}`);
      }
    },

    registerSkill(name: string, skillPath: string, description = ""): void {
      ensureLoaded("skills");
      const skill = requireName("a skill", name);
      if (!SKILL_NAME.test(skill)) {
        throw new PluginLoaderError(
          PluginLoaderErrorCode.InvalidRegistration,
          `${who} tried to register the skill '${skill}'; use letters, digits, '.', '_' and '-'.`,
        );
      }
      const file = path.resolve(options.pluginDir, requireName(`skill '${skill}' path`, skillPath));
      if (!existsSync(file)) {
        throw new PluginLoaderError(
          PluginLoaderErrorCode.InvalidRegistration,
          `${who} registered the skill '${skill}' at ${file}, which does not exist.`,
        );
      }
      const qualified = `${manifest.name}:${skill}`;
      ledger.add(
        "skill",
        qualified,
        host.registerSkill({ name: qualified, path: file, description }, owner),
      );
    },

    dispatchTool(name, args, dispatchContext) {
      return host.dispatchTool(name, args, dispatchContext);
    },

    onUnload(cleanup: () => void | Promise<void>): void {
      ensureLoaded("cleanups");
      requireFunction("an unload callback", cleanup);
      ledger.add("cleanup", cleanup.name || "onUnload", cleanup);
    },
  };
  return context;
}

/**
 * A plugin whose manifest needs env vars: its tools report those vars in `requiresEnv`, and are
 * unavailable (hidden from the model, listed with the reason) while one is unset.
 */
function gateOnEnv<Args>(
  spec: ToolSpec<Args>,
  required: readonly string[],
  env: EnvironmentVariables,
): ToolSpec<Args> {
  if (required.length === 0) return spec;
  const own = spec.checkFn;
  return {
    ...spec,
    handler: spec.handler,
    requiresEnv: [...new Set([...(spec.requiresEnv ?? []), ...required])],
    checkFn: () => missingEnv(required, env).length === 0 && (own === undefined || own()),
  };
}

function prefixedLogger(logger: Logger, prefix: string): Logger {
  return {
    debug: (message) => logger.debug(prefix + message),
    info: (message) => logger.info(prefix + message),
    warn: (message) => logger.warn(prefix + message),
    error: (message) => logger.error(prefix + message),
  };
}

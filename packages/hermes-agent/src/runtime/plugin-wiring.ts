import type { ConfigSource } from "@hermes-agent/config";
import type { Logger } from "@hermes-agent/core";
import {
  PluginManager,
  type PluginCommand,
  type PluginHost,
  type PluginSkill,
} from "@hermes-agent/plugin-loader";
import type { ToolRegistry } from "@hermes-agent/registry";
import type { FunctionCallContext } from "../pipeline/dispatch-pipeline.js";
import type { HookBus } from "../pipeline/hook-bus.js";

/** The plugins of a runtime: the loader, and the slash commands and skills plugins added. */
export interface RuntimePlugins {
  /** Reports (`report()`), reload and unload of this runtime's plugins. */
  readonly manager: PluginManager;
  /** Slash commands plugins added, by name (without the '/'). */
  readonly commands: ReadonlyMap<string, PluginCommand>;
  /** Skills plugins ship, by qualified name `<plugin>:<skill>`. */
  readonly skills: ReadonlyMap<string, PluginSkill>;
}

/** What the runtime hands its plugin loader. */
export interface RuntimePluginOptions {
  readonly registry: ToolRegistry;
  readonly hooks: HookBus;
  readonly handleFunctionCall: (
    name: string,
    args: unknown,
    ctx?: FunctionCallContext,
  ) => Promise<string>;
  readonly configSource: ConfigSource;
  readonly hermesHome: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly logger: Logger;
  /** False: the manager is made but loads nothing. */
  readonly load: boolean;
}

/**
 * Load the enabled plugins (and config.yaml's shell hooks) into a runtime: hooks and middleware
 * go to its hook bus, tools to its registry, tool calls through its pipeline.
 */
export async function loadRuntimePlugins(options: RuntimePluginOptions): Promise<RuntimePlugins> {
  const commands = new Map<string, PluginCommand>();
  const skills = new Map<string, PluginSkill>();
  const host: PluginHost = {
    registerHook: (name, callback) => options.hooks.registerHook(name, callback),
    registerMiddleware: (kind, middleware) => options.hooks.registerMiddleware(kind, middleware),
    registerCommand(command) {
      if (commands.has(command.name)) throw new Error(`/${command.name} is already a command`);
      commands.set(command.name, command);
      return () => {
        if (commands.get(command.name) === command) commands.delete(command.name);
      };
    },
    registerSkill(skill) {
      if (skills.has(skill.name)) throw new Error(`the skill ${skill.name} is already registered`);
      skills.set(skill.name, skill);
      return () => {
        if (skills.get(skill.name) === skill) skills.delete(skill.name);
      };
    },
    dispatchTool: (name, args, context) =>
      options.handleFunctionCall(name, args, {
        ...(typeof context?.taskId === "string" ? { taskId: context.taskId } : {}),
        ...(typeof context?.sessionKey === "string" ? { sessionKey: context.sessionKey } : {}),
        ...(context?.signal === undefined ? {} : { signal: context.signal }),
        ...(context?.timeoutMs === undefined ? {} : { timeoutMs: context.timeoutMs }),
      }),
  };
  const manager = new PluginManager({
    registry: options.registry,
    host,
    config: options.configSource,
    hermesHome: options.hermesHome,
    cwd: options.cwd,
    env: options.env,
    logger: options.logger,
  });
  if (options.load) await manager.load();
  return { manager, commands, skills };
}

import type { DispatchContext, ToolOutput } from "@hermes-agent/registry";
import type { MiddlewareKind } from "./hook-names.js";
import type { AnyHookCallback, MiddlewareMap } from "./hook-types.js";

/** Who made a registration: a plugin (by key) or a shell hook from config.yaml. */
export type RegistrationOwner =
  | { readonly kind: "plugin"; readonly key: string }
  | { readonly kind: "shell-hook"; readonly command: string };

/** Undo one registration. Calling it twice does nothing the second time. */
export type Unregister = () => void;

/** What a slash command handler receives. */
export interface PluginCommandInvocation {
  /** Everything after the command name, trimmed. */
  readonly args: string;
  readonly sessionId?: string;
}

/** Handler of a plugin slash command; its string (or resolved string) is shown to the user. */
export type PluginCommandHandler = (
  invocation: PluginCommandInvocation,
) => string | undefined | void | Promise<string | undefined | void>;

/** A slash command a plugin adds to the CLI chat. */
export interface PluginCommand {
  /** Normalised: lower case, no leading '/', spaces as '-'. */
  readonly name: string;
  readonly description: string;
  readonly argsHint?: string;
  readonly handler: PluginCommandHandler;
}

/** A skill a plugin ships, addressed as `<plugin>:<name>`. */
export interface PluginSkill {
  /** Qualified name, `<plugin name>:<skill name>`. */
  readonly name: string;
  /** Absolute path of the skill's SKILL.md (or its folder). */
  readonly path: string;
  readonly description: string;
}

/**
 * What the plugin loader needs from the runtime it loads plugins into. `createRuntime`
 * implements it over its hook bus: hooks and middleware registered here apply to model calls,
 * execute_code calls, CLI calls and `mcp serve` calls alike. Each `register*` returns the way to
 * undo it, which is how unloading and reloading leave nothing behind.
 */
export interface PluginHost {
  /** Add a hook callback. The loader has already made it safe: it never throws or rejects. */
  registerHook(name: string, callback: AnyHookCallback, owner: RegistrationOwner): Unregister;
  /** Add middleware; the loader has already isolated its failures (see `MiddlewareMap`). */
  registerMiddleware<K extends MiddlewareKind>(
    kind: K,
    middleware: MiddlewareMap[K],
    owner: RegistrationOwner,
  ): Unregister;
  /** Add a slash command; throw when the name is taken by a built-in or another plugin. */
  registerCommand(command: PluginCommand, owner: RegistrationOwner): Unregister;
  /** Make a plugin skill visible to the skills tools. */
  registerSkill(skill: PluginSkill, owner: RegistrationOwner): Unregister;
  /** Call a tool through the runtime's pipeline (hooks included). Never rejects. */
  dispatchTool(
    name: string,
    args: Readonly<Record<string, unknown>>,
    context?: DispatchContext,
  ): Promise<ToolOutput>;
}

// Anything exported here is public API of @hermes-agent/plugin-loader/testing.
import type { DispatchContext, ToolOutput, ToolRegistry } from "@hermes-agent/registry";
import type { MiddlewareKind } from "./hook-names.js";
import type {
  AnyHookCallback,
  HookPayloadBase,
  MiddlewareMap,
  ToolCallInfo,
} from "./hook-types.js";
import type {
  PluginCommand,
  PluginHost,
  PluginSkill,
  RegistrationOwner,
  Unregister,
} from "./plugin-host.js";

/** A hook, middleware, command or skill as the recording host holds it. */
export interface Recorded<T> {
  readonly value: T;
  readonly owner: RegistrationOwner;
}

/**
 * A {@link PluginHost} that keeps what plugins register, for tests of plugins and of hosts.
 * Tools are dispatched straight to the registry (no pipeline).
 */
export interface RecordingHost extends PluginHost {
  readonly hooks: ReadonlyMap<string, readonly Recorded<AnyHookCallback>[]>;
  readonly middleware: ReadonlyMap<MiddlewareKind, readonly Recorded<unknown>[]>;
  readonly commands: ReadonlyMap<string, Recorded<PluginCommand>>;
  readonly skills: ReadonlyMap<string, Recorded<PluginSkill>>;
  /** Call every callback of `name` in order; the results that are not undefined. */
  invokeHook(name: string, payload: HookPayloadBase): Promise<unknown[]>;
  /**
   * Run a tool through the `tool_request` and `tool_execution` middleware, then the registry
   * (a plain chain: failure handling is the guards' the loader puts around plugin middleware).
   */
  callTool(
    toolName: string,
    args: Readonly<Record<string, unknown>>,
    context?: DispatchContext,
  ): Promise<ToolOutput>;
}

/** Build a {@link RecordingHost} over `registry`. Registering a command twice throws. */
export function createRecordingHost(registry: ToolRegistry): RecordingHost {
  const hooks = new Map<string, Recorded<AnyHookCallback>[]>();
  const middleware = new Map<MiddlewareKind, Recorded<unknown>[]>();
  const commands = new Map<string, Recorded<PluginCommand>>();
  const skills = new Map<string, Recorded<PluginSkill>>();
  const addTo = <K, T>(map: Map<K, Recorded<T>[]>, key: K, entry: Recorded<T>): Unregister => {
    const list = map.get(key) ?? [];
    list.push(entry);
    map.set(key, list);
    return () => {
      const at = list.indexOf(entry);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0 && map.get(key) === list) map.delete(key);
    };
  };
  const chain = <K extends MiddlewareKind>(kind: K): MiddlewareMap[K][] =>
    (middleware.get(kind) ?? []).map((entry) => entry.value as MiddlewareMap[K]);

  return {
    hooks,
    middleware,
    commands,
    skills,
    registerHook: (name, callback, owner) => addTo(hooks, name, { value: callback, owner }),
    registerMiddleware: (kind, value, owner) => addTo(middleware, kind, { value, owner }),
    registerCommand(command, owner) {
      if (commands.has(command.name)) throw new Error(`the command /${command.name} exists`);
      const entry = { value: command, owner };
      commands.set(command.name, entry);
      return () => {
        if (commands.get(command.name) === entry) commands.delete(command.name);
      };
    },
    registerSkill(skill, owner) {
      const entry = { value: skill, owner };
      skills.set(skill.name, entry);
      return () => {
        if (skills.get(skill.name) === entry) skills.delete(skill.name);
      };
    },
    dispatchTool: (name, args, context) => registry.dispatch(name, args, context),
    async invokeHook(name, payload) {
      const results: unknown[] = [];
      for (const entry of [...(hooks.get(name) ?? [])]) {
        const value = await entry.value(payload);
        if (value !== undefined && value !== null) results.push(value);
      }
      return results;
    },
    async callTool(toolName, args, context) {
      let info: ToolCallInfo = {
        toolName,
        args: { ...args },
        taskId: context?.taskId,
        sessionKey: undefined,
        toolCallId: undefined,
        origin: "model",
      };
      for (const rewrite of chain("tool_request")) {
        const request = { ...info, args: { ...info.args } };
        const returned = await rewrite(request);
        info = { ...info, args: returned ?? request.args };
      }
      const layers = chain("tool_execution");
      const run = (index: number, current: ToolCallInfo): Promise<ToolOutput> => {
        const layer = layers[index];
        if (layer === undefined) return registry.dispatch(toolName, current.args, context);
        return Promise.resolve(
          layer(current, (nextArgs) =>
            run(index + 1, { ...current, args: nextArgs ?? current.args }),
          ),
        );
      };
      return run(0, info);
    },
  };
}

import type {
  Environment,
  EnvironmentBackendRegistry,
  ExecuteOptions,
  SpawnOptions,
} from "@hermes-agent/terminal";

type Variables = () => Readonly<Record<string, string>>;

/** `environment`, with `variables()` (read at each call) added to every command it runs. */
function withVariables(environment: Environment, variables: Variables): Environment {
  const merged = <T extends ExecuteOptions | SpawnOptions>(options: T | undefined): T =>
    ({ ...options, env: { ...variables(), ...options?.env } }) as T;
  return new Proxy(environment, {
    get(target, key) {
      if (key === "execute") {
        return (command: string, options?: ExecuteOptions) =>
          target.execute(command, merged(options));
      }
      if (key === "spawnBackground") {
        return (command: string, options?: SpawnOptions) =>
          target.spawnBackground(command, merged(options));
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as () => unknown).bind(target) : value;
    },
  });
}

/**
 * A view of `backends` whose environments add `variables()` to each foreground and background
 * command, as per-command variables: they are read when the command starts and are never saved
 * in the task's shell state, so a change reaches the next command of every existing
 * environment, and a removed variable is gone from it.
 */
export function withCommandVariables(
  backends: EnvironmentBackendRegistry,
  variables: Variables,
): EnvironmentBackendRegistry {
  return {
    register: (backend) => backends.register(backend),
    get: (type) => backends.get(type),
    types: () => backends.types(),
    probe: (type, options) => backends.probe(type, options),
    assertKnown: (type) => backends.assertKnown(type),
    async create(type, options) {
      return withVariables(await backends.create(type, options), variables);
    },
  };
}

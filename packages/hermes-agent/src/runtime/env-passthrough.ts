import { buildChildEnv } from "@hermes-agent/core";

type HostEnv = Readonly<Record<string, string | undefined>>;

/**
 * The host variables one runtime passes to its children: `terminal.env_passthrough` from
 * config, fixed for the runtime's life, plus names added while it runs (a loaded skill's
 * `required_environment_variables`), which come and go. Terminal environments are made with
 * the config names only; the others reach every command as per-command variables
 * ({@link commandVariables}), so an environment made before a skill loaded sees it on its next
 * command and one made after a skill was deleted no longer does.
 */
export class RuntimeEnvPassthrough {
  /** Config names and added names, kept up to date in place (execute_code reads it per run). */
  readonly list: string[];
  readonly #configured: ReadonlySet<string>;
  readonly #added = new Set<string>();
  readonly #bySource = new Map<string, readonly string[]>();
  readonly #host: HostEnv;
  /** Variables every child gets anyway (allowlist and config names): never sent per command. */
  readonly #baseline: Readonly<Record<string, string>>;

  constructor(configured: readonly string[], host: HostEnv) {
    this.#configured = new Set(configured);
    this.list = [...this.#configured];
    this.#host = host;
    this.#baseline = buildChildEnv({ hostEnv: host, passthrough: configured });
  }

  /** Pass `names` through for the rest of the runtime's life. */
  add(names: Iterable<string>): void {
    for (const name of names) this.#added.add(name);
    this.#rebuild();
  }

  /** The names `source` passes through now, replacing what it passed before (none: `[]`). */
  set(source: string, names: Iterable<string>): void {
    this.#bySource.set(source, [...names]);
    this.#rebuild();
  }

  /**
   * The variables to add to each command: the added names that are set in the host
   * environment and that a child would not get anyway. Nothing else of the host.
   */
  commandVariables(): Record<string, string> {
    const variables: Record<string, string> = {};
    for (const name of this.list) {
      if (this.#configured.has(name) || name in this.#baseline) continue;
      const value = this.#host[name];
      if (value !== undefined) variables[name] = value;
    }
    return variables;
  }

  #rebuild(): void {
    const names = new Set(this.#configured);
    for (const name of this.#added) names.add(name);
    for (const list of this.#bySource.values()) for (const name of list) names.add(name);
    this.list.splice(0, this.list.length, ...names);
  }
}

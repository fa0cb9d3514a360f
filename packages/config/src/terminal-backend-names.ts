/** The terminal backends Hermes knows (`terminal.backend`, `TERMINAL_ENV`). */
const HERMES_TERMINAL_BACKENDS = ["local", "docker", "singularity", "modal", "daytona", "ssh"];

/**
 * Where declared names live: on `globalThis` under a registered symbol, so that every copy of
 * this package in one process (two versions installed side by side) sees the same names.
 */
const DECLARED: unique symbol = Symbol.for("@hermes-agent/config/terminal-backends");

function declared(): Set<string> {
  const holder = globalThis as Record<symbol, Set<string> | undefined>;
  let names = holder[DECLARED];
  if (names === undefined) {
    names = new Set(HERMES_TERMINAL_BACKENDS);
    holder[DECLARED] = names;
  }
  return names;
}

/**
 * Accept `name` as a `terminal.backend` value from now on. A package that provides a terminal
 * backend declares its name (`@hermes-agent/terminal` does so for every backend registered in
 * a backend registry), so a config naming it validates; any other unknown name stays a config
 * error. Names are compared lower-cased, as config.yaml values are read.
 */
export function declareTerminalBackend(name: string): void {
  const normalized = name.trim().toLowerCase();
  if (normalized !== "") declared().add(normalized);
}

/** Every name `terminal.backend` accepts: Hermes' backends and the declared ones, in that order. */
export function terminalBackendNames(): readonly string[] {
  return [...declared()];
}

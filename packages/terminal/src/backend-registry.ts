import {
  ENVIRONMENT_API_VERSION,
  ENVIRONMENT_TYPES,
  type Environment,
  type EnvironmentBackend,
  type EnvironmentOptions,
} from "./environment.js";
import {
  BackendUnavailableError,
  TerminalError,
  TerminalErrorCode,
  UnknownEnvironmentError,
} from "./terminal-error.js";
import { daytonaBackend } from "./daytona-environment.js";
import { dockerBackend } from "./docker-environment.js";
import { localBackend } from "./local-environment.js";
import { modalBackend } from "./modal-environment.js";
import { singularityBackend } from "./singularity-environment.js";
import { sshBackend } from "./ssh-environment.js";

/** A set of backends by type. Later packages add docker, ssh, ... by registering one. */
export interface EnvironmentBackendRegistry {
  /** Add or replace the backend of `backend.type`. Rejects a backend of another API version. */
  register(backend: EnvironmentBackend): void;
  get(type: string): EnvironmentBackend | undefined;
  /** Types with a registered backend. */
  types(): string[];
  /** Make an environment of `type`; see {@link createEnvironment}. */
  create(type: string, options?: EnvironmentOptions): Promise<Environment>;
}

/** Make a backend registry, holding `backends` (by default the local backend). */
export function createBackendRegistry(
  backends: readonly EnvironmentBackend[] = [
    localBackend,
    dockerBackend,
    sshBackend,
    singularityBackend,
    modalBackend,
    daytonaBackend,
  ],
): EnvironmentBackendRegistry {
  const byType = new Map<string, EnvironmentBackend>();
  const registry: EnvironmentBackendRegistry = {
    register(backend) {
      if ((backend.apiVersion as number) !== ENVIRONMENT_API_VERSION) {
        throw new TerminalError(
          TerminalErrorCode.BackendVersion,
          `The '${backend.type}' backend speaks environment API version ${String(backend.apiVersion)}; ` +
            `this build of @hermes-agent/terminal speaks version ${ENVIRONMENT_API_VERSION}.`,
        );
      }
      byType.set(backend.type, backend);
    },
    get: (type) => byType.get(type),
    types: () => [...byType.keys()],
    async create(type, options = {}) {
      const backend = byType.get(type);
      if (backend === undefined) {
        if ((ENVIRONMENT_TYPES as readonly string[]).includes(type))
          throw new BackendUnavailableError(type);
        throw new UnknownEnvironmentError(type, ENVIRONMENT_TYPES);
      }
      return backend.create(options);
    },
  };
  for (const backend of backends) registry.register(backend);
  return registry;
}

/** The shared registry that {@link createEnvironment} uses. */
export const defaultBackends: EnvironmentBackendRegistry = createBackendRegistry();

/**
 * Make an environment of `type` (`local`, `docker`, `ssh`, `singularity`, `modal`,
 * `daytona`). An unknown type fails with Hermes' message listing the valid ones; a known
 * type whose backend is not registered fails with {@link BackendUnavailableError}.
 */
export function createEnvironment(
  type: string,
  options: EnvironmentOptions = {},
  backends: EnvironmentBackendRegistry = defaultBackends,
): Promise<Environment> {
  return backends.create(type, options);
}

import { declareTerminalBackend } from "@hermes-agent/config";
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
  /**
   * Whether an environment of `type` could be made with `options`, without making one:
   * `undefined` when it looks usable, else the reason (what is missing and how to fix it).
   * Never rejects.
   */
  probe(type: string, options?: EnvironmentOptions): Promise<string | undefined>;
  /**
   * Throw {@link UnknownEnvironmentError} (listing the valid names) unless `type` is a
   * registered backend or one Hermes knows.
   */
  assertKnown(type: string): void;
}

/**
 * Make a backend registry, holding `backends` (by default every built-in backend). Each
 * registered type is also declared to @hermes-agent/config, so `terminal.backend` may name it.
 */
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
      declareTerminalBackend(backend.type);
    },
    get: (type) => byType.get(type),
    types: () => [...byType.keys()],
    assertKnown(type) {
      if (byType.has(type) || (ENVIRONMENT_TYPES as readonly string[]).includes(type)) return;
      throw new UnknownEnvironmentError(type, [
        ...new Set([...ENVIRONMENT_TYPES, ...byType.keys()]),
      ]);
    },
    async create(type, options = {}) {
      const backend = byType.get(type);
      if (backend === undefined) {
        registry.assertKnown(type);
        throw new BackendUnavailableError(type);
      }
      return backend.create(options);
    },
    async probe(type, options = {}) {
      const backend = byType.get(type);
      try {
        if (backend === undefined) {
          registry.assertKnown(type);
          throw new BackendUnavailableError(type);
        }
        await backend.probe?.(options);
        return undefined;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
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

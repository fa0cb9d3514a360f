import type { ApprovalManager } from "@hermes-agent/approval";
import type { ConfigSource, HermesConfig } from "@hermes-agent/config";
import type { Logger } from "@hermes-agent/core";
import type { ToolRegistry } from "@hermes-agent/registry";
import type { TerminalRuntime } from "@hermes-agent/terminal";
import type { McpServerStatus } from "@hermes-agent/mcp";
import type { SchemaPatches } from "@hermes-agent/toolsets";
import type { FunctionCallContext } from "../pipeline/dispatch-pipeline.js";
import type { HookBus } from "../pipeline/hook-bus.js";
import type { RuntimeEvents } from "./runtime-events.js";

/** What a tool package gets when the runtime registers it. */
export interface ToolPackageContext {
  /** The runtime's own registry. */
  readonly registry: ToolRegistry;
  /** The runtime's config (validated config.yaml, or the object given to `createRuntime`). */
  readonly config: HermesConfig;
  /** The runtime's one config source: read config.yaml through it, never on your own. */
  readonly configSource: ConfigSource;
  readonly hermesHome: string;
  /** The working directory of the runtime's tools. */
  readonly cwd: string;
  /** The environment the runtime reads instead of `process.env`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly logger: Logger;
  /** Per-task terminal environments, background processes and command approval. */
  readonly terminal: TerminalRuntime;
  /** This runtime's approval manager (never the process-wide default). */
  readonly approval: ApprovalManager;
  readonly hooks: HookBus;
  readonly events: RuntimeEvents;
  /** The full pipeline, for tools that call other tools (execute_code, MCP serve). */
  readonly handleFunctionCall: (
    name: string,
    args: unknown,
    ctx?: FunctionCallContext,
  ) => Promise<string>;
  /**
   * Host variables passed to terminal and execute_code children besides the config's: `add`
   * passes names for good, `set(source, names)` replaces what `source` passes (the loaded
   * skills' `required_environment_variables`). A change reaches the next command of every task,
   * environments made earlier included.
   */
  readonly envPassthrough: {
    add(names: Iterable<string>): void;
    set(source: string, names: Iterable<string>): void;
    /** Config names and passed names, kept up to date in place. */
    readonly list: readonly string[];
  };
  /** Aborted when the runtime closes. */
  readonly signal: AbortSignal;
}

/** What a registered package may hand back so the runtime can shut it down. */
export interface ToolPackageHandle {
  /** Stop what the package started (servers, browsers, temp dirs). Called once by `close()`. */
  close?(): void | Promise<void>;
  /** Kill child processes synchronously; called when the process exits without `close()`. */
  killSync?(): void;
  /**
   * Schema patches of the package's tools for `getToolDefinitions` (tool name → patch), applied
   * over the toolsets' defaults: how a tool's schema follows the tools of a selection.
   */
  readonly schemaPatches?: SchemaPatches;
  /** Servers the package connects to in the background (the MCP package). */
  readonly servers?: BackgroundServers;
}

/** Servers a package starts in the background: their state, and a bounded wait for them. */
export interface BackgroundServers {
  /** Each server's state now. */
  status(): McpServerStatus[];
  /** Wait until every server connected or failed its first attempt, at most `timeoutMs`. */
  settle(timeoutMs: number): Promise<McpServerStatus[]>;
}

/**
 * A tool package the runtime registers when it is installed. `load` imports it (a package that
 * is not installed is skipped); `register` calls its `register<Name>Tools(registry, deps)`.
 */
export interface ToolPackage<M = unknown> {
  /** npm name of the package, e.g. `@hermes-agent/file-tools`. */
  readonly name: string;
  /**
   * False when this config gives the package nothing to register (e.g. no `mcp_servers`): the
   * package is then not even imported. Default: always loaded.
   */
  readonly wanted?: (config: HermesConfig) => boolean;
  load(): Promise<M>;
  register(
    module: M,
    context: ToolPackageContext,
  ): ToolPackageHandle | void | Promise<ToolPackageHandle | void>;
}

/** Define a {@link ToolPackage} with the module type inferred from `load`. */
export function defineToolPackage<M>(spec: ToolPackage<M>): ToolPackage {
  return spec as ToolPackage;
}

/** True when `error` says that `packageName` itself is not installed (not one of its imports failing). */
export function isMissingPackage(error: unknown, packageName: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") &&
    typeof message === "string" &&
    message.includes(`'${packageName}'`)
  );
}

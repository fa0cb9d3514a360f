import type {
  ApprovalPrompt,
  ApprovalPromptRequest,
  AskOptions,
  GatewayNotify,
  PromptAnswer,
} from "@hermes-agent/approval";
import type { HermesConfig } from "@hermes-agent/config";
import type { Logger } from "@hermes-agent/core";
import type { ChildAgentRunner, DelegationOptions } from "../agent-tools/delegate-types.js";
import type { ToolPackage } from "./tool-package.js";

/** A function that asks a human about one approval request. */
export type ApprovalPromptFunction = (
  request: ApprovalPromptRequest,
  options: AskOptions,
) => Promise<PromptAnswer>;

/** A messaging gateway: requests go to `notify`, answers come back through `runtime.resolveApproval`. */
export interface GatewayApprovalOption {
  readonly notify: GatewayNotify;
  /** The session the notifier serves (default `"default"`). */
  readonly sessionKey?: string;
}

/**
 * Who approves dangerous commands and hook-requested tool calls: a human through a prompt
 * (an {@link ApprovalPrompt} or a function), a gateway, or nobody (`"deny"`: every such call is
 * refused, failing closed). Default: the terminal prompt when standard input is a TTY, else
 * nobody.
 */
export type RuntimeApprovalOption =
  "deny" | ApprovalPrompt | ApprovalPromptFunction | GatewayApprovalOption;

/** Options of `createRuntime`. Everything is optional. */
export interface RuntimeOptions {
  /** Hermes home (config.yaml, memories, sessions); default `HERMES_HOME`, else `~/.hermes`. */
  readonly hermesHome?: string;
  /** An already-loaded config; default config.yaml in the Hermes home (defaults when absent). */
  readonly config?: HermesConfig;
  /** Working directory of the tools; default `terminal.cwd`, else `process.cwd()`. */
  readonly cwd?: string;
  /**
   * The platform whose selection config.yaml gives (`cli`, `telegram`, ...; `hermes-cli` is read
   * as `cli`). Default `cli`. The model is offered `platform_toolsets.<platform>` (else, for
   * `cli`, the legacy `toolsets:` list, else the preset `hermes-<platform>`), every enabled MCP
   * server's toolset and the plugins' toolsets, minus `agent.disabled_toolsets`.
   */
  readonly platform?: string;
  /** Toolsets offered to the model, instead of the platform's selection from config.yaml. */
  readonly enabledToolsets?: readonly string[];
  /** Toolsets taken away from the selection (besides `agent.disabled_toolsets`). */
  readonly disabledToolsets?: readonly string[];
  /**
   * False: the servers of `mcp_servers` are not started and their tools are absent (commands
   * that need no MCP tool). Default true.
   */
  readonly mcp?: boolean;
  /** False: no plugin (nor config.yaml's shell hooks) is loaded. Default true. */
  readonly plugins?: boolean;
  /** Who approves dangerous commands. */
  readonly approval?: RuntimeApprovalOption;
  /** Environment read instead of `process.env` (home, terminal settings, child allowlist). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Where warnings go; default standard error, warnings and above. */
  readonly logger?: Logger;
  /** Aborting it closes the runtime (and makes `createRuntime` reject if still starting). */
  readonly signal?: AbortSignal;
  /**
   * Runs `delegate_task` children. Default: the runtime's own agent loop (`runAgent`); an
   * application may supply its own.
   */
  readonly childAgentRunner?: ChildAgentRunner;
  /** Limits of `delegate_task` (children at once, depth, per-child timeout). */
  readonly delegation?: DelegationOptions;
  /** Tool packages to register instead of the built-in list (tests, custom builds). */
  readonly toolPackages?: readonly ToolPackage[];
}

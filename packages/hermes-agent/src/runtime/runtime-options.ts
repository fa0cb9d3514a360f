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
  /** Toolset preset shown to the model when no toolsets are named (default `hermes-cli`). */
  readonly platform?: string;
  /** Toolsets offered to the model; default `[platform]`. */
  readonly enabledToolsets?: readonly string[];
  /** Toolsets taken away from the selection. */
  readonly disabledToolsets?: readonly string[];
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

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
 * A run with nobody to ask that config may opt in, as Hermes' single-query (`-q`), cron and
 * unattended-platform runs: a dangerous command or an execute_code script runs only when
 * `approvals.single_query_mode` (`single_query` and `batch`), `approvals.cron_mode` (`cron`) or
 * `approvals.unattended_mode` (`unattended`) is `approve`; by default they are refused.
 */
export interface UnattendedApprovalOption {
  readonly context: "single_query" | "batch" | "cron" | "unattended";
}

/**
 * Who approves dangerous commands and hook-requested tool calls: a human through a prompt
 * (an {@link ApprovalPrompt} or a function), a gateway, nobody with a config opt-in
 * ({@link UnattendedApprovalOption}, e.g. `{ context: "single_query" }`), or nobody at all
 * (`"deny"`: every dangerous command and every execute_code script is refused, whatever
 * config.yaml says). Default: the terminal prompt when standard input is a TTY or
 * `HERMES_INTERACTIVE` is set; else the context Hermes' variables name
 * (`HERMES_SINGLE_QUERY_SESSION`, `HERMES_CRON_SESSION`, `HERMES_GATEWAY_SESSION`); else nobody.
 */
export type RuntimeApprovalOption =
  | "deny"
  | ApprovalPrompt
  | ApprovalPromptFunction
  | GatewayApprovalOption
  | UnattendedApprovalOption;

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

import { isatty } from "node:tty";
import {
  createApprovalManager,
  createCliPrompt,
  type ApprovalManager,
  type ApprovalPrompt,
  type GatewayNotify,
} from "@hermes-agent/approval";
import type { ConfigSource, HermesConfig } from "@hermes-agent/config";
import type { Logger } from "@hermes-agent/core";
import { describe } from "../pipeline/hook-bus.js";
import type { RuntimeApprovalOption, UnattendedApprovalOption } from "./runtime-options.js";

/** The approval parts of one runtime. */
export interface ApprovalWiring {
  readonly manager: ApprovalManager;
  readonly prompt: ApprovalPrompt | undefined;
  readonly notify: GatewayNotify | undefined;
  /** `approvals.timeout` in milliseconds. */
  readonly timeoutMs: () => number;
}

function isTruthy(value: string | undefined): boolean {
  return value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());
}

/**
 * Build the runtime's own approval manager (never the process-wide default) from
 * `approvals.*` and `command_allowlist` of `config`, with the transport the option names.
 */
export function wireApproval(input: {
  readonly option: RuntimeApprovalOption | undefined;
  readonly home: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly configSource: ConfigSource;
  /** The config as first read (for the timeout). */
  readonly config: HermesConfig;
  /** Whether the config is the home's config.yaml (then compared with the last start's). */
  readonly baseline: boolean;
  readonly logger: Logger;
}): ApprovalWiring {
  const { option, env } = input;
  let prompt: ApprovalPrompt | undefined;
  let notify: GatewayNotify | undefined;
  let sessionKey: string | undefined;
  let context: UnattendedApprovalOption["context"] | undefined;
  if (typeof option === "function") {
    prompt = { version: 1, ask: option };
  } else if (typeof option === "object" && "notify" in option) {
    notify = option.notify;
    sessionKey = option.sessionKey ?? "default";
  } else if (typeof option === "object" && "context" in option) {
    context = option.context;
  } else if (typeof option === "object") {
    prompt = option;
  } else if (option === undefined && (isatty(0) || isTruthy(env.HERMES_INTERACTIVE))) {
    prompt = createCliPrompt();
  }
  const manager = createApprovalManager({
    home: input.home,
    env,
    config: () => input.configSource.read(),
    approvalBaseline: input.baseline,
    interactive: prompt !== undefined,
    ...(prompt === undefined ? {} : { prompt }),
    ...(notify === undefined ? {} : { context: "gateway" as const }),
    ...(context === undefined ? {} : { context }),
    onError: (error) => input.logger.warn(`Approval: ${describe(error)}`),
  });
  if (notify !== undefined && sessionKey !== undefined)
    manager.registerGatewayNotify(sessionKey, notify);
  const seconds = input.config.approvals.timeout;
  return { manager, prompt, notify, timeoutMs: () => seconds * 1000 };
}

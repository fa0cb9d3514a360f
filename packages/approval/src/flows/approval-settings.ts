import type { HermesConfig } from "@hermes-agent/config";

/** The parts of config.yaml the approval flows read, in TypeScript names. */
export interface ApprovalSettings {
  readonly mode: "manual" | "smart" | "off";
  readonly timeoutMs: number;
  readonly deny: readonly string[];
  readonly cronMode: "deny" | "approve";
  readonly singleQueryMode: "deny" | "approve";
  readonly unattendedMode: "deny" | "approve";
  readonly smartPolicy: string | undefined;
  /** ≤ 0 disables the breaker. */
  readonly breakerThreshold: number;
  readonly commandAllowlist: readonly string[];
  readonly reviewer: {
    readonly baseURL: string | undefined;
    readonly model: string | undefined;
    readonly apiKey: string | undefined;
    readonly timeoutMs: number;
  };
}

/** Read {@link ApprovalSettings} from a loaded config. */
export function approvalSettingsOf(config: HermesConfig): ApprovalSettings {
  const approvals = config.approvals;
  const aux = config.auxiliary.approval;
  return {
    mode: approvals.mode,
    timeoutMs: approvals.timeout * 1000,
    deny: approvals.deny,
    cronMode: approvals.cron_mode,
    singleQueryMode: approvals.single_query_mode,
    unattendedMode: approvals.unattended_mode,
    smartPolicy: approvals.smart_policy,
    breakerThreshold: approvals.denial_breaker_threshold,
    commandAllowlist: config.command_allowlist,
    reviewer: {
      baseURL: aux.base_url,
      model: aux.model,
      apiKey: aux.api_key,
      timeoutMs: aux.timeout * 1000,
    },
  };
}

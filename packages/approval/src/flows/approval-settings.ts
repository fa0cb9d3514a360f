import type { HermesConfig } from "@hermes-agent/config";
import type { ReviewerConfig } from "./reviewer-endpoint.js";

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
  /** `auxiliary.approval.*` (and the main model, for provider `main`). */
  readonly reviewer: ReviewerConfig & { readonly timeoutMs: number };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** The main model section (`model:`), read loosely: a bare string is the model name. */
function mainModelOf(config: HermesConfig): NonNullable<ReviewerConfig["main"]> {
  const section = (config as Readonly<Record<string, unknown>>).model;
  if (typeof section === "string") return { model: text(section) };
  if (typeof section !== "object" || section === null) return {};
  const model = section as Readonly<Record<string, unknown>>;
  return {
    baseURL: text(model.base_url),
    apiKey: text(model.api_key),
    model: text(model.default) ?? text(model.model),
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
      provider: text(aux.provider),
      main: mainModelOf(config),
      baseURL: aux.base_url,
      model: aux.model,
      apiKey: aux.api_key,
      timeoutMs: aux.timeout * 1000,
    },
  };
}

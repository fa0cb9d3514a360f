// Anything exported here is public API of @hermes-agent/approval: change it only in a major version.
/**
 * @hermes-agent/approval: dangerous shell command detection over a real bash parse, and
 * approval flows that fail closed.
 *
 * @packageDocumentation
 */

// Detection (TSDoc on each name lives at its definition)
export {
  analyseCommandLine,
  DETECTION_RULES,
  detectDangerousCommand,
  HERMES_KEY_ALIASES,
  initializeDetector,
  isDetectorReady,
  MAX_ANALYSED_COMMAND_LENGTH,
} from "./detection/index.js";
export type {
  AnalysedCommand,
  AnalysedCommands,
  CommandContext,
  DangerousCommandMatch,
  DetectionRule,
  DetectOptions,
  PathCommand,
} from "./detection/index.js";

// Approval flows
export { ApprovalError, ApprovalErrorCode } from "./flows/approval-error.js";
export { createApprovalManager } from "./flows/approval-manager.js";
export {
  acceptApprovalChanges,
  APPROVAL_BASELINE_FILE,
  pendingApprovalChanges,
} from "./flows/approval-baseline.js";
export type { IgnoredLoosening } from "./flows/settings-ratchet.js";
export type {
  ApprovalManager,
  ApprovalManagerOptions,
  RevokeApprovalOptions,
} from "./flows/approval-manager.js";
export { parsePromptAnswer } from "./flows/approval-prompt.js";
export type {
  ApprovalPrompt,
  ApprovalPromptRequest,
  AskOptions,
  PromptAnswer,
} from "./flows/approval-prompt.js";
export type { ApprovalEntry } from "./flows/approval-store.js";
export { auditLogPath } from "./flows/audit-log.js";
export type { AuditRecord } from "./flows/audit-log.js";
export { createCliPrompt } from "./flows/cli-prompt.js";
export type { CliPromptOptions } from "./flows/cli-prompt.js";
export type { CommandDetector } from "./flows/command-detector.js";
export type { ApprovalConfigInput } from "./flows/config-source.js";
export {
  checkDangerousCommand,
  checkExecuteCodeGuard,
  getDefaultApprovalManager,
  listApprovals,
  listPendingApprovals,
  registerGatewayNotify,
  resolveGatewayApproval,
  revokeApproval,
  setDefaultApprovalManager,
  unregisterGatewayNotify,
} from "./flows/default-manager.js";
export type { ExecuteCodeGuardOptions } from "./flows/execute-code-guard.js";
export type {
  GatewayApprovalRequest,
  GatewayNotify,
  ResolveGatewayOptions,
} from "./flows/gateway-queue.js";
export { createOpenAIReviewer } from "./flows/smart-reviewer.js";
export type {
  OpenAIReviewerOptions,
  ReviewOutcome,
  ReviewRequest,
  ReviewVerdict,
  SmartReviewer,
} from "./flows/smart-reviewer.js";
export type { ReviewerConfig } from "./flows/reviewer-endpoint.js";
export { ApprovalChoice, ApprovalOutcome, CONTAINER_ENV_TYPES } from "./flows/types.js";
export type {
  ApprovalCommandContext,
  ApprovalContext,
  ApprovalDecider,
  ApprovalResult,
  CheckCommandOptions,
} from "./flows/types.js";
export { TargetClass } from "./flows/target-class.js";
export { VERSION } from "./version.js";

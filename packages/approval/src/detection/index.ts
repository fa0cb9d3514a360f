export type { DangerousCommandMatch, RuleInfo as DetectionRule } from "./types.js";
export { DETECTION_RULES } from "./rule-catalog.js";
export type { CommandContext, DetectOptions } from "./command-context.js";
export type { PathCommand } from "./path-commands.js";
export type { AnalysedCommand, AnalysedCommands } from "./analysed-commands.js";
export {
  analyseCommandLine,
  detectDangerousCommand,
  initializeDetector,
  isDetectorReady,
  MAX_ANALYSED_COMMAND_LENGTH,
} from "./detector.js";
export { normalizeCommandText } from "@hermes-agent/shell";
export {
  approvalKeysFor,
  HERMES_KEY_ALIASES,
  isApprovalKey,
  isOnceOnlyKey,
} from "./hermes-key-aliases.js";

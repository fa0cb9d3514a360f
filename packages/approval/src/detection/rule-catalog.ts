import { DELETE_RULES } from "./rules/delete-rules.js";
import { EXEC_RULES } from "./rules/exec-rules.js";
import { ESCALATION_RULES } from "./rules/escalation-rules.js";
import { OPERATION_RULES } from "./rules/operations-rules.js";
import { GIT_RULES } from "./rules/git-rules.js";
import { INTERPRETER_RULES } from "./rules/interpreter-rules.js";
import { LOADER_ENV_RULES } from "./rules/loader-env-rules.js";
import { PLATFORM_RULES } from "./rules/platform-rules.js";
import { CLOUD_RULES } from "./rules/cloud-cli-rules.js";
import { CLUSTER_RULES } from "./rules/cluster-rules.js";
import { CONTAINER_OPS_RULES } from "./rules/container-ops-rules.js";
import { OPS_CLI_RULES } from "./rules/ops-cli-catalog.js";
import { HOOK_RULES } from "./rules/hook-option-rules.js";
import { HOST_RULES } from "./rules/host-admin-rules.js";
import { EXPOSURE_RULES } from "./rules/exposure-rules.js";
import { OPTION_EXEC_RULES } from "./rules/option-exec-rules.js";
import { CONTAINER_RULES } from "./rules/container-rules.js";
import { PROCESS_RULES } from "./rules/process-rules.js";
import { SQL_RULES } from "./rules/sql-rules.js";
import { SYSTEM_RULES } from "./rules/system-rules.js";
import { WRITE_RULES } from "./rules/write-rules.js";
import { DEVELOPER_TOOL_RULES } from "./rules/developer-tool-rules.js";
import { SCRIPT_RULES } from "./script-rules.js";
import { RUN_FORM_RULES } from "./rules/run-forms-rules.js";
import { RUNTIME_FILE_RULES } from "./rules/runtime-files-rules.js";
import { SCRIPT_FILE_RULES } from "./rules/script-files.js";
import { WINDOWS_DELETE_RULES } from "./windows-delete-targets.js";
import { PATH_COMMAND_RULES } from "./path-commands.js";
import { DATA_FAMILY_RULES } from "./rules/data-family-catalog.js";
import { rule, type RuleInfo } from "./types.js";

/** Returned for commands longer than the analyser accepts. */
export const TOO_LARGE_RULE: RuleInfo = rule("command-too-large", "command too large to analyse");

/** Returned when detection is given something other than a string (a caller bug). */
export const NOT_A_STRING_RULE: RuleInfo = rule(
  "command-not-a-string",
  "command is not a string (pass the shell command text)",
);

/** Returned when the analyser itself fails: the command is held for approval, never passed. */
export const ANALYSIS_FAILED_RULE: RuleInfo = rule(
  "analysis-failed",
  "command could not be analysed (treated as dangerous)",
);

function collect(): readonly RuleInfo[] {
  const byKey = new Map<string, RuleInfo>();
  const tables = [
    SCRIPT_RULES,
    DELETE_RULES,
    WINDOWS_DELETE_RULES,
    WRITE_RULES,
    PROCESS_RULES,
    SYSTEM_RULES,
    EXEC_RULES,
    INTERPRETER_RULES,
    LOADER_ENV_RULES,
    SQL_RULES,
    GIT_RULES,
    PLATFORM_RULES,
    CLOUD_RULES,
    CLUSTER_RULES,
    CONTAINER_OPS_RULES,
    OPS_CLI_RULES,
    HOOK_RULES,
    HOST_RULES,
    EXPOSURE_RULES,
    OPTION_EXEC_RULES,
    CONTAINER_RULES,
    ESCALATION_RULES,
    OPERATION_RULES,
    RUN_FORM_RULES,
    RUNTIME_FILE_RULES,
    SCRIPT_FILE_RULES,
    DEVELOPER_TOOL_RULES,
    PATH_COMMAND_RULES,
    DATA_FAMILY_RULES,
  ];
  for (const table of tables) {
    for (const info of Object.values(table)) if (!byKey.has(info.key)) byKey.set(info.key, info);
  }
  byKey.set(TOO_LARGE_RULE.key, TOO_LARGE_RULE);
  byKey.set(NOT_A_STRING_RULE.key, NOT_A_STRING_RULE);
  byKey.set(ANALYSIS_FAILED_RULE.key, ANALYSIS_FAILED_RULE);
  return Object.freeze([...byKey.values()]);
}

/**
 * Every rule the detector can report, with its stable key, description and tier. Keys are
 * what session and permanent approvals store; they never change meaning between releases.
 */
export const DETECTION_RULES: readonly RuleInfo[] = collect();

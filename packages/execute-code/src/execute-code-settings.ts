import { hermesConfigSchema, type CodeExecutionConfig } from "@hermes-agent/config";
import { ExecuteCodeError, ExecuteCodeErrorCode } from "./execute-code-error.js";
import type { ExecutionMode } from "./execute-code-schema.js";

/** `code_execution.*` as this package uses it; defaults come from the config schema. */
export interface CodeExecutionSettings {
  /** Seconds before a script is killed (300). */
  readonly timeout: number;
  /** Tool calls one script may make (50). */
  readonly max_tool_calls: number;
  readonly mode: ExecutionMode;
  /** Seconds an idle persistent session lives (1 800). */
  readonly kernel_idle_timeout: number;
  /** Keep a Python session per task between calls (false). */
  readonly persistent: boolean;
}

/** The `code_execution` section with every default filled in by @hermes-agent/config's schema. */
export function resolveCodeExecutionSettings(
  section: Partial<CodeExecutionSettings> | CodeExecutionConfig = {},
): CodeExecutionSettings {
  const parsed = hermesConfigSchema.safeParse({ code_execution: section });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ExecuteCodeError(
      ExecuteCodeErrorCode.InvalidOption,
      `Invalid code_execution settings: ${issue?.path.join(".") ?? ""}: ${issue?.message ?? "invalid"}`,
    );
  }
  const config = parsed.data.code_execution;
  return {
    timeout: config.timeout,
    max_tool_calls: config.max_tool_calls,
    mode: config.mode,
    kernel_idle_timeout: config.kernel_idle_timeout,
    persistent: config.persistent === true,
  };
}

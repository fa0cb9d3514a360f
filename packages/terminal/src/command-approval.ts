import type { ApprovalResult, CheckCommandOptions } from "@hermes-agent/approval";

/**
 * Decides whether a command may run: `checkDangerousCommand` of @hermes-agent/approval, or
 * any function of the same shape (an application's own manager, a test double).
 */
export type ApproveCommand = (
  command: string,
  options: CheckCommandOptions,
) => Promise<ApprovalResult>;

/** The approval package's shared default manager, loaded on first use. */
export const defaultApproveCommand: ApproveCommand = async (command, options) => {
  const approval = await import("@hermes-agent/approval");
  return approval.checkDangerousCommand(command, options);
};

/** The terminal result for a command that approval did not let through, in Hermes' shapes. */
export function refusedApprovalResult(
  command: string,
  result: ApprovalResult,
): Record<string, unknown> {
  if (result.status === "pending_approval") {
    return {
      output: "",
      exit_code: -1,
      error: "",
      status: "pending_approval",
      approval_pending: true,
      command,
      description: result.description ?? null,
      pattern_key: result.patternKey ?? null,
      message: result.message,
      ...(result.requestId === undefined ? {} : { request_id: result.requestId }),
    };
  }
  const description = result.description ?? "dangerous command";
  return {
    output: "",
    exit_code: -1,
    error:
      result.message ??
      `Command denied: ${description}. Use the approval prompt to allow it, or rephrase the command.`,
    status: "blocked",
  };
}

/** The note an approved command's result carries when a human or the reviewer approved it. */
export function approvalNote(result: ApprovalResult): string | undefined {
  const description = result.description ?? "dangerous command";
  if (result.userApproved === true)
    return `Command required approval (${description}) and was approved by the user.`;
  if (result.smartApproved === true)
    return `Command was flagged (${description}) and auto-approved by smart approval.`;
  return undefined;
}

/** What the approval guard answers (the fields of @hermes-agent/approval's `ApprovalResult` used here). */
export interface ScriptApproval {
  readonly approved: boolean;
  readonly message: string | null;
  readonly status?: string;
}

/** Decides whether a script may start (default: @hermes-agent/approval's execute_code guard). */
export type ApproveScript = (
  code: string,
  context: {
    readonly taskId: string | undefined;
    readonly envType: string;
    readonly signal: AbortSignal | undefined;
    /** The script's language: its code is judged as that interpreter's one-liner. */
    readonly language?: "python" | "javascript";
    /** Where the script runs (the terminal session's directory), when known. */
    readonly cwd?: string;
  },
) => Promise<ScriptApproval>;

/** The approval package's default manager, loaded on first use. */
export const defaultApproveScript: ApproveScript = async (code, context) => {
  const approval = await import("@hermes-agent/approval");
  return approval.checkExecuteCodeGuard(code, {
    envType: context.envType,
    ...(context.taskId === undefined ? {} : { sessionKey: context.taskId }),
    ...(context.signal === undefined ? {} : { signal: context.signal }),
    ...(context.language === undefined ? {} : { language: context.language }),
    ...(context.cwd === undefined ? {} : { commandContext: { cwd: context.cwd } }),
  });
};

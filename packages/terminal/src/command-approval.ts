import path from "node:path";
import type {
  ApprovalCommandContext,
  ApprovalResult,
  CheckCommandOptions,
} from "@hermes-agent/approval";
import type { Environment } from "./environment.js";

/**
 * Decides whether a command may run: `checkDangerousCommand` of @hermes-agent/approval, or
 * any function of the same shape (an application's own manager, a test double).
 */
export type ApproveCommand = (
  command: string,
  options: CheckCommandOptions,
) => Promise<ApprovalResult>;

/**
 * Anything that decides commands the way an approval manager does; an `ApprovalManager` from
 * @hermes-agent/approval fits.
 */
export interface CommandApprover {
  checkDangerousCommand(command: string, options: CheckCommandOptions): Promise<ApprovalResult>;
}

const APPROVAL_MISSING =
  "BLOCKED: no approval manager is available, so this command cannot be checked. Install " +
  "@hermes-agent/approval or give the terminal runtime an `approval` manager. Do NOT retry; tell the user.";

/**
 * The approval package's default manager (`getDefaultApprovalManager()`), looked up now, when
 * the runtime is made, not inside its first command. @hermes-agent/approval is an optional peer:
 * without it every command is refused with a message saying what to install.
 */
export function defaultApprover(): ApproveCommand {
  const manager = import("@hermes-agent/approval").then(
    (approval) => approval.getDefaultApprovalManager(),
    () => undefined,
  );
  return async (command, options) => {
    const found = await manager.catch(() => undefined);
    if (found === undefined) return { approved: false, message: APPROVAL_MISSING };
    return found.checkDangerousCommand(command, options);
  };
}

/** The approval function of a runtime: the one given, the manager given, or the default's. */
export function approverOf(approval: ApproveCommand | CommandApprover | undefined): ApproveCommand {
  if (approval === undefined) return defaultApprover();
  if (typeof approval === "function") return approval;
  return (command, options) => approval.checkDangerousCommand(command, options);
}

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

/** `dir` resolved against `cwd`, with `~` and `~/x` expanded when the home is known. */
function resolveDir(dir: string, cwd: string, home: string | undefined): string {
  if (home !== undefined && (dir === "~" || dir.startsWith("~/")))
    return path.posix.join(home, dir.slice(1));
  return path.posix.resolve(cwd, dir);
}

/**
 * What approval must know about where a command runs: its effective directory (the session's
 * current one after earlier `cd`s, or `workdir` resolved against it), the home directory, the
 * workspace root (the configured `terminal.cwd`, else the session's directory), and the
 * session's aliases, functions and exported variables (PATH among them), and for `command`, the
 * words that run files from directories the session added to PATH (`pathCommands`). When the
 * session's state cannot be read, `stateError` says why and approval refuses to guess.
 */
export async function commandContextOf(
  env: Environment,
  workdir: string | undefined,
  workspace: string | undefined,
  command?: string,
): Promise<ApprovalCommandContext> {
  let state: Awaited<ReturnType<NonNullable<Environment["shellContext"]>>> | undefined;
  let stateError: string | undefined;
  try {
    state = await env.shellContext?.(command);
  } catch (error) {
    stateError = `the session's shell state could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
  const sessionCwd = state?.cwd ?? env.cwd;
  const home = state?.home;
  const cwd = workdir === undefined ? sessionCwd : resolveDir(workdir, sessionCwd, home);
  const root = workspace === undefined ? undefined : resolveDir(workspace, sessionCwd, home);
  return {
    cwd,
    ...(home === undefined ? {} : { home }),
    ...(root === undefined ? {} : { workspace: root }),
    ...(state === undefined ? {} : { aliases: state.aliases, functions: state.functions }),
    ...(state?.environment === undefined ? {} : { environment: state.environment }),
    ...(state?.pathCommands === undefined ? {} : { pathCommands: state.pathCommands }),
    ...(stateError === undefined ? {} : { stateError }),
  };
}

import {
  createApprovalManager,
  failClosed,
  type ApprovalManager,
  type RevokeApprovalOptions,
} from "./approval-manager.js";
import type { ApprovalEntry } from "./approval-store.js";
import type { ExecuteCodeGuardOptions } from "./execute-code-guard.js";
import type {
  GatewayApprovalRequest,
  GatewayNotify,
  ResolveGatewayOptions,
} from "./gateway-queue.js";
import type { ApprovalChoice, ApprovalResult, CheckCommandOptions } from "./types.js";

// The one shared manager behind the module-level functions, created on first use with the
// defaults (process.env, HERMES_HOME, CLI prompt). Applications that need isolation call
// createApprovalManager() instead.
let shared: ApprovalManager | undefined;

/** The shared default manager (created on first use). */
export function getDefaultApprovalManager(): ApprovalManager {
  shared ??= createApprovalManager();
  return shared;
}

/** Replace the shared default manager (an application configuring its own prompt, say). */
export function setDefaultApprovalManager(manager: ApprovalManager): void {
  shared = manager;
}

/** {@link ApprovalManager.checkDangerousCommand} on the default manager. */
export function checkDangerousCommand(
  command: string,
  options: CheckCommandOptions,
): Promise<ApprovalResult> {
  try {
    return getDefaultApprovalManager().checkDangerousCommand(command, options);
  } catch (error) {
    // Creating the default manager can fail (no home directory, say): that is a denial too.
    return Promise.resolve(failClosed(error, ignoreError));
  }
}

function ignoreError(): void {
  // The default manager could not be created, so there is no error reporter to call.
}

/** {@link ApprovalManager.checkExecuteCodeGuard} on the default manager. */
export function checkExecuteCodeGuard(
  code: string,
  options: ExecuteCodeGuardOptions,
): Promise<ApprovalResult> {
  try {
    return getDefaultApprovalManager().checkExecuteCodeGuard(code, options);
  } catch (error) {
    return Promise.resolve(failClosed(error, ignoreError));
  }
}

/** {@link ApprovalManager.registerGatewayNotify} on the default manager. */
export function registerGatewayNotify(sessionKey: string, notify: GatewayNotify): void {
  getDefaultApprovalManager().registerGatewayNotify(sessionKey, notify);
}

/** {@link ApprovalManager.unregisterGatewayNotify} on the default manager. */
export function unregisterGatewayNotify(sessionKey: string): void {
  getDefaultApprovalManager().unregisterGatewayNotify(sessionKey);
}

/** {@link ApprovalManager.resolveGatewayApproval} on the default manager. */
export function resolveGatewayApproval(
  sessionKey: string,
  choice: ApprovalChoice | string,
  options?: ResolveGatewayOptions,
): number {
  return getDefaultApprovalManager().resolveGatewayApproval(sessionKey, choice, options);
}

/** {@link ApprovalManager.listPendingApprovals} on the default manager. */
export function listPendingApprovals(sessionKey?: string): GatewayApprovalRequest[] {
  return getDefaultApprovalManager().listPendingApprovals(sessionKey);
}

/** {@link ApprovalManager.listApprovals} on the default manager. */
export function listApprovals(sessionKey?: string): Promise<ApprovalEntry[]> {
  return getDefaultApprovalManager().listApprovals(sessionKey);
}

/** {@link ApprovalManager.revokeApproval} on the default manager. */
export function revokeApproval(options: RevokeApprovalOptions): Promise<number> {
  return getDefaultApprovalManager().revokeApproval(options);
}

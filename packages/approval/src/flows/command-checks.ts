import { auditSafely, type ApprovalCore } from "./approval-core.js";
import type { GateRequest } from "./gate-request.js";
import type { ApprovalSettings } from "./approval-settings.js";
import { isOnceOnlyKey, type DangerousCommandMatch } from "../detection/index.js";
import type { CommandDetector } from "./command-detector.js";
import { isCompound } from "@hermes-agent/shell";
import { traceCommandLine, type CommandTrace } from "./command-trace.js";
import { denyVerdict } from "./deny-rules.js";
import { hardlineMessage, unresolvedDenyMessage, userDenyMessage } from "./messages.js";
import { rootTargetingRule } from "./root-targets.js";
import { placesOfContext, targetClassesOf } from "./target-class.js";
import { movedInPaths, rememberMovedIn } from "./moved-in-data.js";
import {
  isSandboxed,
  type ApprovalCommandContext,
  type ApprovalDecider,
  type ApprovalResult,
  type CheckCommandOptions,
} from "./types.js";

/** What the checks need from the manager besides the core. */
export interface CommandCheckDeps {
  readonly detector: CommandDetector;
  readonly loadSettings: () => Promise<ApprovalSettings>;
  readonly defaultSession: string;
}

const UNANALYSABLE: DangerousCommandMatch = {
  patternKey: "unanalysable-command",
  description: "command that could not be analysed",
  hardline: false,
};

const CONFIG_UNREADABLE =
  "BLOCKED: config.yaml could not be read, so the approval rules (deny list, allowlist, mode) are unknown. " +
  "This command was flagged as dangerous and is refused until the config is fixed. Do NOT retry; tell the user.";

/**
 * The fixed order of checks: hard-line floor, user deny globs, bypasses (container backend,
 * `approvals.mode: off`, YOLO), permanent allowlist for simple commands, then the gate for
 * whatever detection flags.
 */
export async function runCommandChecks(
  core: ApprovalCore,
  deps: CommandCheckDeps,
  command: string,
  options: CheckCommandOptions,
  gate: (core: ApprovalCore, request: GateRequest) => Promise<ApprovalResult>,
): Promise<ApprovalResult> {
  const sessionKey = options.sessionKey ?? deps.defaultSession;
  // Where the command's paths are this machine's, symlinks on the way are followed here.
  const onHost = options.envType.trim().toLowerCase() === "local";
  const context = checkContext(core, sessionKey, options.commandContext, onHost);
  let match: DangerousCommandMatch | null;
  let analysis: CommandTrace;
  try {
    await deps.detector.initialize();
    match = deps.detector.detect(command, context);
    analysis = traceCommandLine(command, context);
    rememberMovedIn(core, sessionKey, analysis, placesOfContext(context, onHost));
  } catch {
    // Whatever detection cannot analyse is treated as dangerous, never as safe.
    match = UNANALYSABLE;
    analysis = { commands: [], unresolved: "the command could not be analysed" };
  }
  // Without the session's state, a word like `ls` may run anything: ask about this run only.
  if (context?.stateError !== undefined && match?.hardline !== true) {
    match = { ...UNANALYSABLE, description: `${UNANALYSABLE.description} (${context.stateError})` };
    analysis = { ...analysis, unresolved: analysis.unresolved ?? context.stateError };
  }

  const record = async (
    decider: ApprovalDecider,
    result: ApprovalResult,
    patternKey: string | null,
  ): Promise<ApprovalResult> => {
    await auditSafely(core, {
      session: sessionKey,
      patternKey,
      command,
      decision: result.approved ? "approved" : "denied",
      outcome: result.outcome ?? "approved",
      decider,
      envType: options.envType,
    });
    return result;
  };

  const rootRule =
    match?.hardline === true ? undefined : rootTargetingRule(analysis, context, onHost);
  if (rootRule !== undefined) match = { ...rootRule, patternKey: rootRule.key, hardline: true };
  if (match?.hardline === true) {
    const result: ApprovalResult = {
      approved: false,
      message: hardlineMessage(match.description),
      patternKey: match.patternKey,
      description: match.description,
      outcome: "hardline",
      hardline: true,
      userConsent: false,
      decider: "hardline",
    };
    return record("hardline", result, match.patternKey);
  }

  let settings: ApprovalSettings;
  try {
    settings = await deps.loadSettings();
  } catch (error) {
    core.reportError(error);
    if (match === null) return { approved: true, message: null };
    const result: ApprovalResult = {
      approved: false,
      message: CONFIG_UNREADABLE,
      patternKey: match.patternKey,
      description: match.description,
      outcome: "denied",
      userConsent: false,
      decider: "system",
    };
    return record("system", result, match.patternKey);
  }

  const verdict = denyVerdict(
    settings.deny,
    command,
    analysis,
    () => deps.detector.analyse?.(command, context),
    deps.detector.normalizedForms?.(command) ?? [],
  );
  if (verdict !== undefined) {
    const rule = "rule" in verdict ? verdict.rule : undefined;
    const result: ApprovalResult = {
      approved: false,
      message:
        "rule" in verdict
          ? userDenyMessage(verdict.rule)
          : unresolvedDenyMessage(verdict.unresolved),
      outcome: "user_deny",
      userDeny: true,
      ...(rule === undefined ? {} : { denyRule: rule }),
      userConsent: false,
      decider: "deny_rule",
      ...(match === null ? {} : { patternKey: match.patternKey, description: match.description }),
    };
    return record("deny_rule", result, match?.patternKey ?? null);
  }

  // A command that could not be analysed may hide a hard-line one: YOLO, `mode: off` and the
  // allowlist do not cover it (a sandbox backend still does).
  const onceOnly = match !== null && isOnceOnlyKey(match.patternKey);
  const bypass = bypassOf(core, settings, sessionKey, options, onceOnly);
  if (bypass !== undefined) {
    const result: ApprovalResult = { approved: true, message: null, decider: bypass };
    return match === null
      ? result
      : record(
          bypass,
          {
            ...result,
            patternKey: match.patternKey,
            description: match.description,
            outcome: "approved",
          },
          match.patternKey,
        );
  }

  if (!onceOnly && !isCompound(command)) {
    const entry = core.store.matchesPermanentCommand(command);
    if (entry !== undefined) {
      const result: ApprovalResult = {
        approved: true,
        message: null,
        decider: "allowlist",
        outcome: "approved",
      };
      return record(
        "allowlist",
        match === null
          ? result
          : { ...result, patternKey: match.patternKey, description: match.description },
        match?.patternKey ?? entry,
      );
    }
  }

  if (match === null) return { approved: true, message: null };
  // Symlinks are followed where the command's paths are this machine's.
  const targets = targetClassesOf(analysis, context, onHost);
  return gate(core, { command, match, sessionKey, settings, options, targets });
}

function bypassOf(
  core: ApprovalCore,
  settings: ApprovalSettings,
  sessionKey: string,
  options: CheckCommandOptions,
  onceOnly: boolean,
): ApprovalDecider | undefined {
  if (isSandboxed(options)) return "container";
  if (onceOnly) return undefined;
  if (settings.mode === "off") return "mode_off";
  if (core.yoloFromEnv || core.store.isYolo(sessionKey)) return "yolo";
  return undefined;
}

/**
 * The context detection sees: links followed on this machine for the local backend, and the
 * data earlier commands of the session moved into the workspace.
 */
function checkContext(
  core: ApprovalCore,
  sessionKey: string,
  given: ApprovalCommandContext | undefined,
  onHost: boolean,
): ApprovalCommandContext | undefined {
  if (given === undefined) return undefined;
  const moved = movedInPaths(core, sessionKey);
  const host = onHost && given.hostFilesystem === undefined;
  if (!host && moved.length === 0) return given;
  return {
    ...given,
    ...(host ? { hostFilesystem: true } : {}),
    ...(moved.length === 0 ? {} : { movedIn: [...(given.movedIn ?? []), ...moved] }),
  };
}

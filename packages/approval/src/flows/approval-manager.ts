import { randomUUID } from "node:crypto";
import { isatty } from "node:tty";
import { resolveHermesHome } from "@hermes-agent/core";
import { ApprovalError, ApprovalErrorCode } from "./approval-error.js";
import { auditSafely, type ApprovalCore } from "./approval-core.js";
import { runApprovalGate } from "./approval-gate.js";
import { answerOf } from "./human-reply.js";
import type { ApprovalPrompt } from "./approval-prompt.js";
import { approvalSettingsOf, type ApprovalSettings } from "./approval-settings.js";
import { tightenOnly } from "./settings-ratchet.js";
import { loosenedMessage, saveBaseline, startSettings } from "./approval-baseline.js";
import { createApprovalStore, scopedEntry, type ApprovalEntry } from "./approval-store.js";
import type { TargetClass } from "./target-class.js";
import { removeAllowlistEntry, saveAllowlistEntry } from "./allowlist-persistence.js";
import { createAuditLog } from "./audit-log.js";
import { createDenialBreaker } from "./circuit-breaker.js";
import { contextFromEnv, isTruthy } from "./env-flags.js";
import { approvalConfigReader, type ApprovalConfigInput } from "./config-source.js";
import { createCliPrompt } from "./cli-prompt.js";
import { defaultCommandDetector, type CommandDetector } from "./command-detector.js";
import { runCommandChecks } from "./command-checks.js";
import { runExecuteCodeGuard, type ExecuteCodeGuardOptions } from "./execute-code-guard.js";
import {
  createGatewayQueue,
  type GatewayApprovalRequest,
  type GatewayNotify,
  type ResolveGatewayOptions,
} from "./gateway-queue.js";
import { createOpenAIReviewer, type SmartReviewer } from "./smart-reviewer.js";
import type {
  ApprovalChoice,
  ApprovalContext,
  ApprovalResult,
  CheckCommandOptions,
} from "./types.js";
import { parseChoice } from "./choice.js";
import { approvalKeysFor, DETECTION_RULES, isOnceOnlyKey } from "../detection/index.js";

// The keys that approve a rule given by its key (a Hermes key or unknown key stands for itself).
function approvalKeysOfRule(patternKey: string): readonly string[] {
  const info = DETECTION_RULES.find((rule) => rule.key === patternKey);
  return info === undefined
    ? [patternKey]
    : approvalKeysFor({ patternKey, description: info.description, hardline: info.hardline });
}

/** Options of {@link createApprovalManager}. Everything has a default. */
export interface ApprovalManagerOptions {
  /** Hermes home (config.yaml, logs/approvals.jsonl); default `resolveHermesHome(env)`. */
  readonly home?: string;
  /**
   * Environment read once at construction; default `process.env`. Used: `HERMES_HOME`,
   * `HERMES_YOLO_MODE`, `HERMES_INTERACTIVE`, `HERMES_SESSION_KEY`, and Hermes' context markers
   * `HERMES_CRON_SESSION`, `HERMES_SINGLE_QUERY_SESSION`, `HERMES_GATEWAY_SESSION`/`HERMES_EXEC_ASK`.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A `ConfigSource`, a fixed config, or a loader; default config.yaml in `home`, re-read whenever the file changes. */
  readonly config?: ApprovalConfigInput;
  /** The interactive transport; default the CLI prompt over stdin/stderr. */
  readonly prompt?: ApprovalPrompt;
  /** Whether a human can answer `prompt`; default true when `prompt` is given, stdin is a TTY or `HERMES_INTERACTIVE` is set. */
  readonly interactive?: boolean;
  /** Context of every check that names none (default from the env markers, else detected per check). */
  readonly context?: ApprovalContext;
  /** Time source for the audit log and gateway requests. */
  readonly clock?: { now(): number };
  /** The smart-mode reviewer; default the `openai` client on `auxiliary.approval.*`. */
  readonly llm?: SmartReviewer;
  /** Command detection; default this package's detector. */
  readonly detector?: CommandDetector;
  /** Overrides `approvals.timeout` (milliseconds) for prompts and gateway waits. */
  readonly timeoutMs?: number;
  /** Write "always" choices and permanent revocations to config.yaml (default true). */
  readonly persistAllowlist?: boolean;
  /** Receives errors that must not change a decision (audit or config write failures). */
  readonly onError?: (error: unknown) => void;
  /**
   * Apply what config.yaml loosens since the last start (see approval-baseline.ts); default
   * false, or `HERMES_ACCEPT_APPROVAL_CHANGES` set. Only for a user who confirmed the change.
   */
  readonly acceptApprovalChanges?: boolean;
  /**
   * Compare config.yaml with the settings of the last start and hold back what it loosens
   * (approval-baseline.ts). Default true when `config` is not given (the manager reads the home's
   * config.yaml); a host whose config comes from that file too sets it.
   */
  readonly approvalBaseline?: boolean;
}

/** Options of {@link ApprovalManager.revokeApproval}. */
export interface RevokeApprovalOptions {
  readonly patternKey?: string;
  /** Revoke in this session (all its approvals when `patternKey` is omitted). */
  readonly sessionKey?: string;
  /** `session`, `permanent` or both (default: session when `sessionKey` is given, else permanent). */
  readonly scope?: "session" | "permanent" | "all";
}

/** An isolated set of approval state (sessions, YOLO, gateway queue, breaker) with its flows. */
export interface ApprovalManager {
  /** Decide whether the agent may run `command`. Never rejects: every failure is a denial. */
  checkDangerousCommand(command: string, options: CheckCommandOptions): Promise<ApprovalResult>;
  /** Decide whether an execute_code script may run (asked only in gateway contexts). */
  checkExecuteCodeGuard(code: string, options: ExecuteCodeGuardOptions): Promise<ApprovalResult>;
  registerGatewayNotify(sessionKey: string, notify: GatewayNotify): void;
  /** Remove the notifier; requests still waiting are denied. */
  unregisterGatewayNotify(sessionKey: string): void;
  /** Answer pending gateway requests (oldest first); returns how many were resolved. Unknown answers deny. */
  resolveGatewayApproval(
    sessionKey: string,
    choice: ApprovalChoice | string,
    options?: ResolveGatewayOptions,
  ): number;
  listPendingApprovals(sessionKey?: string): GatewayApprovalRequest[];
  /** Approve a rule in the session, for the given target classes (every target when omitted). */
  approveSession(
    sessionKey: string,
    patternKey: string,
    targetClasses?: readonly TargetClass[],
  ): void;
  /** True when the rule is approved for every one of the target classes (default: everything). */
  isApproved(
    sessionKey: string,
    patternKey: string,
    targetClasses?: readonly TargetClass[],
  ): boolean;
  setYolo(sessionKey: string, enabled: boolean): void;
  isYolo(sessionKey: string): boolean;
  /** Session approvals (of one session, or all) and the permanent allowlist from config.yaml. */
  listApprovals(sessionKey?: string): Promise<ApprovalEntry[]>;
  /** Remove approvals; returns how many were removed. Permanent ones are also removed from config.yaml. */
  revokeApproval(options: RevokeApprovalOptions): Promise<number>;
  /** Forget a session: approvals, YOLO, breaker; its pending requests are denied. */
  clearSession(sessionKey: string): void;
  /** The audit log file. */
  readonly auditLogFile: string;
  /**
   * Settles once the manager has read its settings at start and recorded them as the baseline
   * (never rejects); a host awaits it before the agent's first command.
   */
  readonly started: Promise<void>;
}

/** Create an {@link ApprovalManager}. */
export function createApprovalManager(options: ApprovalManagerOptions = {}): ApprovalManager {
  const env = options.env ?? process.env;
  const home = options.home ?? resolveHermesHome({ env });
  const now =
    options.clock === undefined
      ? Date.now
      : (): number => (options.clock as { now(): number }).now();
  const detector = options.detector ?? defaultCommandDetector;
  const persist = options.persistAllowlist ?? true;
  const store = createApprovalStore();
  const breaker = createDenialBreaker();
  const auditLog = createAuditLog({ home, now });
  const reportError = (error: unknown): void => {
    try {
      options.onError?.(error);
    } catch {
      // A throwing error reporter must not turn a decision into a rejection.
    }
  };
  let lastAllowlist: string | undefined;
  let reviewerCache: { key: string; reviewer: SmartReviewer } | undefined;

  const readConfig = approvalConfigReader(home, env, options.config);
  // What is in force: the first read, then only ever stricter (see settings-ratchet.ts).
  let held: ApprovalSettings | undefined;
  const ownEntries = new Set<string>();
  const warned = new Set<string>();
  // Read now, when the manager is made (before any command could edit the file), not at the
  // first dangerous command.
  // A config read from HERMES_HOME is compared with the settings of the last start: what it
  // loosens since then waits for the user's acceptance (approval-baseline.ts). A config object
  // or loader given by the host is the host's to vouch for.
  const baselined = options.approvalBaseline ?? options.config === undefined;
  const accept =
    options.acceptApprovalChanges === true || isTruthy(env.HERMES_ACCEPT_APPROVAL_CHANGES);
  let baseline: ApprovalSettings | undefined;
  const atStart = readConfig().then(async (config) => {
    const read = approvalSettingsOf(config);
    if (!baselined) return read;
    const start = await startSettings(home, read, accept);
    for (const item of start.heldBack) warned.add(`${item.setting}\0${item.read}`);
    if (start.heldBack.length > 0)
      reportError(
        new ApprovalError(
          ApprovalErrorCode.LooseningDeferred,
          loosenedMessage(start.heldBack, start.tampered),
        ),
      );
    baseline = start.settings;
    await saveBaseline(home, start.settings).catch(reportError);
    return start.settings;
  });
  atStart.catch(() => undefined);
  // Every check waits for the start to be read and recorded (once), so no write of the manager's
  // own outlives the first answer.
  const started = atStart.then(
    () => undefined,
    () => undefined,
  );
  const loadSettings = async (): Promise<ApprovalSettings> => {
    held ??= await atStart.catch(() => undefined);
    const read = approvalSettingsOf(await readConfig());
    let settings = read;
    if (held !== undefined) {
      const reload = tightenOnly(held, read, ownEntries);
      settings = reload.settings;
      for (const ignored of reload.ignored) {
        const key = `${ignored.setting}\0${ignored.read}`;
        if (warned.has(key)) continue;
        warned.add(key);
        reportError(
          new ApprovalError(
            ApprovalErrorCode.LooseningDeferred,
            `config.yaml now sets ${ignored.setting} to ${ignored.read} (was ${ignored.held}); ` +
              "a change that loosens approval applies only when the process starts again.",
          ),
        );
      }
    }
    held = settings;
    const serialized = JSON.stringify(settings.commandAllowlist);
    if (serialized !== lastAllowlist) {
      lastAllowlist = serialized;
      store.setPermanent(settings.commandAllowlist);
    }
    return settings;
  };

  const applyChoice = async (
    sessionKey: string,
    patternKey: string,
    choice: ApprovalChoice,
    targets?: readonly TargetClass[],
  ): Promise<void> => {
    // An unanalysable command is approved for this run only, whatever the answer said.
    if (isOnceOnlyKey(patternKey)) return;
    if (choice === "session" || choice === "always")
      store.approveSession(sessionKey, patternKey, targets);
    if (choice !== "always") return;
    // A bare key (what Hermes stores) covers every target; a scoped one only its class.
    const entries =
      targets === undefined || targets.includes("everything")
        ? [patternKey]
        : targets.map((target) => scopedEntry(patternKey, target));
    for (const entry of entries) {
      ownEntries.add(entry);
      store.addPermanent(entry);
      if (!persist) continue;
      try {
        await saveAllowlistEntry(home, entry);
        // The human's own "always" is not a loosening at the next start.
        if (baseline !== undefined && !baseline.commandAllowlist.includes(entry)) {
          baseline = { ...baseline, commandAllowlist: [...baseline.commandAllowlist, entry] };
          await saveBaseline(home, baseline);
        }
      } catch (error) {
        reportError(error);
      }
    }
  };

  const core: ApprovalCore = {
    home,
    store,
    breaker,
    prompt: options.prompt ?? createCliPrompt(),
    interactive:
      options.interactive ??
      (options.prompt !== undefined || isatty(0) || isTruthy(env.HERMES_INTERACTIVE)),
    defaultContext: options.context ?? contextFromEnv(env),
    yoloFromEnv: isTruthy(env.HERMES_YOLO_MODE),
    now,
    timeoutMs: options.timeoutMs,
    queue: createGatewayQueue({
      now,
      newId: randomUUID,
      onResolved: async (request, command, decision, waited) => {
        const answer = answerOf(decision, request.smartDenied);
        // In ask mode the agent re-runs the command after the user's answer; "once" lets exactly
        // that command through one time.
        if (!waited && answer === "once") store.grantOnce(request.sessionKey, command);
        if (answer === "session" || answer === "always") {
          await applyChoice(
            request.sessionKey,
            request.patternKey,
            answer === "always" && !request.allowPermanent ? "session" : answer,
            request.targetClasses,
          );
        }
      },
    }),
    reviewer(settings) {
      if (options.llm !== undefined) return options.llm;
      const r = settings.reviewer;
      const key = JSON.stringify([r, settings.smartPolicy]);
      if (reviewerCache?.key !== key) {
        reviewerCache = {
          key,
          reviewer: createOpenAIReviewer({
            ...r,
            env,
            ...(settings.smartPolicy === undefined ? {} : { policy: settings.smartPolicy }),
          }),
        };
      }
      return reviewerCache.reviewer;
    },
    audit: (entry) => auditLog.append(entry),
    applyChoice,
    reportError,
  };

  const requireSession = (sessionKey: string): string => {
    if (typeof sessionKey !== "string" || sessionKey === "") {
      throw new ApprovalError(
        ApprovalErrorCode.InvalidArgument,
        "sessionKey must be a non-empty string",
      );
    }
    return sessionKey;
  };
  const defaultSession = env.HERMES_SESSION_KEY?.trim() || "default";

  // Detection protects the runtime's own files under the home this manager reads.
  const withHermesHome = (checkOptions: CheckCommandOptions): CheckCommandOptions =>
    checkOptions.commandContext?.hermesHome !== undefined
      ? checkOptions
      : { ...checkOptions, commandContext: { ...checkOptions.commandContext, hermesHome: home } };
  const checkCommand = async (command: string, checkOptions: CheckCommandOptions) => {
    await started;
    return runCommandChecks(
      core,
      { detector, loadSettings, defaultSession },
      command,
      withHermesHome(checkOptions),
      runApprovalGate,
    ).catch((error: unknown) => failClosed(error, reportError));
  };

  return {
    auditLogFile: auditLog.file,
    started,
    checkDangerousCommand: checkCommand,
    checkExecuteCodeGuard: (code, guardOptions) =>
      runExecuteCodeGuard(
        core,
        { loadSettings, defaultSession, checkCommand },
        code,
        guardOptions,
      ).catch((error: unknown) => failClosed(error, reportError)),
    registerGatewayNotify(sessionKey, notify) {
      core.queue.register(requireSession(sessionKey), notify);
    },
    unregisterGatewayNotify(sessionKey) {
      core.queue.unregister(sessionKey);
    },
    resolveGatewayApproval(sessionKey, choice, resolveOptions) {
      return core.queue.resolve(sessionKey, parseChoice(choice), resolveOptions);
    },
    listPendingApprovals: (sessionKey) => core.queue.list(sessionKey),
    approveSession(sessionKey, patternKey, targetClasses) {
      store.approveSession(requireSession(sessionKey), patternKey, targetClasses);
    },
    isApproved: (sessionKey, patternKey, targetClasses) =>
      store.isApproved(sessionKey, approvalKeysOfRule(patternKey), targetClasses),
    setYolo(sessionKey, enabled) {
      store.setYolo(requireSession(sessionKey), enabled);
    },
    isYolo: (sessionKey) => core.yoloFromEnv || store.isYolo(sessionKey),
    async listApprovals(sessionKey) {
      try {
        await loadSettings();
      } catch (error) {
        reportError(error);
      }
      return store.list(sessionKey);
    },
    async revokeApproval(revoke) {
      const scope = revoke.scope ?? (revoke.sessionKey === undefined ? "permanent" : "session");
      let count = 0;
      if (scope !== "permanent" && revoke.sessionKey !== undefined) {
        count += store.revokeSession(revoke.sessionKey, revoke.patternKey);
      }
      if (scope !== "session" && revoke.patternKey !== undefined) {
        // Revoking a key also revokes its scoped entries (`key@temp`, ...).
        const key = revoke.patternKey;
        const scoped = store
          .list()
          .filter((entry) => entry.scope === "permanent" && entry.targetClass !== undefined)
          .map((entry) => entry.patternKey)
          .filter((entry) => entry.slice(0, entry.lastIndexOf("@")) === key);
        for (const entry of [key, ...scoped]) {
          const inMemory = store.removePermanent(entry);
          const onDisk = persist ? await removeAllowlistEntry(home, entry) : false;
          if (inMemory || onDisk) count++;
        }
      }
      if (count > 0) {
        await auditSafely(core, {
          session: revoke.sessionKey ?? "*",
          patternKey: revoke.patternKey ?? null,
          command: "",
          decision: "revoked",
          outcome: "revoked",
          decider: "user",
          choice: scope,
        });
      }
      return count;
    },
    clearSession(sessionKey) {
      store.clearSession(sessionKey);
      breaker.reset(sessionKey);
      core.queue.clearSession(sessionKey);
    },
  };
}

// Nothing above is expected to throw; if something does, the answer is still a denial.
/** The denial returned when the approval machinery itself fails: never an approval. */
export function failClosed(error: unknown, report: (error: unknown) => void): ApprovalResult {
  report(error);
  return {
    approved: false,
    message:
      "BLOCKED: the approval check failed unexpectedly, so the command was not approved. " +
      "The user has NOT consented to this command. Do NOT retry; tell the user.",
    outcome: "denied",
    userConsent: false,
    decider: "system",
  };
}

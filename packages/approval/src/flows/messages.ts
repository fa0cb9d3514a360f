// Model-facing texts. Their openings and key phrases match Hermes, because agents and gateway
// users already rely on them ("BLOCKED", "NOT consented", "Silence is not consent", "Do NOT
// retry"). Every denial tells the model plainly not to retry or rephrase.

const NO_RETRY =
  "Do NOT retry this command, do NOT rephrase it, and do NOT try a different command to reach the same result.";

/** Hard-line floor: nothing can approve it. */
export function hardlineMessage(description: string): string {
  return (
    `BLOCKED (hardline): ${description}. This command is on the unconditional blocklist and cannot be executed ` +
    "via the agent — not even with --yolo, /yolo, approvals.mode=off, or cron approve mode. If you genuinely " +
    "need to run it, run it yourself in a terminal outside the agent."
  );
}

/** A user deny glob matched. */
export function userDenyMessage(rule: string): string {
  return (
    `BLOCKED: this command matches the user-defined deny rule '${rule}' (approvals.deny in config.yaml). It ` +
    "cannot be executed via the agent — not even with --yolo, /yolo, or approvals.mode=off. " +
    `${NO_RETRY} Tell the user what you wanted to do instead.`
  );
}

/** A deny list is set and part of the command is only known at run time. */
export function unresolvedDenyMessage(reason: string): string {
  return (
    `BLOCKED: this command cannot be checked against the user-defined deny rules (approvals.deny in ` +
    `config.yaml) because ${reason}, so it is refused — not even --yolo, /yolo, or approvals.mode=off ` +
    `allow it. ${NO_RETRY} Tell the user what you wanted to do instead.`
  );
}

/** The prompt or the gateway went unanswered until the timeout. */
export function timeoutMessage(): string {
  return (
    "BLOCKED: Command timed out without user response. The user has NOT consented to this command. " +
    `Silence is not consent. ${NO_RETRY} Ask the user if you need it.`
  );
}

/** A human answered "deny" (or something that is not an approval). */
export function userDeniedMessage(reason?: string): string {
  if (reason !== undefined && reason.trim() !== "") {
    return (
      `BLOCKED: Command denied by user. Reason given by the user: "${reason.trim()}". ` +
      `The user has NOT consented to this command. ${NO_RETRY}`
    );
  }
  return `BLOCKED: User denied this command. The user has NOT consented to this command. ${NO_RETRY}`;
}

/** The gateway notify callback failed. */
export function notifyFailedMessage(): string {
  return (
    "BLOCKED: Failed to send approval request to user. The user has NOT consented to this command. " +
    "Do NOT retry."
  );
}

/** The caller cancelled the wait, or the gateway went away. */
export function cancelledMessage(): string {
  return (
    "BLOCKED: The approval request was cancelled before the user answered. The user has NOT consented to " +
    `this command. ${NO_RETRY}`
  );
}

/** The smart reviewer said DENY and no human overrode it. */
export function smartDeniedMessage(description: string): string {
  return `BLOCKED by smart approval: ${description}. The command was assessed as genuinely dangerous. Do NOT retry.`;
}

/** Appended once a session reaches the reviewer-denial threshold. */
export function circuitBreakerSuffix(count: number): string {
  return (
    ` CIRCUIT BREAKER: ${count} consecutive commands were blocked by the security reviewer. STOP attempting ` +
    "variations of these commands. Explain to the user what you were trying to do and let them decide."
  );
}

/** What a no-human context refuses, and the config key that would allow it. */
export interface UnattendedDenial {
  /** e.g. "this is a cron job", "this is an unattended platform (webhook)". */
  readonly subject: string;
  /** Config key under `approvals`, or undefined when no key can allow it. */
  readonly configKey?: "cron_mode" | "single_query_mode" | "unattended_mode";
  /** What would be allowed ("dangerous commands", "execute_code"). */
  readonly noun: string;
  /** Where it would be allowed ("in cron jobs"). */
  readonly scope: string;
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A context with nobody to ask refused the command. */
export function unattendedMessage(description: string, denial: UnattendedDenial): string {
  const optIn =
    denial.configKey === undefined
      ? " Run it from an interactive session or a gateway where a user can approve it."
      : ` To allow ${denial.noun} ${denial.scope}, set approvals.${denial.configKey}: approve in config.yaml.`;
  return (
    `BLOCKED: ${description}. ${sentence(denial.subject)}, so no user can approve it. ` +
    `The user has NOT consented to this command. ${NO_RETRY}${optIn}`
  );
}

/** A gateway session with no live notifier: the request was queued. */
export function pendingMessage(description: string, command: string): string {
  return (
    `⚠️ ${description}. Asking the user for approval.\n\n**Command:** ${command}\n\n` +
    "STOP: do NOT re-run, rephrase, or re-issue this command until the user has approved it. " +
    "Wait for the user's answer."
  );
}

/** Denial for execute_code in a context with nobody to ask. */
export function executeCodeUnattendedMessage(denial: UnattendedDenial): string {
  return (
    "BLOCKED: execute_code runs arbitrary local Python (including subprocess calls that bypass shell-string " +
    `approval checks). ${sentence(denial.subject)}, so no user can approve it. ${NO_RETRY}` +
    (denial.configKey === undefined
      ? ""
      : ` To allow ${denial.noun} ${denial.scope}, set approvals.${denial.configKey}: approve in config.yaml.`)
  );
}

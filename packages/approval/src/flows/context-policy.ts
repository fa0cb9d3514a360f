import type { UnattendedDenial } from "./messages.js";
import type { ApprovalSettings } from "./approval-settings.js";
import type { ApprovalContext } from "./types.js";

/** What a context with nobody to ask does with a dangerous command. */
export interface UnattendedVerdict {
  readonly allowed: boolean;
  readonly denial: UnattendedDenial;
}

/**
 * The verdict for a context without a human. Cron, single-query/batch and unattended platforms
 * may be opted in by config; a context we cannot classify never approves.
 */
export function unattendedVerdict(
  context: Exclude<ApprovalContext, "interactive" | "gateway"> | "none",
  settings: ApprovalSettings,
  platform: string | undefined,
): UnattendedVerdict {
  switch (context) {
    case "cron":
      return {
        allowed: settings.cronMode === "approve",
        denial: {
          subject: "this is a cron job",
          configKey: "cron_mode",
          noun: "dangerous commands",
          scope: "in cron jobs",
        },
      };
    case "single_query":
    case "batch":
      return {
        allowed: settings.singleQueryMode === "approve",
        denial: {
          subject: context === "batch" ? "this is a batch run" : "this is a single-query run",
          configKey: "single_query_mode",
          noun: "dangerous commands",
          scope: "in single-query and batch runs",
        },
      };
    case "unattended": {
      const name = platform === undefined || platform.trim() === "" ? "" : ` (${platform.trim()})`;
      return {
        allowed: settings.unattendedMode === "approve",
        denial: {
          subject: `this session runs on an unattended platform${name}`,
          configKey: "unattended_mode",
          noun: "dangerous commands",
          scope: "on unattended platforms",
        },
      };
    }
    case "none":
      return {
        allowed: false,
        denial: {
          subject: "this session has no interactive prompt and no gateway",
          noun: "dangerous commands",
          scope: "here",
        },
      };
  }
}

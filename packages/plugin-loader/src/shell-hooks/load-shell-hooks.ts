import type { Logger } from "@hermes-agent/core";
import type { PluginHost } from "../plugin-host.js";
import type { ShellHookStatus } from "../plugin-status.js";
import type { RegistrationLedger } from "../registration-ledger.js";
import { createShellHookCallback, type ShellHookEnvironment } from "./shell-hook-callback.js";
import { parseShellHooks } from "./shell-hook-config.js";
import {
  readShellHookAllowlist,
  shellHookAccepted,
  type ShellHookConsent,
} from "./shell-hook-consent.js";

/** What {@link loadShellHooks} needs. */
export interface LoadShellHooksOptions extends ShellHookEnvironment, ShellHookConsent {
  /** config.yaml's `hooks:` block. */
  readonly block: unknown;
  readonly host: PluginHost;
  readonly ledger: RegistrationLedger;
  readonly logger: Logger;
}

/**
 * Register each consented hook of config.yaml's `hooks:` block on the host as a callback that
 * runs the command; unconsented hooks are reported inactive with a warning saying how to allow them.
 */
export function loadShellHooks(options: LoadShellHooksOptions): ShellHookStatus[] {
  const specs = parseShellHooks(options.block, options.logger);
  if (specs.length === 0) return [];
  const allowlist = readShellHookAllowlist(options.hermesHome);
  return specs.map((spec) => {
    const active = shellHookAccepted(spec, options, allowlist);
    if (active) {
      const undo = options.host.registerHook(spec.event, createShellHookCallback(spec, options), {
        kind: "shell-hook",
        command: spec.command,
      });
      options.ledger.add("hook", spec.event, undo);
    } else {
      options.logger.warn(
        `shell hook for ${spec.event} (${spec.command}) is not allowlisted and was skipped. ` +
          "Allow it with hooks_auto_accept: true in config.yaml, HERMES_ACCEPT_HOOKS=1, or an " +
          "entry in shell-hooks-allowlist.json.",
      );
    }
    return {
      event: spec.event,
      command: spec.command,
      matcher: spec.matcher,
      timeoutSeconds: spec.timeoutSeconds,
      failClosed: spec.failClosed,
      active,
    };
  });
}

import { setTimeout as delay } from "node:timers/promises";
import type { PluginCommandHandler, PluginCommandInvocation } from "./plugin-host.js";
import { describe } from "./plugin-module.js";

const TIMED_OUT: unique symbol = Symbol("timed out");

/** How long a plugin command may run before its answer is given up, as in Hermes. */
export const COMMAND_TIMEOUT_MS = 30_000;

/**
 * Run a plugin's command handler: awaited up to {@link COMMAND_TIMEOUT_MS}; a throw or a
 * timeout becomes a message for the user instead of an exception.
 */
export async function runPluginCommand(
  who: string,
  command: string,
  handler: PluginCommandHandler,
  invocation: PluginCommandInvocation,
): Promise<string | undefined> {
  const timer = new AbortController();
  try {
    const answer = await Promise.race([
      Promise.resolve().then(() => handler(invocation)),
      delay(COMMAND_TIMEOUT_MS, TIMED_OUT, { signal: timer.signal }),
    ]);
    if (answer === TIMED_OUT) {
      return `/${command} (${who}) did not answer within ${COMMAND_TIMEOUT_MS / 1000} s.`;
    }
    return typeof answer === "string" ? answer : undefined;
  } catch (error) {
    return `/${command} (${who}) failed: ${describe(error)}`;
  } finally {
    timer.abort();
  }
}

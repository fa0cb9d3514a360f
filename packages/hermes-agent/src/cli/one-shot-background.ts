/** What a one-shot `call` says about a background process it started. */
const ONE_SHOT_NOTE =
  "hermes-agent call ends now, and the background process ends with it: background processes " +
  "live as long as the runtime that started them (as in Hermes, where they are killed on exit). " +
  "Use 'hermes-agent chat' or 'run' to start one and poll it, or drop background to wait for it here.";

/**
 * The result of a one-shot `call` that started a background process (`terminal` with
 * `background: true`), with the hint to poll it replaced by what really happens: the process
 * is stopped when the command exits, so nothing can poll it later.
 */
export function noteOneShotBackground(
  tool: string,
  args: Readonly<Record<string, unknown>>,
  result: string,
): string {
  if (tool !== "terminal" || (args.background !== true && args.background !== "true"))
    return result;
  let answer: unknown;
  try {
    answer = JSON.parse(result);
  } catch {
    return result;
  }
  if (typeof answer !== "object" || answer === null || !("session_id" in answer)) return result;
  const { hint: _poll, ...rest } = answer as Record<string, unknown>;
  return JSON.stringify({ ...rest, hint: ONE_SHOT_NOTE });
}

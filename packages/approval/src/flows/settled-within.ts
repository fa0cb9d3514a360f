/**
 * The answer of a prompt or a reviewer, or `timeout` / `cancelled` when the timeout passes or the signal aborts
 * first: a custom prompt or reviewer that never settles must not hold the command (and the agent) forever.
 */
export function settledWithin(
  answer: Promise<unknown>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  if (signal?.aborted === true) return Promise.resolve("cancelled");
  return new Promise((resolve, reject) => {
    const finish = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = (): void => {
      finish();
      resolve("cancelled");
    };
    const timer = setTimeout(() => {
      finish();
      resolve("timeout");
    }, timeoutMs);
    signal?.addEventListener("abort", onAbort, { once: true });
    answer.then(
      (value) => {
        finish();
        resolve(value);
      },
      (error: unknown) => {
        finish();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Ctrl-C for a one-shot command: the first SIGINT aborts `controller` (the running tool stops
 * and answers with what it did so far); a second one ends the process at once (exit 130, the
 * runtime's exit hook killing what is left). Returns the function that removes the handler.
 *
 * The listener stays registered until removed (not `once`): the runtime's signal hooks only
 * stand aside while an application listener is there, and a `once` listener is gone by the
 * time a hook installed after it looks.
 */
export function interruptOnSigint(controller: AbortController, reason: string): () => void {
  const onSignal = (): void => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort(new Error(reason));
  };
  process.on("SIGINT", onSignal);
  return () => process.removeListener("SIGINT", onSignal);
}

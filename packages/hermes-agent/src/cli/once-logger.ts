import type { Logger } from "@hermes-agent/core";

/**
 * A logger that writes each distinct warning and error once: a server that fails every retry,
 * or a problem several parts notice, is reported one time per command.
 */
export function onceLogger(logger: Logger): Logger {
  const seen = new Set<string>();
  const once =
    (write: (message: string) => void) =>
    (message: string): void => {
      if (seen.has(message)) return;
      seen.add(message);
      write(message);
    };
  return {
    debug: (message) => logger.debug(message),
    info: (message) => logger.info(message),
    warn: once((message) => logger.warn(message)),
    error: once((message) => logger.error(message)),
  };
}

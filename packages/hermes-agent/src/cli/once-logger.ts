import type { Logger } from "@hermes-agent/core";

/**
 * What makes two warnings the same: the text, except that an MCP server's failures of one kind
 * ("MCP server 'x' failed to connect: ...") count once whatever the detail of each retry.
 */
function warningKey(message: string): string {
  if (!message.startsWith("MCP server '")) return message;
  // After the name and its own ": ", so "MCP server 'x': connection closed" keeps its kind.
  const cut = message.indexOf(": ", message.indexOf("'", "MCP server '".length) + 3);
  return cut === -1 ? message : message.slice(0, cut);
}

/**
 * A logger that writes each distinct warning and error once: a server that fails every retry,
 * or a problem several parts notice, is reported one time per command.
 */
export function onceLogger(logger: Logger): Logger {
  const seen = new Set<string>();
  const once =
    (write: (message: string) => void) =>
    (message: string): void => {
      const key = warningKey(message);
      if (seen.has(key)) return;
      seen.add(key);
      write(message);
    };
  return {
    debug: (message) => logger.debug(message),
    info: (message) => logger.info(message),
    warn: once((message) => logger.warn(message)),
    error: once((message) => logger.error(message)),
  };
}

import type { RegistryLogger } from "../logger.js";

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Import modules one at a time, in the given order, and return the ones that loaded. A module
 * that fails (throws, or does not parse) is logged with its reason and skipped; the others load.
 * They are deliberately not imported together through one generated entry module: that is
 * faster, but with a module loader hook (tsx, say) a module failing to transform can surface as
 * an unhandled rejection and end the process.
 */
export async function importInOrder(
  urls: readonly string[],
  label: (url: string) => string,
  logger: RegistryLogger,
): Promise<string[]> {
  const loaded: string[] = [];
  for (const url of urls) {
    try {
      await import(url);
      loaded.push(url);
    } catch (error) {
      logger.warn(
        `Tool discovery: could not import tool module ${label(url)}, skipping it: ${describe(error)}`,
      );
    }
  }
  return loaded;
}

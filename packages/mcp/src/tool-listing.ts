import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

/** A server cannot make the client page forever. */
const MAX_LIST_PAGES = 50;

/** Every tool of a server, following `nextCursor` (at most 50 pages). */
export async function listAllTools(
  client: Client,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, {
      signal,
      timeout: timeoutMs,
    });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}

/**
 * Runs a task at most once at a time: requests while it runs (a burst of `list_changed`
 * notifications) are coalesced into one more run after it, started on the next turn of the
 * event loop so notifications that arrive together count once.
 */
export class CoalescedTask {
  readonly #onError: (error: unknown) => void;
  #running = false;
  #again = false;

  constructor(onError: (error: unknown) => void) {
    this.#onError = onError;
  }

  request(task: () => Promise<void>): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = true;
    void this.#loop(task);
  }

  async #loop(task: () => Promise<void>): Promise<void> {
    try {
      do {
        this.#again = false;
        await new Promise((resolve) => setImmediate(resolve));
        await task();
      } while (this.#pending());
    } catch (error) {
      this.#onError(error);
    } finally {
      this.#running = false;
    }
  }

  #pending(): boolean {
    return this.#again;
  }
}

import { randomBytes } from "node:crypto";
import type { BrowserContext, ConsoleMessage, Locator, Page } from "playwright-core";
import { BrowserToolsError, BrowserToolsErrorCode } from "./browser-tools-error.js";
import { snapshotInPage, type PageSnapshot } from "./page-snapshot.js";

/** Most console messages and page errors kept per task; older ones are dropped first. */
export const CONSOLE_BUFFER_LIMIT = 500;

/**
 * Evaluate in the page; when a navigation (a submitted form, a clicked link) replaces the
 * document meanwhile, wait for the new one to load and evaluate there instead.
 */
export async function evaluateSettled<A, R>(page: Page, fn: (arg: A) => R, arg: A): Promise<R> {
  const evaluate = page.evaluate.bind(page) as (f: (a: A) => R, a: A) => Promise<R>;
  try {
    return await evaluate(fn, arg);
  } catch (error) {
    if (
      !(error instanceof Error) ||
      !/Execution context was destroyed|navigat/i.test(error.message)
    ) {
      throw error;
    }
    await page.waitForLoadState("domcontentloaded");
    return evaluate(fn, arg);
  }
}

/** One console message as browser_console returns it. */
export interface ConsoleEntry {
  readonly type: string;
  readonly text: string;
  readonly source: string;
}

/** One uncaught page error as browser_console returns it. */
export interface PageErrorEntry {
  readonly message: string;
  readonly source: string;
}

/**
 * The browser state of one task: its own context (a fresh profile: cookies, storage and cache
 * are its alone), the page the tools act on (the newest popup while it is open), the refs of
 * the last snapshot and the console buffers.
 */
export class BrowserSession {
  readonly taskId: string;
  readonly context: BrowserContext;
  /** Calls in progress; a busy session is never evicted. */
  busy: number = 0;
  lastUsed: number = Date.now();
  readonly #pages: Page[] = [];
  readonly #refAttr = `data-hermes-ref-${randomBytes(4).toString("hex")}`;
  #refs: ReadonlySet<string> = new Set();
  readonly console: ConsoleEntry[] = [];
  readonly errors: PageErrorEntry[] = [];

  constructor(taskId: string, context: BrowserContext) {
    this.taskId = taskId;
    this.context = context;
    context.on("page", (page) => {
      this.#adopt(page);
    });
  }

  #adopt(page: Page): void {
    this.#pages.push(page);
    this.#refs = new Set();
    page.on("console", (message: ConsoleMessage) => {
      this.#push(this.console, {
        type: message.type(),
        text: message.text(),
        source: message.location().url,
      });
    });
    page.on("pageerror", (error: Error) => {
      this.#push(this.errors, { message: error.message, source: page.url() });
    });
    page.on("close", () => {
      const index = this.#pages.indexOf(page);
      if (index >= 0) this.#pages.splice(index, 1);
      this.#refs = new Set();
    });
  }

  #push<T>(buffer: T[], entry: T): void {
    buffer.push(entry);
    if (buffer.length > CONSOLE_BUFFER_LIMIT)
      buffer.splice(0, buffer.length - CONSOLE_BUFFER_LIMIT);
  }

  /** The page the tools act on, opening the first one when there is none. */
  async page(): Promise<Page> {
    const current = this.#pages.at(-1);
    if (current !== undefined) return current;
    return this.context.newPage();
  }

  /** The page the tools act on; an error telling the model to navigate first when none exists. */
  currentPage(): Page {
    const current = this.#pages.at(-1);
    if (current === undefined || current.url() === "about:blank") {
      throw new BrowserToolsError(
        BrowserToolsErrorCode.NoPage,
        "No page is open in this browser session. Call browser_navigate with a URL first.",
      );
    }
    return current;
  }

  /** Number of pages (the main page and open popups). */
  get pageCount(): number {
    return this.#pages.length;
  }

  /** Take a snapshot of the current page and remember its refs. */
  async snapshot(full: boolean): Promise<PageSnapshot> {
    const page = this.currentPage();
    const result = await evaluateSettled(page, snapshotInPage, { attr: this.#refAttr, full });
    const refs = new Set<string>();
    for (let i = 1; i <= result.refCount; i += 1) refs.add(`e${String(i)}`);
    this.#refs = refs;
    return result;
  }

  /**
   * The element a ref of the last snapshot names. Unknown refs and refs whose element has gone
   * (the page changed or navigated) are errors that tell the model to take a new snapshot.
   */
  async locate(rawRef: string): Promise<Locator> {
    const page = this.currentPage();
    const ref = rawRef.trim().replace(/^@/, "").replace(/^ref=/, "");
    if (!/^e\d+$/.test(ref) || !this.#refs.has(ref)) {
      throw new BrowserToolsError(
        BrowserToolsErrorCode.UnknownRef,
        `Unknown ref '${rawRef}': it is not in the last browser_snapshot. Take a new browser_snapshot and use one of the @eN refs it shows.`,
      );
    }
    const locator = page.locator(`[${this.#refAttr}="${ref}"]`);
    if ((await locator.count()) === 0) {
      throw new BrowserToolsError(
        BrowserToolsErrorCode.StaleRef,
        `Ref '@${ref}' is stale: the page changed since the snapshot and that element is gone. Take a new browser_snapshot and use its refs.`,
      );
    }
    return locator.first();
  }

  /** Forget the refs (after a navigation the old ones name nothing). */
  clearRefs(): void {
    this.#refs = new Set();
  }

  /** Close the context and everything in it. */
  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
  }
}

import { buildChildEnv, type Logger } from "@hermes-agent/core";
import type { Browser, Route } from "playwright-core";
import { BrowserSession } from "./browser-session.js";
import { BrowserToolsError, BrowserToolsErrorCode } from "./browser-tools-error.js";
import { CHROMIUM_ARGS } from "./chromium-executable.js";
import type { UrlGuard } from "./url-guard.js";

/** What the pool needs to start browsers and keep sessions. */
export interface SessionPoolOptions {
  /** The Chromium binary to launch (looked up per launch, so a later install is seen). */
  readonly executablePath: () => string;
  readonly guard: UrlGuard;
  /** Milliseconds of inactivity after which a task's context is closed. */
  readonly inactivityMs: () => number;
  /** Milliseconds one request may take. */
  readonly requestTimeoutMs: () => number;
  /** Most contexts open at once. */
  readonly maxSessions: number;
  /** Milliseconds a browser launch may take. */
  readonly launchTimeoutMs: number;
  /** Variables handed to Chromium (secrets are stripped). */
  readonly hostEnv: Readonly<Record<string, string | undefined>>;
  readonly logger: Logger;
}

/**
 * One headless Chromium shared by all tasks, with one context per task_id. Contexts are closed
 * after the inactivity timeout, when evicted to make room (least recently used, never a busy
 * one) and at `close()`; the browser itself exits when its last context closes.
 */
export class BrowserSessionPool {
  readonly #options: SessionPoolOptions;
  #browser: Promise<Browser> | undefined;
  readonly #sessions = new Map<string, Promise<BrowserSession>>();
  readonly #timers = new Map<string, NodeJS.Timeout>();
  /** Reasons of the last refused request per task, to explain a failed navigation. */
  readonly #blocked = new Map<string, string>();
  #closed = false;

  constructor(options: SessionPoolOptions) {
    this.#options = options;
  }

  /** Number of open sessions. */
  get size(): number {
    return this.#sessions.size;
  }

  /** True when `taskId` has a session. */
  has(taskId: string): boolean {
    return this.#sessions.has(taskId);
  }

  /** The reason the last request of a task was refused, consumed by the caller. */
  takeBlockedReason(taskId: string): string | undefined {
    const reason = this.#blocked.get(taskId);
    this.#blocked.delete(taskId);
    return reason;
  }

  /**
   * Run `action` with the task's session, creating it when `create` is set. The session is
   * marked busy meanwhile and its inactivity timer restarts when the action ends.
   */
  async use<T>(
    taskId: string,
    create: boolean,
    action: (session: BrowserSession) => Promise<T>,
  ): Promise<T> {
    if (this.#closed) {
      throw new BrowserToolsError(BrowserToolsErrorCode.Closed, "The browser tools are shut down.");
    }
    let pending = this.#sessions.get(taskId);
    if (pending === undefined) {
      if (!create) {
        throw new BrowserToolsError(
          BrowserToolsErrorCode.NoPage,
          "No browser session for this task. Call browser_navigate with a URL first.",
        );
      }
      await this.#makeRoom();
      pending = this.#open(taskId);
      this.#sessions.set(taskId, pending);
      pending.catch(() => this.#sessions.delete(taskId));
    }
    const session = await pending;
    session.busy += 1;
    this.#clearTimer(taskId);
    try {
      return await action(session);
    } finally {
      session.busy -= 1;
      session.lastUsed = Date.now();
      if (this.#sessions.get(taskId) === pending) this.#armTimer(taskId);
    }
  }

  async #open(taskId: string): Promise<BrowserSession> {
    const browser = await this.#launch();
    const context = await browser.newContext({ acceptDownloads: false, serviceWorkers: "block" });
    await context.route("**/*", (route) => this.#guardRoute(taskId, route));
    const session = new BrowserSession(taskId, context);
    await session.page();
    return session;
  }

  /**
   * Check every request before it leaves. Playwright follows redirects of a continued request
   * without asking again, so requests are fetched here without following redirects: a redirect
   * is checked and handed to the browser, whose next request comes back through this route.
   */
  async #guardRoute(taskId: string, route: Route): Promise<void> {
    const request = route.request();
    const refuse = async (url: string, reason: string) => {
      if (request.isNavigationRequest()) this.#blocked.set(taskId, `${reason}: ${url}`);
      await route.abort("blockedbyclient").catch(() => undefined);
    };
    const reason = await this.#options.guard.refuseRequest(request.url());
    if (reason !== undefined) {
      await refuse(request.url(), reason);
      return;
    }
    try {
      const response = await route.fetch({
        maxRedirects: 0,
        timeout: this.#options.requestTimeoutMs(),
      });
      const location = response.headers()["location"];
      if (response.status() >= 300 && response.status() < 400 && location !== undefined) {
        const target = new URL(location, request.url()).href;
        const refused = await this.#options.guard.refuseRequest(target);
        if (refused !== undefined) {
          await refuse(target, refused);
          return;
        }
      }
      await route.fulfill({ response });
    } catch {
      await route.abort("failed").catch(() => undefined);
    }
  }

  #launch(): Promise<Browser> {
    if (this.#browser !== undefined) return this.#browser;
    const launching = (async () => {
      const { chromium } = await import("playwright-core");
      try {
        const browser = await chromium.launch({
          executablePath: this.#options.executablePath(),
          headless: true,
          args: [...CHROMIUM_ARGS],
          env: buildChildEnv({ hostEnv: this.#options.hostEnv }),
          timeout: this.#options.launchTimeoutMs,
          handleSIGINT: false,
          handleSIGTERM: false,
          handleSIGHUP: false,
        });
        browser.on("disconnected", () => {
          if (this.#browser === launching) this.#browser = undefined;
          for (const taskId of [...this.#sessions.keys()]) void this.#forget(taskId);
        });
        return browser;
      } catch (error) {
        throw new BrowserToolsError(
          BrowserToolsErrorCode.LaunchFailed,
          `Could not start Chromium: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
          { cause: error },
        );
      }
    })();
    this.#browser = launching;
    launching.catch(() => {
      if (this.#browser === launching) this.#browser = undefined;
    });
    return launching;
  }

  async #makeRoom(): Promise<void> {
    if (this.#sessions.size < this.#options.maxSessions) return;
    const settled = await Promise.all(
      [...this.#sessions.values()].map((p) => p.catch(() => undefined)),
    );
    const idle = settled
      .filter((s): s is BrowserSession => s !== undefined && s.busy === 0)
      .sort((a, b) => a.lastUsed - b.lastUsed)[0];
    if (idle === undefined) {
      throw new BrowserToolsError(
        BrowserToolsErrorCode.TooManySessions,
        `Too many browser sessions at once (limit ${String(this.#options.maxSessions)}), all busy. Try again when one finishes.`,
      );
    }
    this.#options.logger.info(`closing the browser session of task ${idle.taskId} to make room`);
    await this.closeSession(idle.taskId);
  }

  #armTimer(taskId: string): void {
    const timer = setTimeout(() => {
      this.#timers.delete(taskId);
      void this.closeSession(taskId);
    }, this.#options.inactivityMs());
    timer.unref();
    this.#timers.set(taskId, timer);
  }

  #clearTimer(taskId: string): void {
    const timer = this.#timers.get(taskId);
    if (timer !== undefined) clearTimeout(timer);
    this.#timers.delete(taskId);
  }

  #forget(taskId: string): Promise<BrowserSession> | undefined {
    const pending = this.#sessions.get(taskId);
    this.#sessions.delete(taskId);
    this.#blocked.delete(taskId);
    this.#clearTimer(taskId);
    return pending;
  }

  /** Close one task's context; the browser exits when no context is left. */
  async closeSession(taskId: string): Promise<void> {
    const pending = this.#forget(taskId);
    if (pending === undefined) return;
    const session = await pending.catch(() => undefined);
    await session?.close();
    if (this.#sessions.size === 0) await this.#closeBrowser();
  }

  async #closeBrowser(): Promise<void> {
    const launching = this.#browser;
    this.#browser = undefined;
    const browser = await launching?.catch(() => undefined);
    await browser?.close().catch(() => undefined);
  }

  /** Close every context and the browser; later calls are refused. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#sessions.keys()].map((taskId) => this.closeSession(taskId)));
    await this.#closeBrowser();
  }
}

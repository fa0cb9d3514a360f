import { mkdir } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { createStderrLogger, redactSecrets } from "@hermes-agent/core";
import { toolResult, type ToolCallContext } from "@hermes-agent/registry";
import type { Page } from "playwright-core";
import { BrowserSessionPool } from "./browser-session-pool.js";
import { evaluateSettled, type BrowserSession } from "./browser-session.js";
import {
  BrowserSettings,
  SNAPSHOT_CHAR_LIMIT,
  DEFAULT_MAX_SESSIONS,
  type BrowserToolsDeps,
} from "./browser-settings.js";
import { BrowserToolsError, BrowserToolsErrorCode } from "./browser-tools-error.js";
import { chromiumFor, visionAvailableFor } from "./browser-availability.js";
import type { ChromiumLookup } from "./chromium-executable.js";
import { imagesInPage, scrollInPage } from "./page-snapshot.js";
import { UrlGuard } from "./url-guard.js";

type Args = Record<string, unknown>;

const MAX_IMAGES = 200;

function fail(error: string): string {
  return toolResult({ success: false, error });
}

function errorText(error: unknown): string {
  if (BrowserToolsError.isInstance(error)) return error.message;
  const text = error instanceof Error ? error.message : String(error);
  return redactSecrets(text.split("\n")[0] ?? text);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === "TimeoutError";
}

function stringArg(args: Args, name: string): string | undefined {
  const value = args[name];
  return typeof value === "string" ? value : undefined;
}

/** The browser tools' implementations over one session pool. */
export class BrowserToolHandlers {
  readonly settings: BrowserSettings;
  readonly pool: BrowserSessionPool;
  readonly #deps: BrowserToolsDeps;

  constructor(deps: BrowserToolsDeps) {
    this.#deps = deps;
    this.settings = new BrowserSettings(deps);
    const guard = new UrlGuard(() => this.settings.allowPrivateUrls(), deps.resolveHost);
    this.pool = new BrowserSessionPool({
      executablePath: () => {
        const lookup = this.chromium();
        if (!lookup.found)
          throw new BrowserToolsError(BrowserToolsErrorCode.NoChromium, lookup.reason);
        return lookup.path;
      },
      guard,
      inactivityMs: () => this.settings.inactivityMs(),
      requestTimeoutMs: () => this.settings.commandTimeoutMs(),
      maxSessions: deps.maxSessions ?? DEFAULT_MAX_SESSIONS,
      launchTimeoutMs: 30_000,
      hostEnv: this.settings.env(),
      logger: deps.logger ?? createStderrLogger({ name: "hermes-browser-tools" }),
    });
    this.#guard = guard;
  }

  readonly #guard: UrlGuard;

  /** Where Chromium is, or why there is none. */
  chromium(): ChromiumLookup {
    return chromiumFor(this.settings, this.#deps);
  }

  /** True when browser_vision can analyse screenshots. */
  visionAvailable(): boolean {
    return visionAvailableFor(this.#deps);
  }

  async #run(
    ctx: ToolCallContext,
    create: boolean,
    action: (session: BrowserSession) => Promise<Record<string, unknown>>,
  ): Promise<string> {
    const lookup = this.chromium();
    if (!lookup.found) return fail(lookup.reason);
    try {
      return toolResult(await this.pool.use(ctx.taskId ?? "default", create, action));
    } catch (error) {
      return fail(errorText(error));
    }
  }

  navigate(args: Args, ctx: ToolCallContext): Promise<string> {
    const url = stringArg(args, "url")?.trim() ?? "";
    return (async () => {
      if (url === "") return fail("url is required: give the absolute http(s) URL to open.");
      const lookup = this.chromium();
      if (!lookup.found) return fail(lookup.reason);
      const refused = await this.#guard.refuseNavigation(url);
      if (refused !== undefined) return fail(refused);
      const taskId = ctx.taskId ?? "default";
      return this.#run(ctx, true, async (session) => {
        const page = await session.page();
        const timeout = this.settings.commandTimeoutMs();
        try {
          await page.goto(url, { waitUntil: "domcontentloaded", timeout });
        } catch (error) {
          const blocked = this.pool.takeBlockedReason(taskId);
          if (blocked !== undefined)
            throw new BrowserToolsError(BrowserToolsErrorCode.BlockedAddress, blocked);
          if (isTimeout(error)) {
            throw new BrowserToolsError(
              BrowserToolsErrorCode.Timeout,
              `Navigation to ${url} timed out after ${String(timeout / 1000)}s: the page did not finish loading. Try again, or browser_snapshot to see what loaded.`,
            );
          }
          throw error;
        } finally {
          session.clearRefs();
        }
        return { success: true, url: page.url(), title: await page.title() };
      });
    })();
  }

  snapshot(args: Args, ctx: ToolCallContext): Promise<string> {
    const full = args["full"] === true;
    return this.#run(ctx, false, async (session) => {
      const shot = await session.snapshot(full);
      let text = shot.lines.join("\n");
      if (text === "") text = "(empty page: no headings or interactive elements)";
      if (text.length > SNAPSHOT_CHAR_LIMIT) {
        const cut = text.lastIndexOf("\n", SNAPSHOT_CHAR_LIMIT);
        const kept = text.slice(0, cut > 0 ? cut : SNAPSHOT_CHAR_LIMIT);
        text = `${kept}\n\n[... snapshot truncated: ${String(text.length - kept.length)} more characters. Scroll or use full=false for a compact view ...]`;
      }
      return { success: true, snapshot: text, element_count: shot.refCount };
    });
  }

  click(args: Args, ctx: ToolCallContext): Promise<string> {
    const ref = stringArg(args, "ref") ?? "";
    return this.#run(ctx, false, async (session) => {
      const locator = await session.locate(ref);
      await locator.click({ timeout: this.settings.commandTimeoutMs() });
      return { success: true, clicked: ref };
    });
  }

  type(args: Args, ctx: ToolCallContext): Promise<string> {
    const ref = stringArg(args, "ref") ?? "";
    const text = stringArg(args, "text") ?? "";
    return this.#run(ctx, false, async (session) => {
      const locator = await session.locate(ref);
      await locator.fill(text, { timeout: this.settings.commandTimeoutMs() });
      return { success: true, typed: text, element: ref };
    });
  }

  press(args: Args, ctx: ToolCallContext): Promise<string> {
    const key = stringArg(args, "key") ?? "";
    return this.#run(ctx, false, async (session) => {
      if (key.trim() === "") throw new Error("key is required, e.g. 'Enter', 'Tab' or 'Escape'.");
      await session.currentPage().keyboard.press(key);
      return { success: true, pressed: key };
    });
  }

  scroll(args: Args, ctx: ToolCallContext): Promise<string> {
    const direction = stringArg(args, "direction") ?? "";
    if (direction !== "up" && direction !== "down") {
      return Promise.resolve(fail(`Invalid direction '${direction}'. Use 'up' or 'down'.`));
    }
    return this.#run(ctx, false, async (session) => {
      const sign = direction === "down" ? 1 : -1;
      await evaluateSettled(session.currentPage(), scrollInPage, sign);
      return { success: true, scrolled: direction };
    });
  }

  back(_args: Args, ctx: ToolCallContext): Promise<string> {
    return this.#run(ctx, false, async (session) => {
      const page = session.currentPage();
      const response = await page
        .goBack({ waitUntil: "domcontentloaded", timeout: this.settings.commandTimeoutMs() })
        .finally(() => {
          session.clearRefs();
        });
      if (response === null && page.url() === "about:blank") {
        throw new Error("No previous page in history.");
      }
      return { success: true, url: page.url() };
    });
  }

  getImages(_args: Args, ctx: ToolCallContext): Promise<string> {
    return this.#run(ctx, false, async (session) => {
      const images = await evaluateSettled(session.currentPage(), imagesInPage, MAX_IMAGES);
      return { success: true, images, count: images.length };
    });
  }

  console(args: Args, ctx: ToolCallContext): Promise<string> {
    const expression = stringArg(args, "expression");
    const clear = args["clear"] === true;
    return this.#run(ctx, false, async (session) => {
      if (expression !== undefined && expression.trim() !== "") {
        const page: Page = session.currentPage();
        const value: unknown = await evaluateSettled(
          page,
          (source: string) => (0, eval)(source) as unknown,
          expression,
        );
        return {
          success: true,
          result: value ?? null,
          result_type: value === null ? "null" : typeof value,
        };
      }
      const messages = [...session.console];
      const errors = [...session.errors];
      if (clear) {
        session.console.length = 0;
        session.errors.length = 0;
      }
      return {
        success: true,
        console_messages: messages,
        js_errors: errors,
        total_messages: messages.length,
        total_errors: errors.length,
      };
    });
  }

  vision(args: Args, ctx: ToolCallContext): Promise<string> {
    const question = stringArg(args, "question") ?? "";
    const analyze = this.#deps.analyzeImage;
    if (analyze === undefined || !this.visionAvailable()) {
      return Promise.resolve(
        fail(
          "browser_vision needs a vision model: configure auxiliary.vision (vision_analyze) first.",
        ),
      );
    }
    return this.#run(ctx, false, async (session) => {
      const page = session.currentPage();
      const home = this.#deps.hermesHome;
      if (home === undefined) throw new Error("No HERMES_HOME to store the screenshot in.");
      const dir = path.join(home, "cache", "screenshots");
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `browser_screenshot_${randomUUID()}.png`);
      await page.screenshot({ path: file, timeout: this.settings.commandTimeoutMs() });
      const analysis = await analyze(file, question, ctx.signal);
      return { success: true, analysis, screenshot_path: file };
    });
  }
}

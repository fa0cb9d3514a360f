import type { JsonSchema, ToolCallContext, ToolRegistry } from "@hermes-agent/registry";
import { chromiumFor, visionAvailableFor } from "./browser-availability.js";
import type { BrowserToolHandlers } from "./browser-tool-handlers.js";
import { BrowserSettings, type BrowserToolsDeps } from "./browser-settings.js";

/** Toolset the browser tools belong to. */
export const BROWSER_TOOLSET = "browser";

/** What `registerBrowserTools` hands back: shut the browser down, and why it is unavailable. */
export interface BrowserToolsHandle {
  /** Close every task's context and the browser. */
  close(): Promise<void>;
  /** Why the browser tools are unavailable now, or undefined when Chromium is found. */
  unavailableReason(): string | undefined;
}

const NO_ARGS: JsonSchema = { type: "object", properties: {}, required: [] };

interface BrowserToolDef {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly run: (
    h: BrowserToolHandlers,
    args: Record<string, unknown>,
    ctx: ToolCallContext,
  ) => Promise<string>;
}

const TOOLS: readonly BrowserToolDef[] = [
  {
    name: "browser_navigate",
    description:
      "Navigate to a URL in the browser. Initializes the session and loads the page. Must be called before other browser tools. For simple information retrieval, prefer web_search or web_extract (faster, cheaper). Use browser tools when you need to interact with a page (click, fill forms, dynamic content).",
    parameters: {
      type: "object",
      properties: {
        url: {
          type: "string",
          description: "The URL to navigate to (e.g., 'https://example.com')",
        },
      },
      required: ["url"],
    },
    run: (h, a, c) => h.navigate(a, c),
  },
  {
    name: "browser_snapshot",
    description:
      "Get a text-based snapshot of the current page's accessibility tree. Returns interactive elements with ref IDs (like @e1, @e2) for browser_click and browser_type. full=false (default): compact view with interactive elements. full=true: complete page content. Snapshots over 8000 chars are truncated. Requires browser_navigate first.",
    parameters: {
      type: "object",
      properties: {
        full: {
          type: "boolean",
          description:
            "If true, returns complete page content. If false (default), returns compact view with interactive elements only.",
          default: false,
        },
      },
      required: [],
    },
    run: (h, a, c) => h.snapshot(a, c),
  },
  {
    name: "browser_click",
    description:
      "Click on an element identified by its ref ID from the snapshot (e.g., '@e5'). The ref IDs are shown in square brackets in the snapshot output. Requires browser_navigate and browser_snapshot to be called first.",
    parameters: {
      type: "object",
      properties: {
        ref: {
          type: "string",
          description: "The element reference from the snapshot (e.g., '@e5', '@e12')",
        },
      },
      required: ["ref"],
    },
    run: (h, a, c) => h.click(a, c),
  },
  {
    name: "browser_type",
    description:
      "Type text into an input field identified by its ref ID. Clears the field first, then types the new text. Requires browser_navigate and browser_snapshot to be called first.",
    parameters: {
      type: "object",
      properties: {
        ref: {
          type: "string",
          description: "The element reference from the snapshot (e.g., '@e3')",
        },
        text: { type: "string", description: "The text to type into the field" },
      },
      required: ["ref", "text"],
    },
    run: (h, a, c) => h.type(a, c),
  },
  {
    name: "browser_scroll",
    description:
      "Scroll the page in a direction. Use this to reveal more content that may be below or above the current viewport. Requires browser_navigate to be called first.",
    parameters: {
      type: "object",
      properties: {
        direction: { type: "string", enum: ["up", "down"], description: "Direction to scroll" },
      },
      required: ["direction"],
    },
    run: (h, a, c) => h.scroll(a, c),
  },
  {
    name: "browser_back",
    description:
      "Navigate back to the previous page in browser history. Requires browser_navigate to be called first.",
    parameters: NO_ARGS,
    run: (h, a, c) => h.back(a, c),
  },
  {
    name: "browser_press",
    description:
      "Press a keyboard key. Useful for submitting forms (Enter), navigating (Tab), or keyboard shortcuts. Requires browser_navigate to be called first.",
    parameters: {
      type: "object",
      properties: {
        key: {
          type: "string",
          description: "Key to press (e.g., 'Enter', 'Tab', 'Escape', 'ArrowDown')",
        },
      },
      required: ["key"],
    },
    run: (h, a, c) => h.press(a, c),
  },
  {
    name: "browser_get_images",
    description:
      "Get a list of all images on the current page with their URLs and alt text. Useful for finding images to analyze with the vision tool. Requires browser_navigate to be called first.",
    parameters: NO_ARGS,
    run: (h, a, c) => h.getImages(a, c),
  },
  {
    name: "browser_vision",
    description:
      "Take a screenshot of the current page and analyze it with vision AI. Use this when you need to visually understand what's on the page - especially useful for CAPTCHAs, visual verification challenges, complex layouts, or when the text snapshot doesn't capture important visual information. Returns both the AI analysis and a screenshot_path that you can share with the user by including MEDIA:<screenshot_path> in your response. Requires browser_navigate to be called first.",
    parameters: {
      type: "object",
      properties: {
        question: {
          type: "string",
          description:
            "What you want to know about the page visually. Be specific about what you're looking for.",
        },
      },
      required: ["question"],
    },
    run: (h, a, c) => h.vision(a, c),
  },
  {
    name: "browser_console",
    description:
      "Get browser console output and JavaScript errors from the current page. Returns console.log/warn/error/info messages and uncaught JS exceptions. Use this to detect silent JavaScript errors, failed API calls, and application warnings. Requires browser_navigate to be called first. When 'expression' is provided, evaluates JavaScript in the page context and returns the result — use this for DOM inspection, reading page state, or extracting data programmatically.",
    parameters: {
      type: "object",
      properties: {
        clear: {
          type: "boolean",
          default: false,
          description: "If true, clear the message buffers after reading",
        },
        expression: {
          type: "string",
          description:
            "JavaScript expression to evaluate in the page context; its result is returned instead of the console output.",
        },
      },
      required: [],
    },
    run: (h, a, c) => h.console(a, c),
  },
];

/**
 * Register the browser tools (toolset `browser`) in `registry`. They are available when a
 * Chromium is found (`browser.executable_path`, `CHROME_PATH`, `/usr/bin/chromium`...);
 * browser_vision also needs `deps.analyzeImage`. Call `close()` on the handle at shutdown.
 */
export function registerBrowserTools(
  registry: ToolRegistry,
  deps: BrowserToolsDeps = {},
): BrowserToolsHandle {
  const settings = new BrowserSettings(deps);
  const hasChromium = () => chromiumFor(settings, deps).found;
  // The handlers (sessions, Playwright, snapshots) load at the first call, not here.
  let loading: Promise<BrowserToolHandlers> | undefined;
  const handlers = (): Promise<BrowserToolHandlers> =>
    (loading ??= import("./browser-tool-handlers.js").then(
      ({ BrowserToolHandlers }) => new BrowserToolHandlers(deps),
    ));
  for (const tool of TOOLS) {
    registry.register({
      name: tool.name,
      toolset: BROWSER_TOOLSET,
      schema: { description: tool.description, parameters: tool.parameters },
      handler: async (args: Record<string, unknown>, ctx: ToolCallContext) =>
        tool.run(await handlers(), args, ctx),
      checkFn:
        tool.name === "browser_vision"
          ? () => hasChromium() && visionAvailableFor(deps)
          : hasChromium,
      isAsync: true,
      emoji: "🌐",
    });
  }
  return {
    close: async () => {
      // Nothing to close when no call loaded the handlers (or loading them failed).
      const loaded = await loading?.catch(() => undefined);
      await loaded?.pool.close();
    },
    unavailableReason: () => {
      const lookup = chromiumFor(settings, deps);
      return lookup.found ? undefined : lookup.reason;
    },
  };
}

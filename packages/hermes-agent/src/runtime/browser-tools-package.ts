import type { BrowserConfigInput } from "@hermes-agent/browser-tools";
import { defineToolPackage, type ToolPackage, type ToolPackageContext } from "./tool-package.js";

/** Run vision_analyze through the runtime on a screenshot file; its analysis text or an error. */
async function analyzeWithVisionTool(
  ctx: ToolPackageContext,
  file: string,
  question: string,
  signal: AbortSignal,
): Promise<string> {
  const raw = await ctx.handleFunctionCall(
    "vision_analyze",
    { image_url: file, question },
    { signal },
  );
  const result = JSON.parse(raw) as { success?: unknown; analysis?: unknown; error?: unknown };
  if (typeof result.analysis === "string" && result.success !== false) return result.analysis;
  throw new Error(typeof result.error === "string" ? result.error : "vision_analyze failed");
}

/**
 * The browser tools: registered when a Chromium is found; browser_vision goes through
 * vision_analyze and is offered only while that tool is available.
 */
export const BROWSER_TOOLS_PACKAGE: ToolPackage = defineToolPackage({
  name: "@hermes-agent/browser-tools",
  load: () => import("@hermes-agent/browser-tools"),
  register: (browser, ctx) => {
    const handle = browser.registerBrowserTools(ctx.registry, {
      config: () => ctx.configSource.readSync() as BrowserConfigInput,
      env: ctx.env,
      hermesHome: ctx.hermesHome,
      logger: ctx.logger,
      analyzeImage: (file, question, signal) => analyzeWithVisionTool(ctx, file, question, signal),
      visionAvailable: () => ctx.registry.getDefinitions(["vision_analyze"]).length > 0,
    });
    const reason = handle.unavailableReason();
    if (reason !== undefined) ctx.logger.info(`browser tools unavailable: ${reason}`);
    return { close: () => handle.close() };
  },
});

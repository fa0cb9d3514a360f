import type { BrowserSettings, BrowserToolsDeps } from "./browser-settings.js";
import { findChromium, type ChromiumLookup } from "./chromium-executable.js";

/**
 * The Chromium the browser tools would use now (`browser.executable_path`, `CHROME_PATH`, the
 * usual paths), or why there is none. Registration checks it without loading the handlers.
 */
export function chromiumFor(settings: BrowserSettings, deps: BrowserToolsDeps): ChromiumLookup {
  return findChromium(
    settings.executablePath(),
    settings.env()["CHROME_PATH"],
    deps.chromiumCandidates,
  );
}

/** True when browser_vision can describe screenshots now (an image analyser that is ready). */
export function visionAvailableFor(deps: BrowserToolsDeps): boolean {
  return deps.analyzeImage !== undefined && (deps.visionAvailable?.() ?? true);
}

// Anything exported here is public API of @hermes-agent/browser-tools: change it only in a major version.
export { VERSION } from "./version.js";
export {
  registerBrowserTools,
  BROWSER_TOOLSET,
  type BrowserToolsHandle,
} from "./register-browser-tools.js";
export {
  DEFAULT_COMMAND_TIMEOUT_S,
  DEFAULT_INACTIVITY_TIMEOUT_S,
  DEFAULT_MAX_SESSIONS,
  SNAPSHOT_CHAR_LIMIT,
} from "./browser-settings.js";
export type {
  BrowserConfigInput,
  BrowserConfigSection,
  BrowserToolsDeps,
} from "./browser-settings.js";
export { BrowserToolsError, BrowserToolsErrorCode } from "./browser-tools-error.js";
export { CHROMIUM_ARGS, findChromium, type ChromiumLookup } from "./chromium-executable.js";
export { BLOCKED_URL_MESSAGE, type HostResolver } from "./url-guard.js";

// Anything exported here is public API of @hermes-agent/web-tools/register: change it only in a major version.
// The registration entry: what a runtime needs to register the web tools, without the fetcher,
// extractors and providers their first call loads.
export { registerWebTools, WEB_TOOLSET } from "./register-web-tools.js";
export type { WebConfigInput, WebConfigSection, WebToolsDeps } from "./web-settings.js";

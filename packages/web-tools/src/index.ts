// Anything exported here is public API of @hermes-agent/web-tools: change it only in a major version.
export { VERSION } from "./version.js";
export { registerWebTools, WEB_TOOLSET } from "./register-web-tools.js";
export type { WebConfigInput, WebConfigSection, WebToolsDeps } from "./web-settings.js";
export { WebToolsError, WebToolsErrorCode } from "./web-tools-error.js";
export { WEB_BACKENDS } from "./providers/provider-types.js";
export type {
  FetchFunction,
  SearchHit,
  PageResult,
  WebBackend,
} from "./providers/provider-types.js";
export { BACKEND_ENV } from "./providers/select-provider.js";
export type { EnvLookup } from "./providers/select-provider.js";
export { isBlockedAddress } from "./fetch/address-rules.js";
export { BLOCKED_URL_MESSAGE } from "./fetch/url-policy.js";
export { DEFAULT_FETCH_LIMITS } from "./fetch/safe-fetch.js";
export type { FetchLimits, HostResolver, ResolvedAddress } from "./fetch/safe-fetch.js";
export type { RateLimits } from "./fetch/host-rate-limiter.js";

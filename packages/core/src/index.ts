// Anything exported here is public API of @hermes-agent/core: change it only in a major version.
export { VERSION } from "./version.js";
export { HermesError, hasErrorCode } from "./hermes-error.js";
export type { HermesErrorOptions } from "./hermes-error.js";
export { resolveHermesHome, userHome, expandHome } from "./hermes-home.js";
export type { EnvironmentVariables, ResolveHermesHomeOptions } from "./hermes-home.js";
export { redactSecrets } from "./redact-secrets.js";
export type { RedactOptions } from "./redact-secrets.js";
export {
  buildChildEnv,
  isSecretEnvName,
  CHILD_ENV_ALLOWLIST,
  CHILD_ENV_ALLOWED_PREFIXES,
} from "./child-env.js";
export type { ChildEnvOptions } from "./child-env.js";
export { createStderrLogger, silentLogger, LOG_LEVELS } from "./logger.js";
export type { Logger, LogLevel, StderrLoggerOptions } from "./logger.js";
export { isBlockedAddress, isMetadataAddress, isMetadataHostname } from "./network-address.js";
export { FetchError, FetchErrorCode } from "./fetch-error.js";
export { safeFetch, DEFAULT_FETCH_LIMITS, DEFAULT_USER_AGENT } from "./safe-fetch.js";
export type {
  FetchedResponse,
  FetchLimits,
  HostResolver,
  ResolvedAddress,
  SafeFetchOptions,
} from "./safe-fetch.js";
export {
  BLOCKED_URL_MESSAGE,
  assertHostAllowed,
  bareHostname,
  createUrlPolicy,
  isExempt,
  isRefusedAddress,
  parseWebUrl,
} from "./url-policy.js";
export type { UrlPolicy } from "./url-policy.js";
export { assertUrlSafe } from "./check-url.js";

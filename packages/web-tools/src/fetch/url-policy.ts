// The URL rules live in @hermes-agent/core, shared with every tool that fetches URLs.
export { BLOCKED_URL_MESSAGE, createUrlPolicy } from "@hermes-agent/core";
export type { UrlPolicy } from "@hermes-agent/core";

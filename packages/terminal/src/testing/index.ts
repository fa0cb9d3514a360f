// Anything exported here is public API of @hermes-agent/terminal/testing: change it only in a major version.
/**
 * `@hermes-agent/terminal/testing`: the conformance suite every terminal backend must pass,
 * for vitest. A third-party backend's test file calls {@link runEnvironmentConformance} with a
 * factory for its environments and adds its own cases.
 *
 * @packageDocumentation
 */
export { runEnvironmentConformance } from "./environment-conformance.js";
export type { EnvironmentConformanceOptions } from "./environment-conformance.js";
export { pollUntil } from "./polling.js";
export type { PollOptions } from "./polling.js";

export { createTempDir } from "./temp-dir.js";
export type { TempDir } from "./temp-dir.js";
export { isProcessAlive, killPids, waitUntil } from "./process-liveness.js";
export { runEnvironmentConformance } from "./environment-conformance.js";
export type {
  ConformanceBackgroundProcess,
  ConformanceEnvironment,
  ConformanceExecuteOptions,
  EnvironmentConformanceOptions,
} from "./environment-conformance.js";
export { inspectErrorExports } from "./error-exports.js";
export type { ErrorExportReport } from "./error-exports.js";

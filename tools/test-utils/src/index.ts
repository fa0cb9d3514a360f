export { createTempDir } from "./temp-dir.js";
export type { TempDir } from "./temp-dir.js";
export { isProcessAlive, killPids, waitForPidFile, waitUntil } from "./process-liveness.js";
export { inspectErrorExports } from "./error-exports.js";
export type { ErrorExportReport } from "./error-exports.js";

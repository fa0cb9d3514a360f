export { plugin } from "./plugin.js";
export { AuditLog } from "./audit-log.js";
export type { AuditRecord } from "./audit-log.js";
export { DEFAULT_GUARDED_TOOLS, readWriteGuardConfig } from "./write-guard-config.js";
export type { WriteGuardConfig } from "./write-guard-config.js";
export { isInside, realTarget, writeTargets } from "./write-targets.js";

export { plugin } from "./plugin.js";
export { createGitStatusTool, gitAvailable, gitStatusParameters } from "./git-status-tool.js";
export type { GitStatusToolOptions } from "./git-status-tool.js";
export { parsePorcelain } from "./git-porcelain.js";
export type { GitStatusSummary } from "./git-porcelain.js";

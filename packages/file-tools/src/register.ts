// Anything exported here is public API of @hermes-agent/file-tools/register: change it only in a major version.
// The registration entry: what a runtime needs to register the tools, without the matchers,
// parsers and search engines their calls load on first use.
export { FILE_TOOLSET, registerFileTools } from "./register-file-tools.js";
export type { FileTools, RegisterFileToolsOptions } from "./register-file-tools.js";

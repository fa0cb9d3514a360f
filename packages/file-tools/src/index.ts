// Anything exported here is public API of @hermes-agent/file-tools: change it only in a major version.
export { FILE_TOOLSET, registerFileTools } from "./register-file-tools.js";
export type { FileTools, RegisterFileToolsOptions } from "./register-file-tools.js";
export { FILE_TOOLS_DEFAULTS } from "./file-tools-settings.js";
export type { FileToolsSettings } from "./file-tools-settings.js";
export { fuzzyReplace, isAlreadyApplied } from "./fuzzy/fuzzy-replace.js";
export type { FuzzyReplaceResult } from "./fuzzy/fuzzy-replace.js";
export { MATCH_STRATEGIES } from "./fuzzy/match-strategies.js";
export type { MatchStrategy } from "./fuzzy/match-strategies.js";
export { parseV4aPatch } from "./patch/v4a-parser.js";
export type { Hunk, HunkLine, PatchOperation } from "./patch/v4a-parser.js";
export {
  PATCH_SCHEMA,
  READ_FILE_SCHEMA,
  SEARCH_FILES_SCHEMA,
  WRITE_FILE_SCHEMA,
} from "./tool-schemas.js";
export type { ParameterSchema } from "./tool-schemas.js";
export { FileToolsError, FileToolsErrorCode } from "./file-tools-error.js";
export { VERSION } from "./version.js";

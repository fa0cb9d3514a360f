import { MCP_TOOL_PACKAGE } from "./mcp-tool-package.js";
import type { ToolPackage } from "./tool-package.js";

/**
 * The built-in tool packages `createRuntime` registers, in this order. A tool package joins
 * the runtime with one entry here: `defineToolPackage({ name, load, register })`, where `load`
 * imports the package and `register` calls its `register<Name>Tools(ctx.registry, ctx)` and
 * returns what must be closed. A package that is not installed is skipped. The terminal package
 * is registered by the runtime itself (command approval and background processes hang on it).
 */
export const BUILTIN_TOOL_PACKAGES: readonly ToolPackage[] = [MCP_TOOL_PACKAGE];

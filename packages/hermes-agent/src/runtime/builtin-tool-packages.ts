import { BROWSER_TOOLS_PACKAGE } from "./browser-tools-package.js";
import { EXECUTE_CODE_PACKAGE } from "./execute-code-package.js";
import { FILE_TOOLS_PACKAGE } from "./file-tools-package.js";
import { MCP_TOOL_PACKAGE } from "./mcp-tool-package.js";
import { MODEL_TOOLS_PACKAGE } from "./model-tools-package.js";
import { defineToolPackage, type ToolPackage } from "./tool-package.js";

/**
 * The built-in tool packages `createRuntime` registers, in this order. A tool package joins
 * the runtime with one entry here: `defineToolPackage({ name, load, register })`, where `load`
 * imports the package and `register` calls its `register<Name>Tools(ctx.registry, ctx)` and
 * returns what must be closed. A package that is not installed is skipped. The terminal package
 * is registered by the runtime itself (command approval and background processes hang on it).
 */
export const BUILTIN_TOOL_PACKAGES: readonly ToolPackage[] = [
  FILE_TOOLS_PACKAGE,
  defineToolPackage({
    name: "@hermes-agent/web-tools",
    load: () => import("@hermes-agent/web-tools/register"),
    register: (web, ctx) => {
      web.registerWebTools(ctx.registry, {
        config: () => ctx.configSource.readSync(),
        env: ctx.env,
        logger: ctx.logger,
      });
    },
  }),
  defineToolPackage({
    name: "@hermes-agent/skills",
    load: () => import("@hermes-agent/skills"),
    register: (skills, ctx) => {
      // Per skill: a deleted skill's variables leave, unless another loaded skill needs them.
      const passthrough = new skills.SkillEnvPassthrough();
      passthrough.onChange((names) => ctx.envPassthrough.set("@hermes-agent/skills", names));
      skills.registerSkillsTools(ctx.registry, {
        hermesHome: ctx.hermesHome,
        config: () => ctx.configSource.readSync(),
        env: ctx.env,
        envPassthrough: passthrough,
        logger: ctx.logger,
      });
    },
  }),
  MCP_TOOL_PACKAGE,
  EXECUTE_CODE_PACKAGE,
  BROWSER_TOOLS_PACKAGE,
  MODEL_TOOLS_PACKAGE,
];

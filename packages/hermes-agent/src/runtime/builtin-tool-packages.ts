import { defineToolPackage, type ToolPackage } from "./tool-package.js";

/**
 * The built-in tool packages `createRuntime` registers, in this order. A tool package joins
 * the runtime with one entry here: `defineToolPackage({ name, load, register })`, where `load`
 * imports the package and `register` calls its `register<Name>Tools(ctx.registry, ctx)` and
 * returns what must be closed. A package that is not installed is skipped. The terminal package
 * is registered by the runtime itself (command approval and background processes hang on it).
 */
export const BUILTIN_TOOL_PACKAGES: readonly ToolPackage[] = [
  defineToolPackage({
    name: "@hermes-agent/file-tools",
    load: () => import("@hermes-agent/file-tools"),
    register: (module, ctx) => {
      const files = module.registerFileTools(ctx.registry, {
        terminal: ctx.terminal,
        hermesHome: ctx.hermesHome,
        hostEnv: ctx.env,
        maxLines: ctx.config.tool_output.max_lines,
        maxLineLength: ctx.config.tool_output.max_line_length,
      });
      // Repeated read_file/search_files calls count as a loop only while nothing else runs.
      const stop = ctx.events.on("tool:end", (event) => {
        if (event.tool !== "read_file" && event.tool !== "search_files") {
          files.notifyOtherToolCall(event.taskId);
        }
      });
      return { close: stop };
    },
  }),
];

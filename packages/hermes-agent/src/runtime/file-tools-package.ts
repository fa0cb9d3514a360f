import { defineToolPackage, type ToolPackage } from "./tool-package.js";

/**
 * `@hermes-agent/file-tools`: read_file, write_file, patch and search_files in the runtime's
 * terminal environments, with tool_output limits from config. Repeated read_file/search_files
 * calls count as a loop only while nothing else runs, so every other tool call resets them.
 */
export const FILE_TOOLS_PACKAGE: ToolPackage = defineToolPackage({
  name: "@hermes-agent/file-tools",
  load: () => import("@hermes-agent/file-tools/register"),
  register: (module, ctx) => {
    const files = module.registerFileTools(ctx.registry, {
      terminal: ctx.terminal,
      hermesHome: ctx.hermesHome,
      hostEnv: ctx.env,
      maxLines: ctx.config.tool_output.max_lines,
      maxLineLength: ctx.config.tool_output.max_line_length,
    });
    const stop = ctx.events.on("tool:end", (event) => {
      if (event.tool !== "read_file" && event.tool !== "search_files") {
        files.notifyOtherToolCall(event.taskId);
      }
    });
    return { close: stop };
  },
});

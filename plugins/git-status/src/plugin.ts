import { definePlugin, type PluginDefinition } from "@hermes-agent/plugin-loader";
import { createGitStatusTool } from "./git-status-tool.js";

/**
 * The plugin: registers `git_status`. `plugins.entries.git-status.repo` in config.yaml sets the
 * folder used when a call names none (default: the runtime's working directory).
 */
export const plugin: PluginDefinition = definePlugin({
  manifest: { name: "git-status", providesTools: ["git_status"] },
  register(ctx) {
    const repo = typeof ctx.config.repo === "string" ? ctx.config.repo : ctx.cwd;
    ctx.registerTool(createGitStatusTool({ defaultPath: repo }));
  },
});

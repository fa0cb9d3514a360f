import { definePlugin, type PluginDefinition } from "@hermes-agent/plugin-loader";
import { AuditLog } from "./audit-log.js";
import { readWriteGuardConfig } from "./write-guard-config.js";
import { isInside, realTarget, writeTargets } from "./write-targets.js";

/**
 * The plugin: a `pre_tool_call` policy that blocks `write_file` / `patch` calls whose target is
 * outside the allowed folders, a `post_tool_call` audit log of every call
 * (`<dataDir>/audit.jsonl`), and a `/write-guard` command that shows the policy.
 */
export const plugin: PluginDefinition = definePlugin({
  manifest: { name: "write-guard", providesHooks: ["pre_tool_call", "post_tool_call"] },
  register(ctx) {
    const config = readWriteGuardConfig(ctx.config, ctx.cwd);
    const allowed = config.allowedPaths.map((folder) => realTarget(folder, ctx.cwd));
    const guarded = new Set(config.guardedTools);

    ctx.registerHook("pre_tool_call", ({ toolName, args }) => {
      if (!guarded.has(toolName)) return undefined;
      for (const target of writeTargets(args)) {
        const real = realTarget(target, ctx.cwd);
        if (!allowed.some((folder) => isInside(real, folder))) {
          return {
            action: "block",
            message:
              `write-guard: writing to '${target}' is not allowed (it resolves to ${real}); ` +
              `allowed folders: ${allowed.join(", ")}. Ask the user to add the folder to ` +
              "plugins.entries.write-guard.allowed_paths if the write is intended.",
          };
        }
      }
      return undefined;
    });

    if (config.audit) {
      const log = new AuditLog(ctx.dataDir, ctx.logger);
      ctx.registerHook("post_tool_call", (call) => log.record(call));
      ctx.onUnload(() => log.flush());
    }

    ctx.registerCommand(
      "write-guard",
      () =>
        [
          `Writes by ${[...guarded].join(", ")} are allowed in:`,
          ...allowed.map((folder) => `  ${folder}`),
          config.audit ? `Audit log: ${ctx.dataDir}/audit.jsonl` : "Audit log: off",
        ].join("\n"),
      "Show where file writes are allowed",
    );
  },
});

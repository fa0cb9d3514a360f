import path from "node:path";
import { defineToolPackage, type ToolPackage } from "./tool-package.js";

/**
 * `execute_code`: scripts' tool calls go through the runtime's full pipeline with origin
 * `execute_code` (hooks and approval apply as to direct calls); the script runs in the task's
 * terminal environment (file RPC when it is not local), after the runtime's execute_code guard.
 */
export const EXECUTE_CODE_PACKAGE: ToolPackage = defineToolPackage({
  name: "@hermes-agent/execute-code",
  load: () => import("@hermes-agent/execute-code/register"),
  register(module, ctx) {
    const executor = module.registerExecuteCodeTool(ctx.registry, {
      callTool: (name, args, call) =>
        ctx.handleFunctionCall(name, args, {
          origin: "execute_code",
          signal: call.signal,
          ...(call.taskId === undefined ? {} : { taskId: call.taskId }),
        }),
      settings: ctx.config.code_execution,
      hostEnv: ctx.env,
      // Kept up to date in place, so names skills pass later (or no longer) apply to scripts too.
      envPassthrough: ctx.envPassthrough.list,
      resolveCwd: async (taskId) => (await ctx.terminal.environment(taskId)).cwd,
      environment: (taskId) => ctx.terminal.environment(taskId),
      approveScript: (code, check) =>
        ctx.approval.checkExecuteCodeGuard(code, {
          envType: check.envType,
          ...(check.taskId === undefined ? {} : { sessionKey: check.taskId }),
          ...(check.signal === undefined ? {} : { signal: check.signal }),
          ...(check.language === undefined ? {} : { language: check.language }),
          ...(check.cwd === undefined ? {} : { commandContext: { cwd: check.cwd } }),
        }),
      spillDirectory: path.join(ctx.hermesHome, "cache", "exec"),
      onScriptStderr: (event) => ctx.events.emit("execute_code:stderr", event),
    });
    // The description the model sees is built from data for each selection: the sandbox
    // tools it offers, their registered parameters, and this runtime's limits.
    const describeForSelection = module.createExecuteCodeSchemaPatch({
      mode: executor.settings.mode,
      timeoutSeconds: executor.settings.timeout,
      maxToolCalls: executor.settings.max_tool_calls,
      persistent: executor.settings.persistent,
      toolParameters: (tool) => ctx.registry.getSchema(tool)?.parameters,
    });
    return {
      close: () => executor.close(),
      schemaPatches: { execute_code: describeForSelection },
    };
  },
});

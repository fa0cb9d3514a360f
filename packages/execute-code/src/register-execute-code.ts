import { toolError, type ToolRegistry } from "@hermes-agent/registry";
import {
  createCodeExecutor,
  type CodeExecutor,
  type CodeExecutorOptions,
} from "./code-executor.js";
import type { ExecuteCodeArgs } from "./execute-code-arguments.js";
import { buildExecuteCodeSchema } from "./execute-code-schema.js";
import { SANDBOX_ALLOWED_TOOLS, sandboxToolsFor } from "./sandbox-tools.js";

/** Seconds after a script's own timeout for killing it and collecting its output. */
const EXECUTE_CODE_CLEANUP_SECONDS = 60;

declare module "@hermes-agent/registry" {
  interface DispatchContext {
    /** The tools the calling agent has enabled; execute_code scripts may call only these. */
    readonly enabledTools?: readonly string[];
  }
}

/** Toolset of the execute_code tool. */
export const CODE_EXECUTION_TOOLSET = "code_execution";

/** Options of {@link registerExecuteCodeTool}. */
export interface RegisterExecuteCodeOptions extends Omit<CodeExecutorOptions, "toolParameters"> {
  /** Whether Unix-domain sockets work here; default: every platform but Windows. */
  readonly socketsAvailable?: boolean;
}

const LENIENT_PARAMETERS = { type: "object", properties: {}, additionalProperties: true } as const;

const SANDBOX_UNAVAILABLE =
  "execute_code sandbox is unavailable in this environment. Use normal tool calls (terminal, read_file, write_file, ...) instead.";

/**
 * Register `execute_code` (🐍, toolset `code_execution`) in `registry`. Stubs are generated from
 * the tools registered there; the session's enabled tools come from the call context's
 * `enabledTools` (default: the allowed tools that are registered and available). Returns the
 * executor; `close()` it when done.
 */
export function registerExecuteCodeTool(
  registry: ToolRegistry,
  options: RegisterExecuteCodeOptions,
): CodeExecutor {
  const executor = createCodeExecutor({
    ...options,
    toolParameters: (tool) => registry.getSchema(tool)?.parameters,
  });
  const socketsAvailable = options.socketsAvailable ?? process.platform !== "win32";
  const allowed = options.allowedTools ?? SANDBOX_ALLOWED_TOOLS;
  // The allowed tools that are registered and pass their availability check right now.
  // Checked here rather than through getDefinitions, which calls back into this schema's overrides.
  const availableAllowed = (): string[] =>
    allowed.filter((name) => {
      const entry = registry.getEntry(name);
      if (entry === undefined) return false;
      try {
        return entry.checkFn?.() ?? true;
      } catch {
        return false;
      }
    });
  const schemaFor = () =>
    buildExecuteCodeSchema({
      offeredTools: sandboxToolsFor(availableAllowed(), allowed),
      mode: executor.settings.mode,
      timeoutSeconds: executor.settings.timeout,
      maxToolCalls: executor.settings.max_tool_calls,
      persistent: executor.settings.persistent,
      toolParameters: (tool) => registry.getSchema(tool)?.parameters,
    });
  const initial = schemaFor();
  registry.register<ExecuteCodeArgs>({
    name: "execute_code",
    toolset: CODE_EXECUTION_TOOLSET,
    emoji: "🐍",
    maxResultSizeChars: 100_000,
    // The handler checks its own arguments so the model gets Hermes' actionable messages (a
    // `command` argument, non-string code); the model is shown the full schema below.
    schema: {
      name: initial.name,
      description: initial.description,
      parameters: LENIENT_PARAMETERS,
    },
    checkFn: () => socketsAvailable,
    // The script's own limit (`code_execution.timeout`) ends it; the registry's backstop comes
    // after that and its cleanup, never before (the default 300 s would cut a longer limit).
    timeoutMs: () => (executor.settings.timeout + EXECUTE_CODE_CLEANUP_SECONDS) * 1000,
    dynamicSchemaOverrides: () => {
      const schema = schemaFor();
      return { description: schema.description, parameters: schema.parameters };
    },
    handler: async (args, ctx) => {
      if (!socketsAvailable) return toolError(SANDBOX_UNAVAILABLE);
      // With the script stubs it generates: loaded at the first call, not at registration.
      const { validateArguments } = await import("./execute-code-arguments.js");
      const checked = validateArguments(args);
      if ("error" in checked) return toolError(checked.error);
      const enabled = ctx.enabledTools;
      const result = await executor.run({
        code: checked.code,
        language: checked.language,
        reset: checked.reset,
        taskId: ctx.taskId,
        enabledTools: Array.isArray(enabled)
          ? enabled.filter((name): name is string => typeof name === "string")
          : availableAllowed(),
        signal: ctx.signal,
      });
      return JSON.stringify(result);
    },
  });
  return executor;
}

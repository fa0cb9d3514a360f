import { resolveHermesHome } from "@hermes-agent/core";
import type { ToolCallContext, ToolRegistry } from "@hermes-agent/registry";
import type { Environment, TerminalRuntime } from "@hermes-agent/terminal";
import { createEnvironmentFileAccess } from "./access/environment-file-access.js";
import type { FileAccess } from "./access/file-access.js";
import { createHostFileAccess } from "./access/host-file-access.js";
import { errorJson, type FileToolContext } from "./file-tool-context.js";
import { FILE_TOOLS_DEFAULTS, type FileToolsSettings } from "./file-tools-settings.js";
import { patchTool, type PatchArgs } from "./patch/patch-tool.js";
import { readFileTool, type ReadFileArgs } from "./read/read-file.js";
import { searchFilesTool, type SearchFilesArgs } from "./search/search-files.js";
import { FileStateRegistry, PathLocks } from "./task-file-state.js";
import {
  PATCH_SCHEMA,
  READ_FILE_SCHEMA,
  SEARCH_FILES_SCHEMA,
  WRITE_FILE_SCHEMA,
} from "./tool-schemas.js";
import { writeFileTool, type WriteFileArgs } from "./write/write-file.js";

/** Toolset of the file tools. */
export const FILE_TOOLSET = "file";

/** Options of {@link registerFileTools}. */
export interface RegisterFileToolsOptions extends Partial<FileToolsSettings> {
  /** The terminal runtime whose per-task environments (and cwd) the tools work in. */
  readonly terminal: TerminalRuntime;
  /** Host environment for the Hermes home and the local fast path's child processes. */
  readonly hostEnv?: Readonly<Record<string, string | undefined>>;
}

/** What the runtime keeps to drive the tools' per-task state. */
export interface FileTools {
  readonly settings: FileToolsSettings;
  /**
   * Tell the tools that another tool ran for `taskId`: read_file/search_files repeats stop
   * counting as consecutive. The runtime calls it after every other tool call.
   */
  notifyOtherToolCall(taskId?: string): void;
  /** Forget which regions were returned (after context compression), for one task or all. */
  resetReadDedup(taskId?: string): void;
  /** Drop everything remembered about a task. */
  releaseTask(taskId: string): void;
}

type Handler<Args> = (ctx: FileToolContext, args: Args) => Promise<string>;

/**
 * Register read_file (📖), write_file (✍️), patch (🔧) and search_files (🔎) in toolset
 * `file`. Every call runs in the calling task's terminal environment: relative paths
 * resolve against its live cwd, and files are reached through that environment.
 */
export function registerFileTools(
  registry: ToolRegistry,
  options: RegisterFileToolsOptions,
): FileTools {
  const { terminal, hostEnv, ...overrides } = options;
  const settings: FileToolsSettings = {
    ...FILE_TOOLS_DEFAULTS,
    hermesHome: resolveHermesHome({ env: hostEnv ?? process.env }),
    ...overrides,
  };
  const states = new FileStateRegistry();
  const locks = new PathLocks();
  const accesses = new WeakMap<Environment, FileAccess>();
  const accessFor = (env: Environment): FileAccess => {
    let access = accesses.get(env);
    if (access === undefined) {
      access =
        env.type === "local" && settings.hostFastPath
          ? createHostFileAccess({
              cwd: () => env.cwd,
              ...(hostEnv === undefined ? {} : { hostEnv }),
            })
          : createEnvironmentFileAccess(env);
      accesses.set(env, access);
    }
    return access;
  };

  const wrap =
    <Args>(handler: Handler<Args>, resetsRepeats: boolean) =>
    async (args: Args, call: ToolCallContext): Promise<string> => {
      const taskId = call.taskId ?? "default";
      const state = states.forTask(taskId);
      if (resetsRepeats) state.otherToolCalled();
      try {
        const env = await terminal.environment(taskId);
        const release = terminal.hold(taskId);
        try {
          return await handler(
            { env, access: accessFor(env), state, locks, settings, signal: call.signal },
            args,
          );
        } finally {
          release();
        }
      } catch (error) {
        return errorJson(error instanceof Error ? error.message : String(error));
      }
    };

  const tools = [
    {
      name: "read_file",
      emoji: "📖",
      schema: READ_FILE_SCHEMA,
      handler: wrap<ReadFileArgs>(readFileTool, false),
    },
    {
      name: "write_file",
      emoji: "✍️",
      schema: WRITE_FILE_SCHEMA,
      handler: wrap<WriteFileArgs>(writeFileTool, true),
    },
    { name: "patch", emoji: "🔧", schema: PATCH_SCHEMA, handler: wrap<PatchArgs>(patchTool, true) },
    {
      name: "search_files",
      emoji: "🔎",
      schema: SEARCH_FILES_SCHEMA,
      handler: wrap<SearchFilesArgs>(searchFilesTool, false),
    },
  ] as const;
  for (const tool of tools) {
    registry.register({
      name: tool.name,
      toolset: FILE_TOOLSET,
      emoji: tool.emoji,
      maxResultSizeChars: 100_000,
      schema: {
        name: tool.name,
        description: tool.schema.description,
        parameters: tool.schema.parameters,
      },
      checkFn: () => terminal.available(),
      handler: tool.handler as (
        args: Record<string, unknown>,
        ctx: ToolCallContext,
      ) => Promise<string>,
    });
  }
  return {
    settings,
    notifyOtherToolCall: (taskId = "default") => states.forTask(taskId).otherToolCalled(),
    resetReadDedup: (taskId) => states.resetDedup(taskId),
    releaseTask: (taskId) => states.release(taskId),
  };
}

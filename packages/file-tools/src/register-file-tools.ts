import { resolveHermesHome } from "@hermes-agent/core";
import type { ToolCallContext, ToolRegistry } from "@hermes-agent/registry";
import type { Environment, TerminalRuntime } from "@hermes-agent/terminal";
import type { FileAccess } from "./access/file-access.js";
import { errorJson, type FileToolContext } from "./file-tool-context.js";
import { FILE_TOOLS_DEFAULTS, type FileToolsSettings } from "./file-tools-settings.js";
import type { PatchArgs } from "./patch/patch-tool.js";
import type { ReadFileArgs } from "./read/read-file.js";
import type { SearchFilesArgs } from "./search/search-files.js";
import { FileStateRegistry, PathLocks } from "./task-file-state.js";
import {
  PATCH_SCHEMA,
  READ_FILE_SCHEMA,
  SEARCH_FILES_SCHEMA,
  WRITE_FILE_SCHEMA,
} from "./tool-schemas.js";
import type { WriteFileArgs } from "./write/write-file.js";

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

/** Each tool's implementation, imported at its first call: registering loads none of them. */
const IMPLEMENTATIONS = {
  read_file: async (): Promise<Handler<ReadFileArgs>> =>
    (await import("./read/read-file.js")).readFileTool,
  write_file: async (): Promise<Handler<WriteFileArgs>> =>
    (await import("./write/write-file.js")).writeFileTool,
  patch: async (): Promise<Handler<PatchArgs>> => (await import("./patch/patch-tool.js")).patchTool,
  search_files: async (): Promise<Handler<SearchFilesArgs>> =>
    (await import("./search/search-files.js")).searchFilesTool,
} as const;

/** The file access of an environment: the host's fast path for a local one, else its shell. */
async function createFileAccess(
  env: Environment,
  settings: FileToolsSettings,
  hostEnv: Readonly<Record<string, string | undefined>> | undefined,
): Promise<FileAccess> {
  if (env.type === "local" && settings.hostFastPath) {
    const { createHostFileAccess } = await import("./access/host-file-access.js");
    return createHostFileAccess({
      cwd: () => env.cwd,
      ...(hostEnv === undefined ? {} : { hostEnv }),
    });
  }
  const { createEnvironmentFileAccess } = await import("./access/environment-file-access.js");
  return createEnvironmentFileAccess(env);
}

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
  const accessFor = async (env: Environment): Promise<FileAccess> => {
    let access = accesses.get(env);
    if (access === undefined) {
      access = await createFileAccess(env, settings, hostEnv);
      // A concurrent first call may have made one meanwhile: every call shares the first.
      access = accesses.get(env) ?? access;
      accesses.set(env, access);
    }
    return access;
  };

  const wrap =
    <Args>(load: () => Promise<Handler<Args>>, resetsRepeats: boolean) =>
    async (args: Args, call: ToolCallContext): Promise<string> => {
      const taskId = call.taskId ?? "default";
      const state = states.forTask(taskId);
      if (resetsRepeats) state.otherToolCalled();
      try {
        const handler = await load();
        const env = await terminal.environment(taskId);
        const release = terminal.hold(taskId);
        try {
          return await handler(
            { env, access: await accessFor(env), state, locks, settings, signal: call.signal },
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
      handler: wrap(IMPLEMENTATIONS.read_file, false),
    },
    {
      name: "write_file",
      emoji: "✍️",
      schema: WRITE_FILE_SCHEMA,
      handler: wrap(IMPLEMENTATIONS.write_file, true),
    },
    {
      name: "patch",
      emoji: "🔧",
      schema: PATCH_SCHEMA,
      handler: wrap(IMPLEMENTATIONS.patch, true),
    },
    {
      name: "search_files",
      emoji: "🔎",
      schema: SEARCH_FILES_SCHEMA,
      handler: wrap(IMPLEMENTATIONS.search_files, false),
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

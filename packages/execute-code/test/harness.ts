import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync, existsSync, statSync } from "node:fs";
import path from "node:path";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry, toolError } from "@hermes-agent/registry";
import {
  createTerminalRuntime,
  registerTerminalTools,
  type TerminalRuntime,
} from "@hermes-agent/terminal";
import { createTempDir, type TempDir } from "@hermes-agent/test-utils";
import {
  registerExecuteCodeTool,
  type CodeExecutor,
  type RegisterExecuteCodeOptions,
} from "../src/index.js";

let python: string | undefined;

/**
 * The Python the tests run scripts with: the first python3 on PATH that is not a launcher shim
 * (shims start slowly), resolved once to its real executable.
 */
export function testPython(): string {
  if (python !== undefined) return python;
  const dirs = (process.env.PATH ?? "").split(path.delimiter).filter((dir) => dir !== "");
  const candidates = dirs
    .map((dir) => path.join(dir, "python3"))
    .filter((file) => existsSync(file));
  const preferred =
    candidates.find((file) => !file.split(path.sep).includes("shims")) ?? candidates[0];
  if (preferred === undefined)
    throw new Error("python3 is needed for these tests: install python3");
  python = execFileSync(preferred, ["-c", "import sys; print(sys.executable)"], {
    encoding: "utf8",
  }).trim();
  return python;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

const webResults = [
  { url: "https://example.test/a", title: "Alpha", description: "first result" },
  { url: "https://example.test/b", title: "Beta", description: "second result" },
  { url: "https://example.test/c", title: "Gamma", description: "third result" },
];

/**
 * Register small file and web tools with Hermes' names and argument names, working on the
 * real file system under `root` (the real file tools live in another package).
 */
export function registerTestTools(registry: ToolRegistry, root: string): void {
  const resolve = (file: string): string => (path.isAbsolute(file) ? file : path.join(root, file));
  registry.register({
    name: "web_search",
    toolset: "web",
    schema: {
      description: "Search the web.",
      parameters: {
        type: "object",
        properties: { query: { type: "string" }, limit: { type: "integer", default: 5 } },
        required: ["query"],
      },
    },
    handler: (args: { query: string; limit?: number }) =>
      JSON.stringify({
        success: true,
        data: {
          web: webResults
            .slice(0, args.limit ?? 5)
            .map((r) => ({ ...r, description: `${r.description} for ${args.query}` })),
        },
      }),
  });
  registry.register({
    name: "read_file",
    toolset: "file",
    schema: {
      description: "Read a file.",
      parameters: {
        type: "object",
        properties: {
          path: { type: "string" },
          offset: { type: "integer" },
          limit: { type: "integer" },
        },
        required: ["path"],
      },
    },
    handler: (args: { path: string; offset?: number; limit?: number }) => {
      const file = resolve(args.path);
      if (!existsSync(file)) return toolError(`File not found: ${args.path}`);
      const lines = readFileSync(file, "utf8").split("\n");
      const start = (args.offset ?? 1) - 1;
      const slice = lines.slice(start, start + (args.limit ?? 2000));
      return JSON.stringify({
        content: slice.map((line, i) => `${start + i + 1}|${line}`).join("\n"),
        total_lines: lines.length,
      });
    },
  });
  registry.register({
    name: "write_file",
    toolset: "file",
    schema: {
      description: "Write a file.",
      parameters: {
        type: "object",
        properties: { path: { type: "string" }, content: { type: "string" } },
        required: ["path", "content"],
      },
    },
    handler: (args: { path: string; content: string }) => {
      writeFileSync(resolve(args.path), args.content);
      return JSON.stringify({ bytes_written: Buffer.byteLength(args.content) });
    },
  });
  registry.register({
    name: "search_files",
    toolset: "file",
    schema: {
      description: "Search files.",
      parameters: {
        type: "object",
        properties: {
          pattern: { type: "string" },
          target: { type: "string", enum: ["content", "files"] },
          path: { type: "string" },
          file_glob: { type: "string" },
          limit: { type: "integer" },
          offset: { type: "integer" },
          output_mode: { type: "string" },
          context: { type: "integer" },
        },
        required: ["pattern"],
      },
    },
    handler: (args: { pattern: string; target?: string; path?: string }) => {
      const base = resolve(args.path ?? ".");
      const files = statSync(base).isDirectory() ? walk(base) : [base];
      const pattern = new RegExp(args.pattern);
      if (args.target === "files") {
        return JSON.stringify({ files: files.filter((file) => pattern.test(path.basename(file))) });
      }
      const matches: { path: string; line: number; content: string }[] = [];
      for (const file of files) {
        readFileSync(file, "utf8")
          .split("\n")
          .forEach((content, index) => {
            if (pattern.test(content)) matches.push({ path: file, line: index + 1, content });
          });
      }
      return JSON.stringify({ total_count: matches.length, matches });
    },
  });
  registry.register({
    name: "patch",
    toolset: "file",
    schema: {
      description: "Patch a file.",
      parameters: {
        type: "object",
        properties: {
          mode: { type: "string" },
          path: { type: "string" },
          old_string: { type: "string" },
          new_string: { type: "string" },
          replace_all: { type: "boolean" },
          patch: { type: "string" },
        },
      },
    },
    handler: (args: {
      path?: string;
      old_string?: string;
      new_string?: string;
      replace_all?: boolean;
    }) => {
      if (args.path === undefined || args.old_string === undefined || args.new_string === undefined)
        return toolError("path, old_string and new_string are required in replace mode");
      const file = resolve(args.path);
      const text = readFileSync(file, "utf8");
      if (!text.includes(args.old_string)) return toolError(`old_string not found in ${args.path}`);
      const next =
        args.replace_all === true
          ? text.replaceAll(args.old_string, args.new_string)
          : text.replace(args.old_string, args.new_string);
      writeFileSync(file, next);
      return JSON.stringify({ success: true, diff: `-${args.old_string}\n+${args.new_string}` });
    },
  });
}

/** A registry with the real terminal tool, the test file/web tools and execute_code. */
export interface Harness {
  readonly registry: ToolRegistry;
  readonly executor: CodeExecutor;
  readonly terminal: TerminalRuntime;
  readonly workDir: TempDir;
  readonly tempRoot: TempDir;
  /** Every tool call a script made, in order. */
  readonly calls: { name: string; args: Record<string, unknown>; origin: string }[];
  run(
    args: Record<string, unknown>,
    ctx?: Record<string, unknown>,
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Build a {@link Harness}; `options` override execute_code's registration options. */
export async function createHarness(
  options: Partial<RegisterExecuteCodeOptions> = {},
  registryOptions: ConstructorParameters<typeof ToolRegistry>[0] = {},
): Promise<Harness> {
  const registry = new ToolRegistry({ logger: silentLogger, ...registryOptions });
  const workDir = await createTempDir("hermes-ec-work-");
  const tempRoot = await createTempDir("hermes-ec-tmp-");
  const terminal = createTerminalRuntime({
    approval: () => Promise.resolve({ approved: true, message: null }),
  });
  registerTerminalTools(registry, { runtime: terminal });
  registerTestTools(registry, workDir.path);
  const calls: Harness["calls"] = [];
  const executor = registerExecuteCodeTool(registry, {
    callTool: (name, args, ctx) => {
      calls.push({ name, args, origin: ctx.origin });
      return registry.dispatch(name, args, {
        ...(ctx.taskId === undefined ? {} : { taskId: ctx.taskId }),
        signal: ctx.signal,
      });
    },
    approveScript: () => Promise.resolve({ approved: true, message: null }),
    pythonExecutable: testPython(),
    resolveCwd: () => workDir.path,
    tempRoot: tempRoot.path,
    spillDirectory: null,
    ...options,
  });
  return {
    registry,
    executor,
    terminal,
    workDir,
    tempRoot,
    calls,
    async run(args, ctx = {}) {
      const output = await registry.dispatch("execute_code", args, ctx);
      return JSON.parse(output as string) as Record<string, unknown>;
    },
    async close() {
      await executor.close();
      await terminal.shutdown();
      await workDir.remove();
      await tempRoot.remove();
    },
  };
}

import type { Command } from "commander";
import { CliExit } from "./cli-io.js";
import { SINGLE_QUERY, type ProgramContext } from "./program-context.js";

/** `tools`, `toolsets`, `call` and `doctor`. */
export function defineToolCommands(program: Command, { io, globals }: ProgramContext): void {
  program
    .command("tools")
    .description("every tool with its emoji, toolset and availability")
    .option("--toolset <name>", "only this toolset")
    .option("--json", "print JSON")
    .action(async (options: { toolset?: string; json?: boolean }) => {
      const [{ withRuntime }, { listTools, printTools }] = await Promise.all([
        import("./cli-runtime.js"),
        import("./tools-command.js"),
      ]);
      await withRuntime(io, globals(), "deny", async (runtime) => {
        printTools(io, listTools(runtime, io.env, options.toolset), options.json === true);
      });
    });

  program
    .command("toolsets")
    .description("the toolset catalog and the platform presets")
    .option("--json", "print JSON")
    .action(async (options: { json?: boolean }) => {
      const [{ withRuntime }, { listToolsets, printToolsets }] = await Promise.all([
        import("./cli-runtime.js"),
        import("./toolsets-command.js"),
      ]);
      await withRuntime(
        io,
        globals(),
        "deny",
        async (runtime) => {
          printToolsets(io, listToolsets(runtime), options.json === true);
        },
        { mcp: false },
      );
    });

  program
    .command("call")
    .description(
      "one tool call through the full pipeline (hooks and approval apply; nobody is asked: approvals.single_query_mode decides)",
    )
    .argument("<tool>", "tool name")
    .argument("[json]", "arguments as a JSON object", "{}")
    .action(async (tool: string, json: string) => {
      const [{ withRuntime }, { callTool, parseCallArguments }] = await Promise.all([
        import("./cli-runtime.js"),
        import("./call-command.js"),
      ]);
      const args = parseCallArguments(json);
      // Only an MCP tool needs the servers; built-in and plugin tools never wait for them.
      await withRuntime(
        io,
        globals(),
        SINGLE_QUERY,
        (runtime) => callTool(io, runtime, tool, args),
        {
          mcp: tool.startsWith("mcp__") ? "wait" : false,
        },
      );
    });

  program
    .command("doctor")
    .description(
      "check Node, python3, ripgrep, docker, ssh, config, MCP servers, plugins and the model endpoint",
    )
    .action(async () => {
      const [{ withRuntime }, { printDoctor, runDoctor }] = await Promise.all([
        import("./cli-runtime.js"),
        import("./doctor-command.js"),
      ]);
      // The doctor connects to each MCP server itself, to report every one of them.
      const checks = await withRuntime(io, globals(), "deny", (runtime) => runDoctor(io, runtime), {
        mcp: false,
      });
      printDoctor(io, checks);
      if (checks.some((check) => check.required && !check.ok)) throw new CliExit("", 1);
    });
}

import type { Command } from "commander";
import { CliExit } from "./cli-io.js";
import {
  commaList,
  positiveInteger,
  SINGLE_QUERY,
  type ProgramContext,
} from "./program-context.js";

/** `start`, `run`, `chat` and `exec`. */
export function defineAgentCommands(program: Command, { io, globals }: ProgramContext): void {
  program
    .command("start")
    .description(
      "set up and run: doctor, the tool list, a short demonstration, then chat when a model is configured",
    )
    .action(async () => {
      const { runStart } = await import("./start-command.js");
      await runStart(io, globals());
    });

  program
    .command("run")
    .description(
      "one agent run for scripts; no prompts: dangerous commands and execute_code are denied unless approvals.single_query_mode is approve",
    )
    .argument("<prompt>", "what to ask")
    .option("--json", "print the result object as JSON")
    .option("-m, --model <name>", "model name (default: model.default)")
    .option("--max-iterations <n>", "most model turns", positiveInteger)
    .option("-t, --toolsets <list>", "comma-separated toolsets to offer", commaList)
    .action(
      async (
        prompt: string,
        options: { json?: boolean; model?: string; maxIterations?: number; toolsets?: string[] },
      ) => {
        if (prompt.trim() === "")
          throw new CliExit('run needs a prompt: hermes-agent run "<what to ask>"', 2);
        const [{ withRuntime }, { runPrompt }] = await Promise.all([
          import("./cli-runtime.js"),
          import("./run-command.js"),
        ]);
        await withRuntime(io, globals(), SINGLE_QUERY, (runtime) =>
          runPrompt(io, runtime, prompt, options),
        );
      },
    );

  program
    .command("chat")
    .description("interactive session with streaming replies and approval prompts")
    .action(async () => {
      const { runChat } = await import("./chat-command.js");
      await runChat(io, globals());
    });

  program
    .command("exec")
    .description(
      "run a script through execute_code (its limits apply; tool calls go through the pipeline; dangerous commands are denied unless approvals.single_query_mode is approve)",
    )
    .argument("<script>", "a Python (*.py) or JavaScript ES module (*.mjs, *.js) file")
    .action(async (file: string) => {
      const [{ withRuntime }, { execScript, readScript }] = await Promise.all([
        import("./cli-runtime.js"),
        import("./exec-command.js"),
      ]);
      const script = await readScript(file);
      // A script calls only the sandbox's built-in tools: no MCP server is needed.
      await withRuntime(io, globals(), SINGLE_QUERY, (runtime) => execScript(io, runtime, script), {
        mcp: false,
      });
    });
}

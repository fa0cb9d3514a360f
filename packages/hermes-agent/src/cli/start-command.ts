import { isModelEndpoint, resolveModelEndpoint } from "../agent/model-endpoint.js";
import { VERSION } from "../version.js";
import { runChat } from "./chat-command.js";
import { out, type CliIo } from "./cli-io.js";
import { withRuntime, type GlobalOptions } from "./cli-runtime.js";
import { demoApprover, printModelHowTo, runDemo } from "./demo-command.js";
import { printDoctor, runDoctor } from "./doctor-command.js";
import { listTools, printTools } from "./tools-command.js";

/**
 * `hermes-agent start`: doctor, the tool list, a short demonstration of real tool calls through
 * the full pipeline; then chat when a model endpoint is configured and standard input is a
 * terminal, else how to point it at a model.
 */
export async function runStart(io: CliIo, globals: GlobalOptions): Promise<void> {
  const config = await withRuntime(
    io,
    globals,
    demoApprover(io),
    async (runtime) => {
      out(io, `hermes-agent ${VERSION}\n\n== doctor`);
      printDoctor(io, await runDoctor(io, runtime));
      out(io, "\n== tools");
      printTools(io, listTools(runtime, io.env), false);
      out(io, "\n== demonstration: real tool calls through the full pipeline");
      const fine = await runDemo(io, runtime);
      out(
        io,
        fine
          ? "\n✓ every demonstration step behaved as expected"
          : "\n✗ a demonstration step did not behave as expected",
      );
      return runtime.config;
    },
    // The doctor connects to each MCP server itself, to report every one of them.
    { mcp: false },
  );
  const endpoint = resolveModelEndpoint(config, io.env);
  if (isModelEndpoint(endpoint) && process.stdin.isTTY) {
    out(io, `\n== chat with ${endpoint.model} at ${endpoint.baseURL}`);
    await runChat(io, globals);
  } else {
    printModelHowTo(io);
  }
}

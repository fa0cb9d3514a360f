import { Command, CommanderError } from "commander";
import { HermesError } from "@hermes-agent/core";
import { VERSION } from "../version.js";
import { CliExit, err, processIo, type CliIo } from "./cli-io.js";
import type { GlobalOptions } from "./cli-runtime.js";
import { defineAdminCommands } from "./program-admin.js";
import { defineAgentCommands } from "./program-agent.js";
import { defineToolCommands } from "./program-tools.js";

/**
 * Build the `hermes-agent` program. Commands write to `io`; failures throw {@link CliExit}.
 * Each command imports what it runs when it runs, so `--help`, `config` or `tools` never load
 * the agent loop, the MCP server or the model client.
 */
export function buildProgram(io: CliIo): Command {
  const program = new Command("hermes-agent")
    .description("The Hermes tool runtime: tools, approval, the agent loop and its CLI.")
    .version(VERSION, "-V, --version")
    .option("--home <dir>", "Hermes home (default: $HERMES_HOME, else ~/.hermes)")
    .option("-v, --verbose", "print debug logs")
    .showHelpAfterError()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .exitOverride();
  const globals = (): GlobalOptions => program.opts<GlobalOptions>();
  // Every command sees HERMES_HOME/.env, whatever it runs.
  program.hook("preAction", async () => {
    const { loadHermesEnv } = await import("./hermes-env.js");
    loadHermesEnv(io, globals());
  });
  const context = { io, globals };
  defineAgentCommands(program, context);
  defineToolCommands(program, context);
  defineAdminCommands(program, context);
  return program;
}

/** Run the CLI; resolves to the exit code (0 ok, 1 failure, 2 usage). */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (
        error.code === "commander.helpDisplayed" ||
        error.code === "commander.version" ||
        error.code === "commander.help"
      )
        return 0;
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof CliExit) {
      if (error.message !== "") err(io, `hermes-agent: ${error.message}`);
      return error.exitCode;
    }
    err(
      io,
      `hermes-agent: ${HermesError.isInstance(error) || error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}

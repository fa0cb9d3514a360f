import { Command, CommanderError, InvalidArgumentError } from "commander";
import { HermesError } from "@hermes-agent/core";
import { isModelEndpoint, resolveModelEndpoint } from "../agent/model-endpoint.js";
import { VERSION } from "../version.js";
import {
  listApprovalsCommand,
  listMcpCommand,
  listPluginsCommand,
  revokeApprovalCommand,
} from "./admin-commands.js";
import { callTool, parseCallArguments } from "./call-command.js";
import { runChat } from "./chat-command.js";
import { CliExit, err, out, processIo, type CliIo } from "./cli-io.js";
import { withRuntime, type GlobalOptions } from "./cli-runtime.js";
import { configCheck, configGet, configPath, configSet } from "./config-command.js";
import { demoApprover, printModelHowTo, runDemo } from "./demo-command.js";
import { printDoctor, runDoctor } from "./doctor-command.js";
import { runPrompt } from "./run-command.js";
import { listTools, printTools } from "./tools-command.js";
import { listToolsets, printToolsets } from "./toolsets-command.js";

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new InvalidArgumentError("expected a positive whole number");
  return parsed;
}

function list(value: string): string[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** Build the `hermes-agent` program. Commands write to `io`; failures throw {@link CliExit}. */
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

  program
    .command("start")
    .description(
      "set up and run: doctor, the tool list, a short demonstration, then chat when a model is configured",
    )
    .action(async () => {
      const endpoint = resolveModelEndpoint(
        await withRuntime(io, globals(), demoApprover(io), async (runtime) => {
          out(io, `hermes-agent ${VERSION}\n\n== doctor`);
          printDoctor(io, await runDoctor(io, runtime, 5000));
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
        }),
        io.env,
      );
      if (isModelEndpoint(endpoint) && process.stdin.isTTY) {
        out(io, `\n== chat with ${endpoint.model} at ${endpoint.baseURL}`);
        await runChat(io, globals());
      } else {
        printModelHowTo(io);
      }
    });

  program
    .command("run")
    .description("one agent run for scripts; no prompts (dangerous commands are denied)")
    .argument("<prompt>", "what to ask")
    .option("--json", "print the result object as JSON")
    .option("-m, --model <name>", "model name (default: model.default)")
    .option("--max-iterations <n>", "most model turns", positiveInteger)
    .option("-t, --toolsets <list>", "comma-separated toolsets to offer", list)
    .action(
      async (
        prompt: string,
        options: { json?: boolean; model?: string; maxIterations?: number; toolsets?: string[] },
      ) => {
        await withRuntime(io, globals(), "deny", (runtime) =>
          runPrompt(io, runtime, prompt, options),
        );
      },
    );

  program
    .command("chat")
    .description("interactive session with streaming replies and approval prompts")
    .action(() => runChat(io, globals()));

  program
    .command("tools")
    .description("every tool with its emoji, toolset and availability")
    .option("--toolset <name>", "only this toolset")
    .option("--json", "print JSON")
    .action(async (options: { toolset?: string; json?: boolean }) => {
      await withRuntime(io, globals(), "deny", async (runtime) => {
        printTools(io, listTools(runtime, io.env, options.toolset), options.json === true);
      });
    });

  program
    .command("toolsets")
    .description("the toolset catalog and the platform presets")
    .option("--json", "print JSON")
    .action(async (options: { json?: boolean }) => {
      await withRuntime(io, globals(), "deny", async (runtime) => {
        printToolsets(io, listToolsets(runtime), options.json === true);
      });
    });

  program
    .command("call")
    .description(
      "one tool call through the full pipeline (hooks and approval apply; nobody can approve)",
    )
    .argument("<tool>", "tool name")
    .argument("[json]", "arguments as a JSON object", "{}")
    .action(async (tool: string, json: string) => {
      const args = parseCallArguments(json);
      await withRuntime(io, globals(), "deny", (runtime) => callTool(io, runtime, tool, args));
    });

  program
    .command("doctor")
    .description(
      "check Node, python3, ripgrep, docker, ssh, config, MCP servers, plugins and the model endpoint",
    )
    .action(async () => {
      const checks = await withRuntime(io, globals(), "deny", (runtime) => runDoctor(io, runtime));
      printDoctor(io, checks);
      if (checks.some((check) => check.required && !check.ok)) throw new CliExit("", 1);
    });

  const approvals = program
    .command("approvals")
    .description("permanent approvals of dangerous commands");
  approvals
    .command("list")
    .description("the permanent allowlist")
    .option("--json", "print JSON")
    .action((options: { json?: boolean }) =>
      withRuntime(io, globals(), "deny", (runtime) =>
        listApprovalsCommand(io, runtime, options.json === true),
      ),
    );
  approvals
    .command("revoke")
    .description("remove a permanent approval from config.yaml")
    .argument("<key>", "the pattern key or command, as 'approvals list' shows it")
    .action((key: string) =>
      withRuntime(io, globals(), "deny", (runtime) => revokeApprovalCommand(io, runtime, key)),
    );
  program
    .command("plugins")
    .description("plugins found, and whether each is loaded")
    .argument("[action]", "list", "list")
    .option("--json", "print JSON")
    .action(async (action: string, options: { json?: boolean }) => {
      if (action !== "list")
        throw new CliExit(
          `Unknown plugins action '${action}'; use 'plugins list' (enable or disable with 'config set plugins.enabled').`,
          2,
        );
      await withRuntime(io, globals(), "deny", async (runtime) => {
        listPluginsCommand(io, runtime, options.json === true);
      });
    });
  program
    .command("mcp")
    .description("MCP servers from config.yaml")
    .argument("[action]", "list", "list")
    .option("--json", "print JSON")
    .action(async (action: string, options: { json?: boolean }) => {
      if (action !== "list")
        throw new CliExit(`Unknown mcp action '${action}'; use 'mcp list'.`, 2);
      await withRuntime(io, globals(), "deny", async (runtime) => {
        listMcpCommand(io, runtime, options.json === true);
      });
    });

  const config = program
    .command("config")
    .description("inspect and edit config.yaml (comments are kept)");
  config
    .command("path")
    .description("print the config.yaml path")
    .action(() => configPath(io, globals()));
  config
    .command("check")
    .description("validate config.yaml")
    .option("--json", "print the effective settings")
    .action((options: { json?: boolean }) => configCheck(io, globals(), options.json === true));
  config
    .command("get")
    .description("print one effective value as JSON")
    .argument("<key>", "dotted key, e.g. terminal.timeout")
    .action((key: string) => configGet(io, globals(), key));
  config
    .command("set")
    .description("set one key (the value is read as YAML: 60, true, [a, b])")
    .argument("<key>", "dotted key")
    .argument("<value>", "new value")
    .action((key: string, value: string) => configSet(io, globals(), key, value));
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

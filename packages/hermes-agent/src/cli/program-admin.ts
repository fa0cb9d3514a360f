import type { Command } from "commander";
import { commaList, portNumber, type ProgramContext } from "./program-context.js";

/** `approvals`, `plugins`, `mcp` and `config`, each with its subcommands. */
export function defineAdminCommands(program: Command, { io, globals }: ProgramContext): void {
  const approvals = program
    .command("approvals")
    .description("permanent approvals of dangerous commands");
  approvals
    .command("list", { isDefault: true })
    .description("the permanent allowlist")
    .option("--json", "print JSON")
    .action(async (options: { json?: boolean }) => {
      const [{ withRuntime }, { listApprovalsCommand }] = await Promise.all([
        import("./cli-runtime.js"),
        import("./admin-commands.js"),
      ]);
      await withRuntime(
        io,
        globals(),
        "deny",
        (runtime) => listApprovalsCommand(io, runtime, options.json === true),
        { mcp: false, plugins: false },
      );
    });
  approvals
    .command("accept")
    .description(
      "apply what config.yaml loosens since the last start (mode off, opt-ins, allowlist), after asking",
    )
    .action(async () => {
      const { acceptApprovalsCommand } = await import("./approvals-accept-command.js");
      await acceptApprovalsCommand(io, globals());
    });
  approvals
    .command("revoke")
    .description("remove a permanent approval from config.yaml")
    .argument("<key>", "the pattern key or command, as 'approvals list' shows it")
    .action(async (key: string) => {
      const [{ withRuntime }, { revokeApprovalCommand }] = await Promise.all([
        import("./cli-runtime.js"),
        import("./admin-commands.js"),
      ]);
      await withRuntime(
        io,
        globals(),
        "deny",
        (runtime) => revokeApprovalCommand(io, runtime, key),
        {
          mcp: false,
          plugins: false,
        },
      );
    });

  const plugins = program.command("plugins").description("plugins: list, enable, disable");
  plugins
    .command("list", { isDefault: true })
    .description("plugins found, and whether each is loaded")
    .option("--json", "print JSON")
    .action(async (options: { json?: boolean }) => {
      const { listPlugins } = await import("./plugin-commands.js");
      await listPlugins(io, globals(), options.json === true);
    });
  plugins
    .command("enable")
    .description(
      "add a plugin to plugins.enabled in config.yaml (comments kept), then load it once",
    )
    .argument("<name>", "the plugin's key or name, as 'plugins list' shows it")
    .action(async (name: string) => {
      const { enablePluginCommand } = await import("./plugin-commands.js");
      await enablePluginCommand(io, globals(), name);
    });
  plugins
    .command("disable")
    .description("add a plugin to plugins.disabled in config.yaml (comments kept)")
    .argument("<name>", "the plugin's key or name")
    .action(async (name: string) => {
      const { disablePluginCommand } = await import("./plugin-commands.js");
      await disablePluginCommand(io, globals(), name);
    });

  const mcp = program
    .command("mcp")
    .description("MCP: the servers of config.yaml, and serving ours");
  mcp
    .command("list", { isDefault: true })
    .description("the MCP servers of config.yaml (nothing is started; mcp test connects)")
    .option("--json", "print JSON")
    .action(async (options: { json?: boolean }) => {
      const { mcpList } = await import("./mcp-commands.js");
      await mcpList(io, globals(), options.json === true);
    });
  mcp
    .command("test")
    .description("connect to one server of config.yaml, list its tools and time it")
    .argument("<server>", "a name under mcp_servers")
    .action(async (server: string) => {
      const { mcpTest } = await import("./mcp-commands.js");
      await mcpTest(io, globals(), server);
    });
  mcp
    .command("login")
    .description("OAuth login for an HTTP server of config.yaml (auth: oauth)")
    .argument("<server>", "a name under mcp_servers")
    .action(async (server: string) => {
      const { mcpLogin } = await import("./mcp-commands.js");
      await mcpLogin(io, globals(), server);
    });
  mcp
    .command("serve")
    .description(
      "serve the enabled toolsets as an MCP server (stdio; --port for streamable HTTP on 127.0.0.1)",
    )
    .option(
      "-p, --port <port>",
      "serve HTTP on 127.0.0.1:<port>/mcp (0: any free port)",
      portNumber,
    )
    .option(
      "-t, --toolsets <list>",
      "comma-separated toolsets to expose (default hermes-cli)",
      commaList,
    )
    .action(async (options: { port?: number; toolsets?: string[] }) => {
      const { runMcpServe } = await import("./mcp-serve-command.js");
      await runMcpServe(io, globals(), options);
    });

  const config = program
    .command("config")
    .description("inspect and edit config.yaml (comments are kept)");
  config
    .command("path")
    .description("print the config.yaml path")
    .action(async () => {
      const { configPath } = await import("./config-command.js");
      configPath(io, globals());
    });
  config
    .command("check")
    .description("validate config.yaml")
    .option("--json", "print the effective settings (secrets masked)")
    .option("--show-secrets", "print API keys and tokens in clear")
    .action(async (options: { json?: boolean; showSecrets?: boolean }) => {
      const { configCheck } = await import("./config-command.js");
      await configCheck(io, globals(), options);
    });
  config
    .command("get")
    .description("print one effective value as JSON (secrets masked)")
    .argument("<key>", "dotted key, e.g. terminal.timeout")
    .option("--show-secrets", "print API keys and tokens in clear")
    .action(async (key: string, options: { showSecrets?: boolean }) => {
      const { configGet } = await import("./config-command.js");
      await configGet(io, globals(), key, options);
    });
  config
    .command("set")
    .description("set one key (the value is read as YAML: 60, true, [a, b])")
    .argument("<key>", "dotted key")
    .argument("<value>", "new value")
    .action(async (key: string, value: string) => {
      const { configSet } = await import("./config-command.js");
      await configSet(io, globals(), key, value);
    });
}

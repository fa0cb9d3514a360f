import {
  createConfigSource,
  createStaticConfigSource,
  type HermesConfig,
} from "@hermes-agent/config";
import { createStderrLogger, expandHome, resolveHermesHome } from "@hermes-agent/core";
import { ToolRegistry } from "@hermes-agent/registry";
import {
  defaultBackends,
  registerTerminalTools,
  resolveTerminalOptions,
  type TerminalOptions,
} from "@hermes-agent/terminal";
import {
  DEFAULT_SCHEMA_PATCHES,
  getToolDefinitions,
  ToolsetCatalog,
  type SchemaPatches,
} from "@hermes-agent/toolsets";
import { startAgentSession } from "../agent-tools/agent-session.js";
import { registerAgentToolSchemas } from "../agent-tools/register-agent-tools.js";
import { createAgentState } from "./agent-state.js";
import { agentLoopChildRunner } from "../agent/child-runner.js";
import type { AgentLoopHost } from "../agent/run-agent.js";
import { createDispatchPipeline } from "../pipeline/dispatch-pipeline.js";
import { describe, HookBus } from "../pipeline/hook-bus.js";
import { createToolApprovalGate } from "../pipeline/tool-approval.js";
import { HermesAgentError, HermesAgentErrorCode } from "../hermes-agent-error.js";
import { wireApproval } from "./approval-wiring.js";
import { BUILTIN_TOOL_PACKAGES } from "./builtin-tool-packages.js";
import { MCP_TOOL_PACKAGE } from "./mcp-tool-package.js";
import { trackRuntime, untrackRuntime } from "./exit-cleanup.js";
import { RuntimeEvents } from "./runtime-events.js";
import { loadRuntimePlugins, type RuntimePlugins } from "./plugin-wiring.js";
import type { RuntimeOptions } from "./runtime-options.js";
import { withHermesEnvFile } from "./runtime-env.js";
import { withCommandVariables } from "./command-variables-backends.js";
import { RuntimeEnvPassthrough } from "./env-passthrough.js";
import { createToolsetDefaults } from "./toolset-defaults.js";
import type { HermesRuntime } from "./hermes-runtime.js";
import type { ToolPackageContext, ToolPackageHandle } from "./tool-package.js";
import { backgroundServersOf, registerToolPackages } from "./tool-package-loader.js";

/**
 * Compose a runtime: its own registry with every installed tool package, approval from
 * `approvals.*` and `command_allowlist`, the terminal from `terminal.*`, the dispatch pipeline,
 * hooks and events. Two runtimes in one process share nothing.
 */
export async function createRuntime(options: RuntimeOptions = {}): Promise<HermesRuntime> {
  options.signal?.throwIfAborted();
  const hostEnv = options.env ?? process.env;
  const hermesHome = resolveHermesHome({
    env: hostEnv,
    ...(options.hermesHome === undefined ? {} : { explicit: options.hermesHome }),
  });
  const env = withHermesEnvFile(hostEnv, hermesHome);
  const logger = options.logger ?? createStderrLogger({ name: "hermes-agent" });
  const configSource =
    options.config === undefined
      ? createConfigSource({ home: hermesHome, env })
      : createStaticConfigSource(options.config);
  let config: HermesConfig;
  try {
    config = await configSource.read();
  } catch (error) {
    configSource.close();
    throw error;
  }
  let settings: TerminalOptions;
  try {
    // An unknown terminal.backend stops here, naming the backends there are.
    settings = resolveTerminalOptions({ config, env });
    defaultBackends.assertKnown(settings.backend);
  } catch (error) {
    configSource.close();
    throw error;
  }
  // `~` in terminal.cwd is this machine's home for the local backend; a remote backend expands
  // it on its own side.
  const configuredCwd = options.cwd ?? settings.cwd ?? process.cwd();
  const cwd = settings.backend === "local" ? expandHome(configuredCwd, env) : configuredCwd;
  const registry = new ToolRegistry({ hermesHome, logger });
  const hooks = new HookBus(logger);
  const toolsets = new ToolsetCatalog();
  const events = new RuntimeEvents(logger);
  const approval = wireApproval({
    option: options.approval,
    home: hermesHome,
    env,
    configSource,
    config,
    // config.yaml of the home: a loosening since the last start waits for the user's acceptance.
    baseline: options.config === undefined,
    logger,
  });
  // Read and recorded before the agent's first command can touch config.yaml.
  await approval.manager.started;
  const gate = createToolApprovalGate({
    manager: approval.manager,
    prompt: approval.prompt,
    notify: approval.notify,
    timeoutMs: approval.timeoutMs,
    hooks,
    events,
    logger,
  });
  const { memory, sessions, delegation, delegationLimit } = createAgentState({
    hermesHome,
    config,
    ...(options.delegation === undefined ? {} : { delegation: options.delegation }),
  });
  const lifetime = new AbortController();
  const handles: ToolPackageHandle[] = [];
  // The tools of the built-in packages; tool search may defer everything else (MCP, plugins).
  const builtinTools = new Set<string>();
  let closing: Promise<void> | undefined;
  const isClosed = (): boolean => closing !== undefined;
  let plugins: RuntimePlugins | undefined;

  // Config names, plus the variables loaded skills need (they come and go): those reach every
  // command of every task as per-command variables, existing environments included.
  const envPassthrough = new RuntimeEnvPassthrough(settings.envPassthrough, env);
  const terminal = registerTerminalTools(registry, {
    settings: { ...settings, cwd },
    approval: approval.manager,
    hostEnv: env,
    backends: withCommandVariables(defaultBackends, () => envPassthrough.commandVariables()),
  });
  const stopCompletions = terminal.onProcessComplete((completion) => {
    events.emit("process:complete", {
      sessionId: completion.sessionId,
      taskId: completion.taskId,
      command: completion.command,
      exitCode: completion.exitCode,
      message: completion.message,
    });
  });
  const stopWatches = terminal.onProcessWatch((notice) => {
    events.emit("process:watch", {
      sessionId: notice.sessionId,
      taskId: notice.taskId,
      command: notice.command,
      kind: notice.kind,
      message: notice.message,
    });
  });
  registerAgentToolSchemas(registry);
  // Known before the first tool list: a backend that cannot be used (no daemon, no host, no
  // credentials) leaves the terminal tools out, and `hermes-agent tools` says why.
  const backendProblem = await terminal.checkBackend();
  if (backendProblem !== undefined)
    logger.warn(`The terminal tools are unavailable: ${backendProblem}`);

  const handleFunctionCall = createDispatchPipeline({
    registry,
    hooks,
    events,
    logger,
    approvalGate: gate.gate,
    closedError: () =>
      closing === undefined
        ? undefined
        : JSON.stringify({ error: "The runtime is closed; create a new one to call tools." }),
  });

  const killSync = (): void => {
    for (const handle of handles) handle.killSync?.();
  };
  const tracker = { killSync };

  const close = (): Promise<void> => {
    closing ??= (async () => {
      lifetime.abort(new Error("runtime closed"));
      gate.denyAll();
      await sessions.flush().catch((error: unknown) => {
        logger.warn(`Writing session files failed: ${describe(error)}`);
      });
      stopCompletions();
      stopWatches();
      const failures: unknown[] = [];
      try {
        await plugins?.manager.unload();
      } catch (error) {
        logger.warn(`Unloading plugins failed: ${describe(error)}`);
      }
      for (const handle of [...handles].reverse()) {
        try {
          await handle.close?.();
        } catch (error) {
          failures.push(error);
          logger.warn(`Closing a tool package failed: ${describe(error)}`);
        }
      }
      await terminal.shutdown();
      hooks.clear();
      events.clear();
      configSource.close();
      untrackRuntime(tracker);
    })();
    return closing;
  };

  const context: ToolPackageContext = {
    registry,
    config,
    configSource,
    hermesHome,
    cwd,
    env,
    logger,
    terminal,
    approval: approval.manager,
    hooks,
    events,
    handleFunctionCall,
    envPassthrough,
    signal: lifetime.signal,
  };
  trackRuntime(tracker);
  try {
    const packages = (options.toolPackages ?? BUILTIN_TOOL_PACKAGES).filter(
      (toolPackage) => options.mcp !== false || toolPackage !== MCP_TOOL_PACKAGE,
    );
    await registerToolPackages(packages, context, handles, options.signal);
    for (const name of registry.getAllToolNames()) {
      // An MCP server may already have answered: its tools are not built in.
      if (registry.getToolsetForTool(name)?.startsWith("mcp-") !== true) builtinTools.add(name);
    }
    // After the built-in tools, so a plugin's override meets the tool it replaces.
    plugins = await loadRuntimePlugins({
      registry,
      hooks,
      handleFunctionCall,
      configSource,
      hermesHome,
      cwd,
      env,
      logger,
      load: options.plugins !== false,
    });
  } catch (error) {
    await close();
    throw new HermesAgentError(
      HermesAgentErrorCode.InvalidOption,
      `createRuntime failed while registering tool packages: ${describe(error)}`,
      { cause: error },
    );
  }
  options.signal?.addEventListener("abort", () => void close(), { once: true });

  // One object for the runtime's life: the definitions memo is keyed on it.
  const schemaPatches: SchemaPatches = Object.freeze(
    Object.assign({}, DEFAULT_SCHEMA_PATCHES, ...handles.map((handle) => handle.schemaPatches)),
  );
  const defaults = createToolsetDefaults({
    registry,
    catalog: toolsets,
    config,
    builtinTools,
    logger,
    ...(options.platform === undefined ? {} : { platform: options.platform }),
    ...(options.enabledToolsets === undefined ? {} : { enabled: options.enabledToolsets }),
    ...(options.disabledToolsets === undefined ? {} : { disabled: options.disabledToolsets }),
  });
  defaults.warnUnknown();
  const runtime: HermesRuntime = {
    registry,
    toolsets,
    hooks,
    plugins,
    events,
    approval: approval.manager,
    terminal,
    config,
    configSource,
    hermesHome,
    cwd,
    logger,
    defaultToolsets: () => defaults.current(),
    ...backgroundServersOf(handles),
    getToolDefinitions(selection = {}) {
      const fallback = defaults.current();
      const disabled = selection.disabled ?? fallback.disabled;
      return getToolDefinitions({
        registry,
        enabledToolsets: selection.enabled ?? fallback.enabled,
        ...(disabled.length === 0 ? {} : { disabledToolsets: disabled }),
        quiet: true,
        catalog: toolsets,
        schemaPatches,
        configFingerprint: configSource.fingerprint(),
      });
    },
    handleFunctionCall,
    resolveApproval(sessionKey, choice) {
      return (
        approval.manager.resolveGatewayApproval(sessionKey, choice) +
        gate.resolve(sessionKey, choice)
      );
    },
    memory,
    sessions,
    startSession: (sessionOptions = {}) =>
      startAgentSession(
        {
          memory,
          sessions,
          hooks,
          runner: () => options.childAgentRunner ?? childRunner,
          delegation,
          delegationLimit,
          defaultToolsets: defaults.current().enabled,
        },
        sessionOptions,
      ),
    runAgent: async (agentOptions) => {
      const closedError = () =>
        new HermesAgentError(
          HermesAgentErrorCode.RuntimeClosed,
          "The runtime is closed; create a new one to run the agent.",
        );
      if (isClosed()) throw closedError();
      // The loop (model client, streaming, prompt building) loads at the first run.
      const { runAgentLoop } = await import("../agent/run-agent.js");
      if (isClosed()) throw closedError();
      return runAgentLoop(host, agentOptions);
    },
    get closed() {
      return closing !== undefined;
    },
    close,
  };
  const host: AgentLoopHost = {
    registry,
    hooks,
    events,
    config,
    env,
    cwd,
    logger,
    handleFunctionCall,
    getToolDefinitions: (selection) => runtime.getToolDefinitions(selection),
    isDeferrable: (name) =>
      registry.getToolsetForTool(name)?.startsWith("mcp-") === true || !builtinTools.has(name),
    startSession: (sessionOptions) => runtime.startSession(sessionOptions),
  };
  const childRunner = agentLoopChildRunner((agentOptions) => runtime.runAgent(agentOptions));
  return runtime;
}

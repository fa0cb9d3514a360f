/** `approvals.mode`: who decides on a dangerous command. */
export type ApprovalMode = "manual" | "smart" | "off";

/** What an unattended context does with a dangerous command. */
export type UnattendedPolicy = "deny" | "approve";

/** `terminal.*`: the terminal tool and its backends. */
export interface TerminalConfig {
  readonly [key: string]: unknown;
  readonly backend: string;
  readonly cwd?: string | undefined;
  readonly timeout: number;
  readonly lifetime_seconds: number;
  readonly max_foreground_timeout: number;
  readonly env_passthrough: readonly string[];
  readonly persistent_shell: boolean;
  readonly shell_init_files: readonly string[];
  readonly auto_source_bashrc: boolean;
  readonly docker_image: string;
  readonly docker_forward_env: readonly string[];
  readonly docker_volumes: readonly string[];
  readonly docker_env: Readonly<Record<string, string>>;
  readonly docker_extra_args: readonly string[];
  readonly singularity_image: string;
  readonly modal_image: string;
  readonly daytona_image: string;
  readonly container_cpu: number;
  readonly container_memory: number;
  readonly container_disk: number;
  readonly container_persistent: boolean;
  readonly ssh_host?: string | undefined;
  readonly ssh_user?: string | undefined;
  readonly ssh_port: number;
  readonly ssh_key?: string | undefined;
  readonly ssh_persistent?: boolean | undefined;
  /** OS sandbox of the local backend (bubblewrap): `off`, `workspace-write` or `read-only`. */
  readonly sandbox: "off" | "workspace-write" | "read-only";
  /** Whether sandboxed commands may use the network. */
  readonly sandbox_network: boolean;
  /** Paths sandboxed commands may write besides the workspace and the task's temp dir. */
  readonly sandbox_writable_paths: readonly string[];
}

/** `code_execution.*`: limits of execute_code. */
export interface CodeExecutionConfig {
  readonly [key: string]: unknown;
  readonly timeout: number;
  readonly max_tool_calls: number;
  readonly mode: "project" | "strict";
  readonly kernel_idle_timeout: number;
  /** Keep a Python session per task between execute_code calls. */
  readonly persistent: boolean;
}

/** `approvals.*`: the dangerous-command approval flow. */
export interface ApprovalsConfig {
  readonly [key: string]: unknown;
  readonly mode: ApprovalMode;
  readonly timeout: number;
  readonly deny: readonly string[];
  readonly cron_mode: UnattendedPolicy;
  readonly single_query_mode: UnattendedPolicy;
  readonly unattended_mode: UnattendedPolicy;
  readonly smart_policy?: string | undefined;
  readonly denial_breaker_threshold: number;
}

/** `auxiliary.<task>`: an auxiliary model endpoint (OpenAI-compatible). */
export interface AuxiliaryModelConfig {
  readonly [key: string]: unknown;
  /** `auto` (default), `openrouter`, `openai`, `custom` or `main`. */
  readonly provider?: string | undefined;
  readonly base_url?: string | undefined;
  readonly model?: string | undefined;
  readonly api_key?: string | undefined;
  readonly timeout: number;
}

/** `auxiliary.*`: auxiliary models by task. */
export interface AuxiliaryConfig {
  readonly [key: string]: unknown;
  readonly approval: AuxiliaryModelConfig;
}

/** One entry of `mcp_servers`: kept as written (the MCP package validates it in detail). */
export type McpServerConfig = Readonly<Record<string, unknown>>;

/** `plugins.entries.<id>`: per-plugin policy. */
export interface PluginEntryConfig {
  readonly [key: string]: unknown;
  readonly allow_tool_override: boolean;
}

/** `plugins.*`: which plugins load, and their policies. */
export interface PluginsConfig {
  readonly [key: string]: unknown;
  readonly enabled: readonly string[];
  readonly disabled: readonly string[];
  readonly entries: Readonly<Record<string, PluginEntryConfig>>;
}

/** `tool_output.*`: caps on what tools hand back to the model. */
export interface ToolOutputConfig {
  readonly [key: string]: unknown;
  readonly max_bytes: number;
  readonly max_lines: number;
  readonly max_line_length: number;
}

/** `web.*`: the web tools' backend and fetch safety. */
export interface WebConfig {
  readonly [key: string]: unknown;
  /** firecrawl, tavily, exa, brave (brave-free), searxng; unset picks one by which key is set. */
  readonly backend?: string | undefined;
  /** Let web fetches reach loopback, private and link-local addresses. */
  readonly allow_private_urls: boolean;
  /** Default per-page character budget of web_extract. */
  readonly extract_char_limit?: number | undefined;
}

/** `skills.*`: where skills are found and which are turned off. */
export interface SkillsConfig {
  readonly [key: string]: unknown;
  /** Extra skill directories, read after `HERMES_HOME/skills`. */
  readonly external_dirs: readonly string[];
  /** Skill names hidden everywhere. */
  readonly disabled: readonly string[];
  /** Skill names hidden on one platform (`cli`, `telegram`, ...). */
  readonly platform_disabled: Readonly<Record<string, readonly string[]>>;
}

/** The validated contents of `config.yaml`, Hermes' defaults applied, unknown keys kept. */
export interface HermesConfig {
  readonly [key: string]: unknown;
  readonly terminal: TerminalConfig;
  readonly code_execution: CodeExecutionConfig;
  readonly approvals: ApprovalsConfig;
  readonly command_allowlist: readonly string[];
  readonly mcp_servers: Readonly<Record<string, McpServerConfig>>;
  readonly plugins: PluginsConfig;
  readonly tool_output: ToolOutputConfig;
  readonly auxiliary: AuxiliaryConfig;
  readonly web: WebConfig;
  readonly skills: SkillsConfig;
}

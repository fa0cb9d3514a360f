/** How the client reaches a server. */
export type McpTransportKind = "stdio" | "http" | "sse";

/** `mcp_servers.<name>.sampling`: whether and how a server may ask the agent's model. */
export interface McpSamplingSpec {
  readonly enabled: boolean;
  /** Requests allowed per 60 s sliding window. */
  readonly maxRpm: number;
  /** Upper bound on `maxTokens` a server may ask for. */
  readonly maxTokensCap: number;
  /** Milliseconds a sampling request may take. */
  readonly timeoutMs: number;
  /** Model used for every request, overriding the server's hints. */
  readonly model: string | undefined;
  /** When not empty, the only models a request may end up on. */
  readonly allowedModels: readonly string[];
}

/** `mcp_servers.<name>.tools`: which tools and utility tools are registered. */
export interface McpToolSelection {
  /** Exact names or globs on the server's original names; when set, only these pass. */
  readonly include: readonly string[] | undefined;
  readonly exclude: readonly string[];
  /** Register `list_resources` / `read_resource` when the server has resources. */
  readonly resources: boolean;
  /** Register `list_prompts` / `get_prompt` when the server has prompts. */
  readonly prompts: boolean;
}

/** One validated `mcp_servers` entry, with Hermes' defaults applied and variables interpolated. */
export interface McpServerSpec {
  /** The server's name as written in config.yaml. */
  readonly name: string;
  readonly enabled: boolean;
  readonly transport: McpTransportKind;
  readonly command: string | undefined;
  readonly args: readonly string[];
  /** Extra environment of a stdio server, on top of the allowlisted host variables. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string | undefined;
  readonly url: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  /** `auth: oauth` on an HTTP server. */
  readonly oauth: boolean;
  /** Tool call timeout in milliseconds (`timeout`, seconds in config; default 300 s). */
  readonly timeoutMs: number;
  /** Connect timeout in milliseconds (`connect_timeout`; default 60 s). */
  readonly connectTimeoutMs: number;
  readonly tools: McpToolSelection;
  readonly sampling: McpSamplingSpec;
  /** Variables referenced with `${...}` that were not set (left literal). */
  readonly unresolvedVariables: readonly string[];
}

/** A problem with one entry: the server and the key are named so the user can fix it. */
export interface McpConfigProblem {
  readonly server: string;
  /** Dotted key inside the entry (`args`, `tools.include`, `timeout`). */
  readonly key: string;
  readonly message: string;
}

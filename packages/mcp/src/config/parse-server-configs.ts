import { z } from "zod";
import { readArgs } from "./args-split.js";
import { interpolateValue } from "./interpolation.js";
import type { McpConfigProblem, McpServerSpec, McpTransportKind } from "./server-spec.js";

const DEFAULT_TIMEOUT_S = 300;
const DEFAULT_CONNECT_TIMEOUT_S = 60;

function toBoolean(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim().toLowerCase();
  if (["true", "yes", "on", "1"].includes(text)) return true;
  if (["false", "no", "off", "0"].includes(text)) return false;
  return value;
}

function toNumber(value: unknown): unknown {
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return value;
}

function toList(value: unknown): unknown {
  if (typeof value === "string") return [value];
  return value;
}

const flag = z.preprocess(toBoolean, z.boolean({ error: "must be true or false" }));
const seconds = z.preprocess(
  toNumber,
  z.number({ error: "must be a number of seconds" }).positive({ error: "must be positive" }),
);
const count = z.preprocess(
  toNumber,
  z.number({ error: "must be a number" }).int({ error: "must be a whole number" }).positive({
    error: "must be positive",
  }),
);
const nameList = z.preprocess(toList, z.array(z.string(), { error: "must be a list of names" }));
const text = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value),
  z.string({ error: "must be a string" }).trim().min(1, { error: "must not be empty" }),
);
const stringMap = z.preprocess(
  (value) => (value === null || value === undefined ? {} : value),
  z.record(
    z.string(),
    z.preprocess(
      (v) => (typeof v === "number" || typeof v === "boolean" ? String(v) : v),
      z.string({ error: "must be a string" }),
    ),
    { error: "must be a mapping of names to strings" },
  ),
);
const section = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === null || value === undefined ? {} : value), schema);

const entrySchema = z.looseObject({
  enabled: flag.default(true),
  command: text.optional(),
  args: z.unknown().optional(),
  env: stringMap,
  cwd: text.optional(),
  url: z
    .string({ error: "must be a URL" })
    .trim()
    .refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), {
      error: "must be an http:// or https:// URL",
    })
    .optional(),
  headers: stringMap,
  transport: z
    .preprocess(
      (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
      z.enum(["stdio", "http", "streamable_http", "streamable-http", "streamablehttp", "sse"], {
        error: "must be one of stdio, http, streamable_http, sse",
      }),
    )
    .optional(),
  auth: z
    .preprocess(
      (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
      z.enum(["oauth", "none"], { error: "must be 'oauth' (or left out)" }),
    )
    .optional(),
  timeout: seconds.default(DEFAULT_TIMEOUT_S),
  connect_timeout: seconds.default(DEFAULT_CONNECT_TIMEOUT_S),
  tools: section(
    z.looseObject({
      include: nameList.optional(),
      exclude: nameList.default([]),
      resources: flag.default(true),
      prompts: flag.default(true),
    }),
  ),
  sampling: section(
    z.looseObject({
      enabled: flag.default(false),
      max_rpm: count.default(10),
      max_tokens_cap: count.default(4096),
      timeout: seconds.default(30),
      model: text.optional(),
      allowed_models: nameList.default([]),
    }),
  ),
});

type Entry = z.infer<typeof entrySchema>;

/** Options of {@link parseMcpServerConfigs}. */
export interface ParseMcpServersOptions {
  /** Looks up `${VAR}` values (the environment, then HERMES_HOME/.env). Default: `process.env`. */
  readonly lookupVariable?: (name: string) => string | undefined;
}

/** The servers that validated and the problems of those that did not. */
export interface ParsedMcpServers {
  readonly servers: readonly McpServerSpec[];
  readonly problems: readonly McpConfigProblem[];
}

function transportOf(
  name: string,
  entry: Entry,
  problems: McpConfigProblem[],
): McpTransportKind | undefined {
  const problem = (key: string, message: string) => {
    problems.push({ server: name, key, message });
    return undefined;
  };
  const declared = entry.transport;
  if (entry.command !== undefined && entry.url !== undefined) {
    return problem(
      "url",
      "cannot be combined with 'command': a server is stdio (command) or HTTP (url)",
    );
  }
  if (entry.command === undefined && entry.url === undefined) {
    return problem(
      "command",
      "is missing: give 'command' for a stdio server or 'url' for an HTTP server",
    );
  }
  if (entry.command !== undefined) {
    if (declared !== undefined && declared !== "stdio") {
      return problem("transport", `'${declared}' needs 'url', but this server has 'command'`);
    }
    return "stdio";
  }
  if (declared === "stdio")
    return problem("transport", "'stdio' needs 'command', but this server has 'url'");
  return declared === "sse" ? "sse" : "http";
}

function parseEntry(
  name: string,
  raw: unknown,
  lookup: (name: string) => string | undefined,
  problems: McpConfigProblem[],
): McpServerSpec | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    problems.push({ server: name, key: "(entry)", message: "must be a mapping of settings" });
    return undefined;
  }
  const unresolved = new Set<string>();
  const interpolated = interpolateValue(raw, { lookup, unresolved });
  const result = entrySchema.safeParse(interpolated);
  if (!result.success) {
    for (const issue of result.error.issues) {
      problems.push({
        server: name,
        key: issue.path.join(".") || "(entry)",
        message: issue.message,
      });
    }
    return undefined;
  }
  const entry = result.data;
  const before = problems.length;
  const transport = transportOf(name, entry, problems);
  const args = readArgs(entry.args);
  if ("problem" in args) problems.push({ server: name, key: "args", message: args.problem });
  if (transport === undefined || "problem" in args || problems.length > before) return undefined;
  return {
    name,
    enabled: entry.enabled,
    transport,
    command: entry.command,
    args: args.args,
    env: entry.env,
    cwd: entry.cwd,
    url: entry.url,
    headers: entry.headers,
    oauth: entry.auth === "oauth",
    timeoutMs: entry.timeout * 1000,
    connectTimeoutMs: entry.connect_timeout * 1000,
    tools: {
      include: entry.tools.include,
      exclude: entry.tools.exclude,
      resources: entry.tools.resources,
      prompts: entry.tools.prompts,
    },
    sampling: {
      enabled: entry.sampling.enabled,
      maxRpm: entry.sampling.max_rpm,
      maxTokensCap: entry.sampling.max_tokens_cap,
      timeoutMs: Math.max(1, entry.sampling.timeout) * 1000,
      model: entry.sampling.model,
      allowedModels: entry.sampling.allowed_models,
    },
    unresolvedVariables: [...unresolved],
  };
}

/**
 * Validate the `mcp_servers` section (as loaded by @hermes-agent/config) entry by entry. A bad
 * entry becomes a problem naming the server and the key; the other entries are still returned.
 * `${VAR}` / `${env:VAR}` are interpolated in every string first; unset ones stay literal and
 * are listed in `unresolvedVariables`.
 */
export function parseMcpServerConfigs(
  section: unknown,
  options: ParseMcpServersOptions = {},
): ParsedMcpServers {
  const lookup = options.lookupVariable ?? ((name: string) => process.env[name]);
  const servers: McpServerSpec[] = [];
  const problems: McpConfigProblem[] = [];
  if (typeof section !== "object" || section === null || Array.isArray(section)) {
    return { servers, problems };
  }
  for (const [name, raw] of Object.entries(section)) {
    if (name.trim() === "") {
      problems.push({ server: name, key: "(name)", message: "a server needs a non-empty name" });
      continue;
    }
    const spec = parseEntry(name, raw, lookup, problems);
    if (spec !== undefined) servers.push(spec);
  }
  return { servers, problems };
}

/** One line per problem: `mcp_servers.<server>.<key>: <message>`. */
export function formatConfigProblem(problem: McpConfigProblem): string {
  return `mcp_servers.${problem.server}.${problem.key}: ${problem.message}`;
}

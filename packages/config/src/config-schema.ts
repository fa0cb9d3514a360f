import { z } from "zod";
import type { HermesConfig } from "./config-types.js";
import { terminalBackendNames } from "./terminal-backend-names.js";
import {
  readApprovalMode,
  readUnattendedPolicy,
  toBoolean,
  toNumber,
  toStringList,
} from "./legacy-values.js";

/** Build the config schema; run once, when the schema is first used (see below). */
function buildHermesConfigSchema(): z.ZodType<HermesConfig> {
  const stringList = z.preprocess(toStringList, z.array(z.string()));
  const integer = (min: number) => z.preprocess(toNumber, z.number().int().min(min));
  const boolean = z.preprocess(toBoolean, z.boolean());
  const optionalString = z.preprocess(
    (value) =>
      value === null || value === ""
        ? undefined
        : typeof value === "number"
          ? String(value)
          : value,
    z.string().optional(),
  );
  const policy = z.preprocess(readUnattendedPolicy, z.enum(["deny", "approve"]));
  const stringMap = z.preprocess(
    (value) => (value === null || value === undefined ? {} : value),
    z.record(
      z.string(),
      z.preprocess(
        (v) => (typeof v === "number" || typeof v === "boolean" ? String(v) : v),
        z.string(),
      ),
    ),
  );

  const terminalSchema = z
    .looseObject({
      backend: z
        .preprocess(
          (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
          z.string().refine((name) => terminalBackendNames().includes(name), {
            error: (issue) =>
              `${JSON.stringify(issue.input)} is not a terminal backend; use one of ${terminalBackendNames().join(", ")}`,
          }),
        )
        .default("local"),
      cwd: optionalString,
      timeout: integer(1).default(180),
      lifetime_seconds: integer(1).default(300),
      max_foreground_timeout: integer(1).default(600),
      env_passthrough: stringList.default([]),
      persistent_shell: boolean.default(true),
      shell_init_files: stringList.default([]),
      auto_source_bashrc: boolean.default(true),
      docker_image: z.string().default("nikolaik/python-nodejs:python3.11-nodejs20"),
      docker_forward_env: stringList.default([]),
      docker_volumes: stringList.default([]),
      docker_env: stringMap.default({}),
      docker_extra_args: stringList.default([]),
      singularity_image: z.string().default("docker://nikolaik/python-nodejs:python3.11-nodejs20"),
      modal_image: z.string().default("nikolaik/python-nodejs:python3.11-nodejs20"),
      daytona_image: z.string().default("nikolaik/python-nodejs:python3.11-nodejs20"),
      container_cpu: z.preprocess(toNumber, z.number().positive()).default(1),
      container_memory: integer(1).default(5120),
      container_disk: integer(1).default(51200),
      container_persistent: boolean.default(true),
      ssh_host: optionalString,
      ssh_user: optionalString,
      ssh_port: integer(1).default(22),
      ssh_key: optionalString,
      ssh_persistent: z.preprocess(toBoolean, z.boolean().optional()),
      sandbox: z
        .preprocess(
          (v) =>
            v === false || v === null || v === undefined
              ? "off"
              : typeof v === "string"
                ? v.trim().toLowerCase()
                : v,
          z.enum(["off", "workspace-write", "read-only"], {
            error: (issue) =>
              `${JSON.stringify(issue.input)} is not a sandbox level; use off, workspace-write or read-only`,
          }),
        )
        .default("off"),
      sandbox_network: boolean.default(false),
      sandbox_writable_paths: stringList.default([]),
    })
    .prefault({});

  const codeExecutionSchema = z
    .looseObject({
      timeout: integer(1).default(300),
      max_tool_calls: integer(0).default(50),
      mode: z
        .preprocess(
          (v) =>
            typeof v === "string" && ["project", "strict"].includes(v.trim().toLowerCase())
              ? v.trim().toLowerCase()
              : "project",
          z.enum(["project", "strict"]),
        )
        .default("project"),
      kernel_idle_timeout: integer(1).default(1800),
      persistent: boolean.default(false),
    })
    .prefault({});

  const approvalsSchema = z
    .looseObject({
      mode: z
        .preprocess((v) => readApprovalMode(v).mode, z.enum(["manual", "smart", "off"]))
        .default("manual"),
      timeout: integer(1).default(300),
      deny: stringList.default([]),
      cron_mode: policy.default("deny"),
      single_query_mode: policy.default("deny"),
      unattended_mode: policy.default("deny"),
      smart_policy: optionalString,
      denial_breaker_threshold: z.preprocess(toNumber, z.number().int()).default(3),
    })
    .prefault({});

  const auxiliaryModelSchema = z
    .looseObject({
      provider: optionalString,
      base_url: optionalString,
      model: optionalString,
      api_key: optionalString,
      timeout: z.preprocess(toNumber, z.number().positive()).default(30),
    })
    .prefault({});

  const pluginsSchema = z
    .looseObject({
      enabled: stringList.default([]),
      disabled: stringList.default([]),
      entries: z
        .preprocess(
          (v) => (v === null || typeof v !== "object" || Array.isArray(v) ? {} : v),
          z.record(
            z.string(),
            z.preprocess(
              (v) => (v === null || typeof v !== "object" ? {} : v),
              z.looseObject({ allow_tool_override: boolean.default(false) }),
            ),
          ),
        )
        .default({}),
    })
    .prefault({});

  const toolOutputSchema = z
    .looseObject({
      max_bytes: integer(1).default(50_000),
      max_lines: integer(1).default(2000),
      max_line_length: integer(1).default(2000),
    })
    .prefault({});

  const webSchema = z
    .looseObject({
      backend: z.preprocess(
        (v) =>
          typeof v === "string" ? v.trim().toLowerCase() || undefined : v === null ? undefined : v,
        z.string().optional(),
      ),
      allow_private_urls: boolean.default(false),
      extract_char_limit: z.preprocess(
        (v) => (v === null ? undefined : toNumber(v)),
        z.number().int().positive().optional(),
      ),
    })
    .prefault({});

  const skillsSchema = z
    .looseObject({
      external_dirs: stringList.default([]),
      disabled: stringList.default([]),
      platform_disabled: z
        .preprocess(
          (v) => (v === null || typeof v !== "object" || Array.isArray(v) ? {} : v),
          z.record(z.string(), stringList),
        )
        .default({}),
    })
    .prefault({});

  /** A top-level section: a mapping, or nothing (null reads as the defaults). */
  function section<T extends z.ZodType>(schema: T) {
    return z.preprocess((v) => (v === null || v === undefined ? undefined : v), schema);
  }

  return z.looseObject({
    terminal: section(terminalSchema),
    code_execution: section(codeExecutionSchema),
    approvals: section(approvalsSchema),
    command_allowlist: stringList.default([]),
    mcp_servers: z
      .preprocess(
        (v) => (v === null || typeof v !== "object" || Array.isArray(v) ? {} : v),
        z.record(
          z.string(),
          z.preprocess((v) => (v === null ? {} : v), z.record(z.string(), z.unknown())),
        ),
      )
      .default({}),
    plugins: section(pluginsSchema),
    tool_output: section(toolOutputSchema),
    auxiliary: section(z.looseObject({ approval: section(auxiliaryModelSchema) }).prefault({})),
    web: section(webSchema),
    skills: section(skillsSchema),
  }) as unknown as z.ZodType<HermesConfig>;
}

/**
 * The zod schema of config.yaml. Unknown keys are kept; every key the runtime reads has Hermes'
 * default; legacy spellings (a scalar where a list is expected, numbers as strings) are accepted.
 *
 * The schema is built on first use (a parse, a conversion), not when the package is imported:
 * building it takes longer than importing the rest of the package.
 */
export const hermesConfigSchema: z.ZodType<HermesConfig> = z.lazy(buildHermesConfigSchema);

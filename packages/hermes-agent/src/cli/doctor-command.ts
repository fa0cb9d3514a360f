import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { loadConfigWithDiagnostics, type HermesConfig } from "@hermes-agent/config";
import type { HermesRuntime } from "../runtime/hermes-runtime.js";
import { out, type CliIo } from "./cli-io.js";
import { configWarnings } from "./config-command.js";
import { mcpServerChecks, modelEndpointCheck, terminalCheck } from "./doctor-service-checks.js";

/** One line of `doctor`. */
export interface DoctorCheck {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
  /** What to do when it is not ok. */
  readonly fix?: string;
  /** Failing it makes `doctor` exit 1 (the runtime cannot work without it). */
  readonly required: boolean;
}

/** The first executable named `name` on `PATH`, or undefined. */
export function findExecutable(
  name: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (dir === "") continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function run(
  file: string,
  args: readonly string[],
  timeoutMs: number,
): Promise<{ ok: boolean; text: string }> {
  return new Promise((resolve) => {
    execFile(file, [...args], { timeout: timeoutMs, encoding: "utf8" }, (error, stdout, stderr) => {
      resolve({ ok: error === null, text: `${stdout}${stderr}`.trim().split("\n")[0] ?? "" });
    });
  });
}

function nodeCheck(): DoctorCheck {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  const ok = major > 20 || (major === 20 && minor >= 19);
  return {
    name: "Node.js",
    ok,
    detail: `v${process.versions.node}`,
    fix: "Install Node.js 20.19 or newer.",
    required: true,
  };
}

async function binaryCheck(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  label: string,
  candidates: readonly string[],
  versionArgs: readonly string[],
  fix: string,
): Promise<DoctorCheck> {
  for (const candidate of candidates) {
    const found = candidate.includes("/") ? candidate : findExecutable(candidate, env);
    if (found === undefined) continue;
    try {
      accessSync(found, constants.X_OK);
    } catch {
      continue;
    }
    const version = await run(found, versionArgs, 5000);
    return {
      name: label,
      ok: true,
      detail: `${found}${version.text === "" ? "" : ` (${version.text})`}`,
      required: false,
    };
  }
  return { name: label, ok: false, detail: `${name} not found on PATH`, fix, required: false };
}

async function dockerCheck(
  env: Readonly<Record<string, string | undefined>>,
  config: HermesConfig,
): Promise<DoctorCheck> {
  const docker = findExecutable("docker", env);
  const needed = config.terminal.backend === "docker";
  if (docker === undefined) {
    return {
      name: "docker",
      ok: !needed,
      detail: needed
        ? "terminal.backend is docker but docker is not installed"
        : "not installed (only needed for terminal.backend: docker)",
      fix: "Install docker (Debian: docker.io) and start the daemon.",
      required: needed,
    };
  }
  const info = await run(docker, ["info", "--format", "{{.ServerVersion}}"], 5000);
  return {
    name: "docker",
    ok: info.ok || !needed,
    detail: info.ok
      ? `daemon reachable (server ${info.text})`
      : `${docker} found, daemon not reachable`,
    fix: "Start the docker daemon, or check that this user may reach its socket.",
    required: needed,
  };
}

function pluginChecks(runtime: HermesRuntime): DoctorCheck[] {
  const report = runtime.plugins.manager.report();
  return report.plugins
    .filter((plugin) => plugin.state !== "disabled" && plugin.state !== "not_enabled")
    .map((plugin) => ({
      name: `plugin ${plugin.key}`,
      ok: plugin.state === "loaded",
      detail: plugin.state + (plugin.message === undefined ? "" : `: ${plugin.message}`),
      fix: plugin.message ?? "See 'hermes-agent plugins list'.",
      required: false,
    }));
}

/** Run every check. */
export async function runDoctor(io: CliIo, runtime: HermesRuntime): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [nodeCheck()];
  checks.push(
    await binaryCheck(
      io.env,
      "python3",
      "python3",
      ["/usr/bin/python3", "python3"],
      ["--version"],
      "Install python3 (execute_code runs Python scripts).",
    ),
    await binaryCheck(
      io.env,
      "rg",
      "ripgrep",
      ["rg"],
      ["--version"],
      "Install ripgrep (Debian: ripgrep) for fast search_files.",
    ),
    await binaryCheck(
      io.env,
      "ssh",
      "ssh",
      ["ssh"],
      ["-V"],
      "Install openssh-client (only needed for terminal.backend: ssh).",
    ),
  );
  const loaded = await loadConfigWithDiagnostics({ home: runtime.hermesHome, env: io.env }).then(
    async (value) => ({ ok: true as const, value, warnings: await configWarnings(value) }),
    (error: unknown) => ({
      ok: false as const,
      error: error instanceof Error ? error.message : String(error),
    }),
  );
  checks.push(
    loaded.ok
      ? {
          name: "config.yaml",
          ok: true,
          detail: `${loaded.value.path} ${loaded.value.exists ? "valid" : "absent (defaults apply)"}${loaded.warnings.length > 0 ? `; ${loaded.warnings.length} warning(s): 'hermes-agent config check' shows them` : ""}`,
          required: true,
        }
      : {
          name: "config.yaml",
          ok: false,
          detail: loaded.error,
          fix: "Fix the key named above ('hermes-agent config check' shows the effective settings).",
          required: true,
        },
  );
  checks.push(terminalCheck(runtime), await dockerCheck(io.env, runtime.config));
  checks.push(...(await mcpServerChecks(io, runtime)), ...pluginChecks(runtime));
  checks.push(await modelEndpointCheck(io, runtime));
  return checks;
}

/** Print the checks, one line each: ✓ or ✗, and the fix under a failure. */
export function printDoctor(io: CliIo, checks: readonly DoctorCheck[]): void {
  for (const check of checks) {
    out(io, `${check.ok ? "✓" : "✗"} ${check.name.padEnd(18)} ${check.detail}`);
    if (!check.ok && check.fix !== undefined) out(io, `  ${"".padEnd(18)} → ${check.fix}`);
  }
}

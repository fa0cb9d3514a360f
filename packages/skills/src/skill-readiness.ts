import type { SkillsSettings } from "./skills-settings.js";

/** One required variable, normalised as Hermes reports it. */
export interface RequiredEnvVar {
  readonly name: string;
  readonly prompt: string;
  readonly help?: string;
  readonly required_for?: string;
  readonly optional?: true;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value as unknown[];
  return value !== null && typeof value === "object" ? [value] : [];
}

function cleanString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function field(entry: unknown, key: string): unknown {
  return entry !== null && typeof entry === "object"
    ? (entry as Record<string, unknown>)[key]
    : undefined;
}

/**
 * The variables a skill needs: `required_environment_variables` (names or mappings), then
 * `setup.collect_secrets` and the legacy `prerequisites.env_vars`; first entry of a name wins.
 */
export function requiredEnvironmentVariables(
  frontmatter: Readonly<Record<string, unknown>>,
): RequiredEnvVar[] {
  const setup = frontmatter.setup;
  const setupHelp = cleanString(field(setup, "help"));
  const legacyRaw = field(frontmatter.prerequisites, "env_vars");
  const legacy =
    typeof legacyRaw === "string" ? [legacyRaw] : Array.isArray(legacyRaw) ? legacyRaw : [];
  const entries: Record<string, unknown>[] = [];
  for (const item of asList(frontmatter.required_environment_variables)) {
    if (typeof item === "string") entries.push({ name: item });
    else if (item !== null && typeof item === "object")
      entries.push(item as Record<string, unknown>);
  }
  for (const item of asList(field(setup, "collect_secrets"))) {
    if (item === null || typeof item !== "object") continue;
    const secret = item as Record<string, unknown>;
    entries.push({
      name: secret.env_var,
      prompt: secret.prompt,
      url: secret.provider_url ?? secret.url,
    });
  }
  for (const name of legacy as unknown[]) entries.push({ name: String(name) });
  const required = new Map<string, RequiredEnvVar>();
  for (const entry of entries) {
    const name = String(entry.name ?? entry.env_var ?? "").trim();
    if (name === "" || required.has(name) || !ENV_NAME.test(name)) continue;
    const help =
      cleanString(entry.help) ??
      cleanString(entry.provider_url) ??
      cleanString(entry.url) ??
      setupHelp;
    const requiredFor = cleanString(entry.required_for);
    required.set(name, {
      name,
      prompt: cleanString(entry.prompt) ?? `Enter value for ${name}`,
      ...(help === undefined ? {} : { help }),
      ...(requiredFor === undefined ? {} : { required_for: requiredFor }),
      ...(entry.optional === true ? { optional: true as const } : {}),
    });
  }
  return [...required.values()];
}

/** Readiness fields of a skill_view result, in Hermes' key order. */
export interface SkillReadiness {
  readonly fields: Record<string, unknown>;
  readonly extras: Record<string, unknown>;
}

/**
 * Check a skill's required variables (set in the environment or in `<home>/.env`), pass the
 * present ones through to child processes (as `skill`'s set, when named), and report
 * `setup_needed` for the missing ones.
 */
export function skillReadiness(
  frontmatter: Readonly<Record<string, unknown>>,
  settings: SkillsSettings,
  skill?: string,
): SkillReadiness {
  const required = requiredEnvironmentVariables(frontmatter);
  const envFile = required.length > 0 ? settings.envFile() : {};
  const isSet = (name: string) => {
    const value = name in envFile ? envFile[name] : settings.envValue(name);
    return value !== undefined && value !== "";
  };
  const missing = required.filter((v) => v.optional !== true && !isSet(v.name)).map((v) => v.name);
  const available = required.filter((v) => isSet(v.name)).map((v) => v.name);
  // The skill's set is replaced: a variable its SKILL.md no longer names (or that is no longer
  // set) stops passing through.
  if (skill !== undefined) settings.passthrough?.add(available, skill);
  else if (available.length > 0) settings.passthrough?.add(available);
  const setupNeeded = missing.length > 0;
  const fields = {
    required_environment_variables: required,
    required_commands: [],
    missing_required_environment_variables: missing,
    missing_credential_files: [],
    missing_required_commands: [],
    setup_needed: setupNeeded,
    setup_skipped: false,
    readiness_status: setupNeeded ? "setup_needed" : "available",
  };
  const extras: Record<string, unknown> = {};
  const setupHelp = required.find((v) => v.help !== undefined)?.help;
  if (setupHelp !== undefined) extras.setup_help = setupHelp;
  if (setupNeeded) {
    const note = `Setup needed before using this skill: missing ${missing.map((n) => `env $${n}`).join(", ")}.`;
    extras.setup_note = setupHelp === undefined ? note : `${note} ${setupHelp}`;
  }
  return { fields, extras };
}

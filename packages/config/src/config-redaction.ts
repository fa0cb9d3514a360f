import { isSecretEnvName, redactSecrets } from "@hermes-agent/core";

/** What replaces a secret in printed config. */
export const REDACTED = "***";

/** Keys whose value is a secret whatever it looks like (`api_key`, `token`, `password`, ...). */
const SECRET_KEY =
  /(?:api[_-]?key|apikey|token|secret|passw(?:or)?d|credential|authorization|private[_-]?key|access[_-]?key|bearer|cookie)/i;

/** Mappings whose every key names an environment variable or a header. */
const NAMED_VALUE_MAPS = new Set(["env", "headers", "docker_env"]);

/**
 * A copy of a config (or any part of it) safe to print: values of secret-named keys (`api_key`,
 * MCP `env` entries such as `GITHUB_PERSONAL_ACCESS_TOKEN`, `Authorization` headers) are masked,
 * and every other string goes through core's `redactSecrets` (tokens in URLs, inline keys).
 */
export function redactConfig(value: unknown): unknown {
  return redact(value, undefined, false);
}

function redact(value: unknown, key: string | undefined, namedValues: boolean): unknown {
  if (typeof value === "string") {
    if (key !== undefined && (SECRET_KEY.test(key) || (namedValues && isSecretEnvName(key)))) {
      return value === "" ? value : REDACTED;
    }
    return redactSecrets(value, { mask: REDACTED });
  }
  if (Array.isArray(value)) return value.map((item: unknown) => redact(item, undefined, false));
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [name, item] of Object.entries(value)) {
      out[name] = redact(item, name, key !== undefined && NAMED_VALUE_MAPS.has(key));
    }
    return out;
  }
  return value;
}

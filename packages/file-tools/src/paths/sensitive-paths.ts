import path from "node:path";
import { isPathInside } from "./path-resolution.js";

const SYSTEM_PREFIXES = ["/etc/", "/boot/", "/usr/lib/systemd/", "/private/etc/", "/private/var/"];
const SYSTEM_EXACT: ReadonlySet<string> = new Set(["/var/run/docker.sock", "/run/docker.sock"]);

/** Credential stores Hermes keeps under its home directory. */
const HERMES_SECRET_FILES = [
  "auth.json",
  "auth.lock",
  ".anthropic_oauth.json",
  ".env",
  "webhook_subscriptions.json",
  "auth/google_oauth.json",
  "cache/bws_cache.json",
];
const HERMES_SECRET_DIRS = ["mcp-tokens", "browser-profile"];

/**
 * Why write_file/patch refuse `candidates` (the normalised path and its real path), or
 * undefined: system locations, the docker socket, and the runtime's own config and `.env`.
 */
export function writeRefusal(
  input: string,
  candidates: readonly string[],
  hermesHome: string,
): string | undefined {
  for (const candidate of candidates) {
    if (
      SYSTEM_PREFIXES.some((prefix) => candidate.startsWith(prefix)) ||
      SYSTEM_EXACT.has(candidate)
    ) {
      return (
        `Refusing to write to sensitive system path: ${input}\n` +
        "Use the terminal tool with sudo if you need to modify system files."
      );
    }
  }
  const protectedFiles = [path.join(hermesHome, "config.yaml"), path.join(hermesHome, ".env")];
  if (candidates.some((candidate) => protectedFiles.includes(candidate))) {
    return (
      `Refusing to write to Hermes config file: ${input}\n` +
      "Agent cannot modify security-sensitive configuration. " +
      "Edit ~/.hermes/config.yaml directly or use 'hermes-agent config set' instead."
    );
  }
  return undefined;
}

/** Why read_file refuses a path under the Hermes home (credentials, the skills hub cache). */
export function readRefusal(input: string, real: string, hermesHome: string): string | undefined {
  if (isPathInside(real, path.join(hermesHome, "skills", ".hub"))) {
    return (
      `Access denied: ${input} is an internal Hermes cache file and cannot be read directly ` +
      "to prevent prompt injection. Use the skills_list or skill_view tools instead."
    );
  }
  if (
    HERMES_SECRET_FILES.some((name) => real === path.join(hermesHome, name)) ||
    HERMES_SECRET_DIRS.some((dir) => isPathInside(real, path.join(hermesHome, dir)))
  ) {
    return `Access denied: ${input} is a Hermes credential file and cannot be read directly.`;
  }
  return undefined;
}

const ENV_TEMPLATES = /\.(example|sample|template|dist|defaults?)$/i;
const PRIVATE_KEYS = /^(id_(rsa|dsa|ecdsa|ed25519)|.*\.(pem|key|p12|pfx))$/i;

/**
 * True for files whose content is secrets: Hermes' credential stores, project `.env` files
 * (not templates such as `.env.example`), netrc/pgpass and private keys. search_files
 * leaves their matches out.
 */
export function isCredentialFile(absolute: string, hermesHome: string): boolean {
  if (readRefusal(absolute, absolute, hermesHome) !== undefined) return true;
  const name = path.posix.basename(absolute);
  if ((name === ".env" || name.startsWith(".env.")) && !ENV_TEMPLATES.test(name)) return true;
  if (name === ".netrc" || name === ".pgpass") return true;
  return PRIVATE_KEYS.test(name) && !name.endsWith(".pub");
}

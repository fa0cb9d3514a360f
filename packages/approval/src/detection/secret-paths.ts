import { posix } from "node:path";
import { DYNAMIC } from "@hermes-agent/shell";
import { activeSession } from "./command-context.js";
import { globCouldNameSecret } from "./secret-globs.js";
import { homeFolded, inWorkingDirectory } from "./session-paths.js";

// Files whose contents are credentials: printing them puts secrets into the transcript,
// sending them anywhere leaks them. Paths are matched after `~`/home folding; `$HOME` and
// `$HERMES_HOME` are already `~` and `~/.hermes` by then.
const PRIVATE =
  /(?:^|\/)(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|\.ssh\/(?!.*\.pub$)(?!known_hosts)(?!config$)(?!authorized_keys)[^/]+|\.aws\/credentials|\.aws\/sso\/cache\/.*|\.netrc|\.pgpass|\.my\.cnf|\.git-credentials|\.gnupg\/(?:private-keys[^/]*\/.*|secring\.gpg)|\.hermes\/(?:\.env|auth\.json|state\.db[^/]*|[^/]*(?:auth|token|credential|secret)[^/]*)|\.docker\/config\.json|\.npmrc|\.pypirc|\.yarnrc(?:\.yml)?|\.config\/gcloud\/(?:application_default_credentials\.json|credentials\.db|access_tokens\.db|legacy_credentials\/.*)|\.azure\/(?:accessTokens\.json|msal_token_cache\.\w+|.*\.pem)|\.kube\/config|\.config\/gh\/hosts\.yml|\.config\/hub|\.cargo\/credentials(?:\.toml)?|\.terraform\.d\/credentials\.tfrc\.json|\.vault-token|\.gem\/credentials|\.codex\/auth\.json|\.claude\/\.credentials\.json|\.config\/(?:google-chrome|chromium|BraveSoftware\/[^/]+|microsoft-edge)\/[^/]+\/(?:Login Data|Cookies|Web Data)|Library\/Application Support\/Google\/Chrome\/[^/]+\/(?:Login Data|Cookies)|\.mozilla\/firefox\/[^/]+\/(?:logins\.json|key[34]\.db|cookies\.sqlite)|\.local\/share\/keyrings\/.*|\.password-store\/.*|Library\/Keychains\/.*|\.config\/rclone\/rclone\.conf|\.s3cfg|\.boto|\.config\/op\/.*|\.config\/hermes\/.*(?:auth|token).*|\.m2\/settings(?:-security)?\.xml|\.gradle\/gradle\.properties|(?:\.composer|\.config\/composer)\/auth\.json|\.config\/glab-cli\/config\.yml|\.(?:config\/)?nuget\/NuGet\/NuGet\.Config|\.config\/pypoetry\/auth\.toml|\.hex\/hex\.config|\.(?:sbt|ivy2)\/\.credentials|\.vagrant\.d\/data\/vagrant_login_token|\.pulumi\/credentials\.json)$/i;
const SYSTEM_PRIVATE =
  /^\/(?:etc\/(?:shadow|gshadow|sudoers|ssh\/ssh_host_[^/]*_key|security\/opasswd)|root\/\.ssh\/.+|proc\/(?:[^/]+)\/(?:environ|mem|maps)|var\/lib\/docker\/.*config\.v2\.json|(?:var\/)?run\/secrets\/.+|etc\/kubernetes\/(?:admin|super-admin|kubelet|controller-manager|scheduler)\.conf)$/;
// Secrets that are ordinary to read inside a project but must not be sent anywhere.
const SENDABLE =
  /(?:^|\/)(?:\.env(?:\.[\w-]+)?|\.ssh|\.aws|\.gnupg|\.kube|\.docker|\.hermes|id_[a-z0-9]+(?:\.pub)?|[^/]*\.(?:pem|key|p12|pfx|keystore|jks)|credentials(?:\.json)?|secrets?\.(?:ya?ml|json|toml)|service[-_]account[^/]*\.json)$/i;

function normalised(text: string): string {
  let path = homeFolded(text);
  // `/proc/self/../1/environ`, `a/./b`: the path the kernel resolves.
  if (/(?:^|\/)\.\.?(?:\/|$)/.test(path) && /^[/~]/.test(path)) {
    const home = path.startsWith("~");
    path = posix.normalize(home ? path.slice(1) || "/" : path);
    if (home) path = `~${path}`;
  }
  // The effective HERMES_HOME reads as the default one.
  const hermes = activeSession()?.hermesHome ?? null;
  if (hermes !== null) {
    const folded = homeFolded(hermes);
    if (path === folded || path.startsWith(`${folded}/`))
      path = `~/.hermes${path.slice(folded.length)}`;
  }
  return path.replace(/\/+$/, "");
}

// The agent's own files, relative to HERMES_HOME: secrets (credentials, session state) and config.
const HERMES_SECRET =
  /^(?:\.env(?:\..+)?|auth\.json|auth\.lock|state\.db.*|sessions\/.*|[^/]*(?:auth|token|credential|secret)[^/]*)$/i;
const HERMES_CONFIG =
  /^(?:config\.ya?ml|approvals-baseline\.json|SOUL\.md|cron\/.*|hooks\/.*|plugins\/.*|skills\/.*)$/i;

/**
 * What a path is among the agent's own files under the effective HERMES_HOME: `"secret"`
 * (credentials, session state), `"config"` (configuration and code it loads), or null.
 */
export function hermesHomeFile(text: string): "secret" | "config" | null {
  for (const candidate of [text, inWorkingDirectory(text)]) {
    if (candidate === null) continue;
    const path = normalised(candidate);
    if (!path.startsWith("~/.hermes/")) continue;
    const rest = path.slice("~/.hermes/".length);
    if (HERMES_SECRET.test(rest)) return "secret";
    if (HERMES_CONFIG.test(rest)) return "config";
  }
  return null;
}

/** True when reading the path prints credentials (private keys, tokens, the agent's own .env). */
export function isPrivateSecretPath(text: string): boolean {
  const moved = inWorkingDirectory(text);
  return privatePath(text) || (moved !== null && privatePath(moved));
}

function privatePath(text: string): boolean {
  const path = normalised(text);
  if (path.startsWith("/proc/") && /^\/proc\/[^/]*\/environ$/.test(path.split(DYNAMIC).join("1")))
    return true;
  // `$p/environ` with `p` unknown (a loop over `/proc/[0-9]*`): it may be any process's.
  if (path.startsWith(DYNAMIC) && /^[^/]*\/environ$/.test(path)) return true;
  return (
    SYSTEM_PRIVATE.test(path.split(DYNAMIC).join("x")) ||
    PRIVATE.test(path) ||
    globCouldNameSecret(path)
  );
}

/** True when sending the path off the machine leaks a secret (private ones and `.env`, keys). */
export function isSendableSecretPath(text: string): boolean {
  const moved = inWorkingDirectory(text);
  return (
    isPrivateSecretPath(text) ||
    SENDABLE.test(normalised(text)) ||
    (moved !== null && SENDABLE.test(normalised(moved)))
  );
}

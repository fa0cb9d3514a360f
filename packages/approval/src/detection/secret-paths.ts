import { DYNAMIC } from "@hermes-agent/shell";
import { globCouldNameSecret } from "./secret-globs.js";
import { homeFolded, inWorkingDirectory } from "./session-paths.js";

// Files whose contents are credentials: printing them puts secrets into the transcript,
// sending them anywhere leaks them. Paths are matched after `~`/home folding; `$HOME` and
// `$HERMES_HOME` are already `~` and `~/.hermes` by then.
const PRIVATE =
  /(?:^|\/)(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|\.ssh\/(?!.*\.pub$)(?!known_hosts)(?!config$)(?!authorized_keys)[^/]+|\.aws\/credentials|\.aws\/sso\/cache\/.*|\.netrc|\.pgpass|\.my\.cnf|\.git-credentials|\.gnupg\/(?:private-keys[^/]*\/.*|secring\.gpg)|\.hermes\/(?:\.env|auth\.json|[^/]*(?:auth|token|credential|secret)[^/]*)|\.docker\/config\.json|\.npmrc|\.pypirc|\.yarnrc(?:\.yml)?|\.config\/gcloud\/(?:application_default_credentials\.json|credentials\.db|access_tokens\.db|legacy_credentials\/.*)|\.azure\/(?:accessTokens\.json|msal_token_cache\.\w+|.*\.pem)|\.kube\/config|\.config\/gh\/hosts\.yml|\.config\/hub|\.cargo\/credentials(?:\.toml)?|\.terraform\.d\/credentials\.tfrc\.json|\.vault-token|\.gem\/credentials|\.codex\/auth\.json|\.claude\/\.credentials\.json|\.config\/(?:google-chrome|chromium|BraveSoftware\/[^/]+|microsoft-edge)\/[^/]+\/(?:Login Data|Cookies|Web Data)|Library\/Application Support\/Google\/Chrome\/[^/]+\/(?:Login Data|Cookies)|\.mozilla\/firefox\/[^/]+\/(?:logins\.json|key[34]\.db|cookies\.sqlite)|\.local\/share\/keyrings\/.*|\.password-store\/.*|Library\/Keychains\/.*|\.config\/rclone\/rclone\.conf|\.s3cfg|\.boto|\.config\/op\/.*|\.config\/hermes\/.*(?:auth|token).*)$/i;
const SYSTEM_PRIVATE =
  /^\/(?:etc\/(?:shadow|gshadow|sudoers|ssh\/ssh_host_[^/]*_key|security\/opasswd)|root\/\.ssh\/.+|proc\/(?:[^/]+)\/(?:environ|mem|maps)|var\/lib\/docker\/.*config\.v2\.json)$/;
// Secrets that are ordinary to read inside a project but must not be sent anywhere.
const SENDABLE =
  /(?:^|\/)(?:\.env(?:\.[\w-]+)?|\.ssh|\.aws|\.gnupg|\.kube|\.docker|\.hermes|id_[a-z0-9]+(?:\.pub)?|[^/]*\.(?:pem|key|p12|pfx|keystore|jks)|credentials(?:\.json)?|secrets?\.(?:ya?ml|json|toml)|service[-_]account[^/]*\.json)$/i;

function normalised(text: string): string {
  return homeFolded(text).replace(/\/+$/, "");
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

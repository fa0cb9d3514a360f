import { DYNAMIC } from "@hermes-agent/shell";
import { globToRegExp } from "./paths.js";

// Literal credential files a glob word is compared against: `cat /e?c/sh*ow` is judged as the
// files it could expand to. Home paths start with `~` and are also compared against the tail
// of any path (`/home/*/.ssh/id_*`). Every entry is itself a private secret path.
const SECRET_FILES: readonly string[] = [
  "/etc/shadow",
  "/etc/gshadow",
  "/etc/sudoers",
  "/etc/security/opasswd",
  "/etc/ssh/ssh_host_rsa_key",
  "/etc/ssh/ssh_host_ecdsa_key",
  "/etc/ssh/ssh_host_ed25519_key",
  "/proc/1/environ",
  "/proc/self/environ",
  "/proc/1/mem",
  "/proc/self/mem",
  "/var/lib/docker/containers/x/config.v2.json",
  "/run/secrets/x",
  "/var/run/secrets/x",
  "/var/run/secrets/kubernetes.io/serviceaccount/token",
  "~/.ssh/id_rsa",
  "~/.ssh/id_ecdsa",
  "~/.ssh/id_ed25519",
  "~/.ssh/id_dsa",
  "~/.aws/credentials",
  "~/.netrc",
  "~/.pgpass",
  "~/.my.cnf",
  "~/.git-credentials",
  "~/.hermes/.env",
  "~/.hermes/auth.json",
  "~/.docker/config.json",
  "~/.npmrc",
  "~/.pypirc",
  "~/.kube/config",
  "~/.config/gh/hosts.yml",
  "~/.cargo/credentials",
  "~/.cargo/credentials.toml",
  "~/.vault-token",
  "~/.gnupg/secring.gpg",
  "~/.config/rclone/rclone.conf",
  "~/.s3cfg",
  "~/.codex/auth.json",
  "~/.claude/.credentials.json",
  "~/.gem/credentials",
];

const GLOB = /[*?[]/;
const SPLIT_FILES = SECRET_FILES.map((file) => file.split("/").filter((part) => part !== ""));

function componentCouldBe(component: string, name: string): boolean {
  if (!GLOB.test(component)) return component === name;
  if (name.startsWith(".") && !component.startsWith(".") && !component.startsWith("[")) {
    return false;
  }
  return globToRegExp(component).test(name);
}

function tailMatches(parts: readonly string[], file: readonly string[]): boolean {
  const offset = parts.length - file.length;
  if (offset < 0) return false;
  return file.every((name, i) => componentCouldBe(parts[offset + i] ?? "", name));
}

/**
 * True when a path word with glob characters (`*`, `?`, `[...]`) could expand to a credential
 * file, compared component by component (a wildcard never crosses `/`; a leading `.` must be
 * matched explicitly, as bash does). Words without globs, or with unknown parts, return false.
 */
export function globCouldNameSecret(text: string): boolean {
  if (!GLOB.test(text) || text.includes(DYNAMIC)) return false;
  const parts = text.split("/").filter((part) => part !== "");
  const absolute = text.startsWith("/");
  return SPLIT_FILES.some((file) => {
    if (file[0] === "~") {
      const rest = file.slice(1);
      if (parts[0] === "~" && parts.length === file.length) return tailMatches(parts, file);
      return absolute && parts.length === rest.length + 2 && tailMatches(parts, rest);
    }
    return absolute && parts.length === file.length && tailMatches(parts, file);
  });
}

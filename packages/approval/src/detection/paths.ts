import { DYNAMIC } from "@hermes-agent/shell";
import { isInterpreterStartupFile, isUserToolConfig } from "./user-config-paths.js";

/** A path split into components after `~`, `.` and `..` are resolved lexically. */
export interface ResolvedPath {
  /** Where the path starts: filesystem root, the user's home, the working directory, or unknown. */
  readonly base: "root" | "home" | "relative" | "dynamic";
  /** Components below the base, with `.` removed and `..` folded. */
  readonly parts: readonly string[];
  /** True when a relative path climbs above the working directory. */
  readonly escapes: boolean;
}

/** Resolve a path word lexically (no filesystem access). */
export function resolvePath(text: string): ResolvedPath {
  let base: ResolvedPath["base"];
  let rest: string;
  if (text.startsWith("/")) {
    base = "root";
    rest = text;
  } else if (text.startsWith("~")) {
    const slash = text.indexOf("/");
    const user = slash < 0 ? text.slice(1) : text.slice(1, slash);
    rest = slash < 0 ? "" : text.slice(slash);
    if (user === "" || user === "+" || user === "-") {
      base = user === "" ? "home" : "relative";
    } else {
      base = "root";
      rest = (user === "root" ? "/root" : `/home/${user}`) + rest;
    }
  } else if (text.startsWith(DYNAMIC)) {
    return { base: "dynamic", parts: [], escapes: false };
  } else {
    base = "relative";
    rest = text;
  }
  const parts: string[] = [];
  let escapes = false;
  for (const part of rest.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length > 0) parts.pop();
      else if (base === "relative") escapes = true;
      else if (base === "home") {
        base = "root";
        parts.push("home");
      }
      continue;
    }
    parts.push(part);
  }
  return { base, parts, escapes };
}

const TOP_SYSTEM_DIRS = new Set([
  "bin",
  "boot",
  "dev",
  "etc",
  "home",
  "lib",
  "lib32",
  "lib64",
  "libx32",
  "opt",
  "proc",
  "root",
  "run",
  "sbin",
  "srv",
  "sys",
  "usr",
  "var",
  "snap",
  "mnt",
  "media",
  "system",
  "library",
  "applications",
  "users",
  "private",
  "volumes",
  "cores",
  "nix",
]);
const SECOND_SYSTEM_DIRS = new Set([
  "usr/bin",
  "usr/sbin",
  "usr/lib",
  "usr/lib32",
  "usr/lib64",
  "usr/libexec",
  "usr/local",
  "usr/share",
  "usr/include",
  "var/lib",
  "var/log",
  "var/spool",
  "var/mail",
  "var/db",
  "var/cache",
  "var/backups",
  "var/www",
  "private/etc",
  "private/var",
  "etc/ssh",
  "etc/systemd",
  "usr/local/bin",
  "usr/local/lib",
  "etc/init.d",
  "etc/pam.d",
  "etc/sudoers.d",
]);

const GLOB_CHARS = /[*?[]/;
const WILDCARD_ONLY = /^[.!^\-[\]]*[*?][*?.!^\-[\]]*$/;

/** Convert a shell glob to an anchored, case-insensitive regular expression. */
export function globToRegExp(pattern: string): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern.charAt(i);
    if (ch === "*") source += ".*";
    else if (ch === "?") source += ".";
    else if (ch === "[") {
      const close = pattern.indexOf("]", i + 2);
      if (close < 0) source += "\\[";
      else {
        let body = pattern.slice(i + 1, close);
        if (body.startsWith("!")) body = "^" + body.slice(1);
        source += "[" + body.replace(/\\/g, "\\\\") + "]";
        i = close;
      }
    } else source += ch.replace(/[.+^${}()|\\\]]/g, "\\$&");
  }
  try {
    return new RegExp(`^${source}$`, "i");
  } catch {
    return /^.*$/;
  }
}

/** True when a (possibly globbed or dynamic) component could name `name`. */
function componentMatches(component: string, name: string, glob: boolean): boolean {
  if (component.includes(DYNAMIC)) return true;
  if (glob && GLOB_CHARS.test(component)) return globToRegExp(component).test(name);
  return component.toLowerCase() === name;
}

/** True when the component expands to everything in its directory (`*`, `.*`, `?*`). */
export function isWildcardOnly(component: string): boolean {
  return WILDCARD_ONLY.test(component) || component === DYNAMIC;
}

function matchesProtected(parts: readonly string[], glob: boolean): boolean {
  if (parts.length === 1) {
    const first = parts[0] ?? "";
    for (const dir of TOP_SYSTEM_DIRS) if (componentMatches(first, dir, glob)) return true;
    return false;
  }
  const joined = parts.map((part) => part.toLowerCase()).join("/");
  if (!glob && !joined.includes(DYNAMIC)) return SECOND_SYSTEM_DIRS.has(joined);
  for (const dir of SECOND_SYSTEM_DIRS) {
    const names = dir.split("/");
    if (names.length !== parts.length) continue;
    if (names.every((name, i) => componentMatches(parts[i] ?? "", name, glob))) return true;
  }
  return false;
}

/** What deleting a path recursively would hit. */
export type DeleteScope =
  "root" | "system-dir" | "home-root" | "outside" | "dynamic" | "tree-root" | "inside";

/** Classify the target of a recursive delete (or move, chmod -R, ...). */
export function classifyDeleteTarget(text: string, glob: boolean): DeleteScope {
  const path = resolvePath(text);
  if (path.base === "dynamic") return "dynamic";
  const { parts } = path;
  const last = parts[parts.length - 1] ?? "";
  const parent = glob && parts.length > 0 && isWildcardOnly(last) ? parts.slice(0, -1) : null;
  if (path.base === "root") {
    if (parts.length === 0 || (parent !== null && parent.length === 0)) return "root";
    if (matchesProtected(parts, glob) || (parent !== null && matchesProtected(parent, glob))) {
      return "system-dir";
    }
    const home = parent ?? parts;
    if (home.length === 2 && /^(home|users)$/i.test(home[0] ?? "")) return "home-root";
    return "outside";
  }
  if (path.base === "home") {
    if (parts.length === 0 || (parent !== null && parent.length === 0)) return "home-root";
    return "outside";
  }
  if (path.escapes) return "outside";
  if (parts.length === 0 || (parent !== null && parent.length === 0)) return "tree-root";
  if (parts[0] === ".git" || parts[0]?.startsWith(DYNAMIC)) {
    return parts[0] === ".git" ? "tree-root" : "dynamic";
  }
  return "inside";
}

const BLOCK_DEVICE =
  /^\/dev\/(?:(?:sd|hd|vd|xvd)[a-z]+\d*|nvme\d+(?:n\d+)?(?:p\d+)?|mmcblk\d+(?:p\d+)?|md\d+|md\/.+|dm-\d+|loop\d+|nbd\d+|sr\d+|r?disk\d+(?:s\d+)*|mapper\/.+|disk\/by-[a-z]+\/.+|mem|kmem|port|xd[a-z]\d*|ubd[a-z]\d*|zd\d+|rbd\d+|bcache\d+|vg[^/]*\/.+)$/i;
const HARMLESS_DEVICE =
  /^\/dev\/(?:null|zero|full|random|urandom|stdout|stderr|stdin|tty\w*|pts\/.*|fd\/.*|shm(?:\/.*)?|ptmx|console|log)$/;
const SHELL_RC =
  /^(?:\.bashrc|\.bash_aliases|\.bash_profile|\.bash_login|\.bash_logout|\.profile|\.zshrc|\.zprofile|\.zshenv|\.zlogin|\.zlogout|\.cshrc|\.tcshrc|\.kshrc|\.mkshrc|\.inputrc|\.xinitrc|\.xprofile|\.netrc|\.pgpass|\.npmrc|\.pypirc|\.gitconfig|\.git-credentials|\.config\/fish\/config\.fish|\.config\/git\/config|\.ssh(?:\/.*)?|\.aws\/(?:credentials|config)|\.kube\/config|\.docker\/config\.json|\.gnupg(?:\/.*)?|\.hermes\/(?:\.env|config\.yaml)|\.config\/autostart(?:\/.*)?|library\/launchagents(?:\/.*)?|\.cargo\/credentials(?:\.toml)?|\.config\/gh\/hosts\.yml|\.config\/systemd\/user(?:\/.*)?|\.terraformrc|\.vault-token|\.bash_history|\.zsh_history|\.history|\.local\/share\/fish\/fish_history)$/i;

/** Why writing to a path is sensitive, if it is. */
export type WriteTargetKind =
  | "block-device"
  | "kernel-control"
  | "system"
  | "credential"
  | "code-hook"
  | "user-config"
  | "project-config"
  | "network";

// Kernel control files a write to which crashes, reboots or bricks the machine.
const KERNEL_CONTROL = /^(?:proc\/sysrq-trigger|sys\/firmware\/efi\/efivars(?:\/.*)?)$/;
// Files whose content runs later without anyone asking: git's config and hooks, husky hooks,
// Python `.pth` start-up files (direnv's `.envrc` is judged by its content when allowed).
const CODE_HOOK =
  /(?:^|\/)(?:\.git\/(?:config|hooks\/[^/]+)|\.husky\/[^/]+|[^/]*-packages\/[^/]+\.pth)$/;

// Python start-up files by name (`.pth` lines that start with `import` run at every start).
const STARTUP_FILE_NAME = /\/(?:[^/]+\.pth|usercustomize\.py|sitecustomize\.py)$/;

// Sensitive files a globbed write target is checked against (`/e*/pa??wd`, `~/.b*rc`).
const SENSITIVE_FILES = [
  "/etc/passwd",
  "/etc/shadow",
  "/etc/sudoers",
  "/etc/hosts",
  "/etc/crontab",
  "/etc/profile",
  "/boot/grub/grub.cfg",
  "/usr/bin/sudo",
  "/bin/sh",
  "/root/.bashrc",
  "/root/.ssh/authorized_keys",
  "~/.bashrc",
  "~/.profile",
  "~/.zshrc",
  "~/.bash_profile",
  "~/.ssh/authorized_keys",
  "~/.ssh/config",
];

/**
 * Classify a path that a command writes to. A globbed path is judged as the most sensitive
 * file it could match.
 */
export function classifyWriteTarget(text: string): WriteTargetKind | null {
  // A Python start-up file in a directory known only at run time
  // (`"$(python3 -m site --user-site)/x.pth"`, `$SITE/sitecustomize.py`).
  if (text.includes(DYNAMIC) && STARTUP_FILE_NAME.test(text)) return "code-hook";
  if (/^[/~]/.test(text) && GLOB_CHARS.test(text) && !text.includes(DYNAMIC)) {
    const pattern = globToRegExp(text);
    const candidate = SENSITIVE_FILES.find((file) => pattern.test(file));
    if (candidate !== undefined) return classifyConcreteTarget(candidate);
  }
  return classifyConcreteTarget(text);
}

function classifyConcreteTarget(text: string): WriteTargetKind | null {
  if (text.startsWith("/dev/")) {
    if (BLOCK_DEVICE.test(text)) return "block-device";
    if (HARMLESS_DEVICE.test(text)) return null;
    if (/^\/dev\/(?:tcp|udp)\//.test(text)) return "network";
    return "system";
  }
  const path = resolvePath(text);
  const parts = path.parts;
  const joined = parts.join("/");
  if (path.base === "root" && KERNEL_CONTROL.test(joined)) return "kernel-control";
  if (CODE_HOOK.test(joined) && !/(?:^|\/)\.git\/hooks\/[^/]+$/.test(joined)) return "code-hook";
  if (path.base === "home") {
    if (SHELL_RC.test(joined)) return "credential";
    return isUserToolConfig(parts) ? "user-config" : null;
  }
  if (path.base === "root") {
    const first = (parts[0] ?? "").toLowerCase();
    if (first === "home" || first === "users") {
      if (SHELL_RC.test(parts.slice(2).join("/"))) return "credential";
      return parts.length > 2 && isUserToolConfig(parts.slice(2)) ? "user-config" : null;
    }
    if (first === "root") {
      if (parts.length === 1) return "system";
      return SHELL_RC.test(parts.slice(1).join("/")) ? "credential" : "system";
    }
    if (parts.length === 0) return "system";
    if (/^(?:etc|boot|usr|bin|sbin|lib|lib32|lib64|libx32|sys|proc|system|library)$/.test(first)) {
      if (first === "proc" && parts[1] === "self" && parts[2] === "fd") return null;
      return "system";
    }
    if (first === "var" && parts[1] !== "tmp" && parts[1] !== "folders" && parts.length > 1) {
      return "system";
    }
    if (first === "private" && /^(?:etc|var)$/.test(parts[1] ?? "") && parts[2] !== "folders") {
      return "system";
    }
    if (/(?:^|\/)\.ssh\/(?:authorized_keys2?|id_[^/]*|config)$/.test(joined)) return "credential";
  }
  if (path.base === "dynamic" && /\/\.(?:hermes\/(?:\.env|config\.yaml)|ssh\/.+)$/.test(text)) {
    return "credential";
  }
  if (/(?:^|\/)\.ssh\/(?:authorized_keys2?|id_[^/]*)$/.test(joined)) return "credential";
  if (isInterpreterStartupFile(text)) return "user-config";
  // Git runs these hooks on ordinary commands: writing one is writing code that runs later.
  if (/(?:^|\/)\.git\/hooks\/[^/]+$/.test(joined)) return "credential";
  const name = parts[parts.length - 1] ?? "";
  if (
    (/^\.env(?:\..+)?$/.test(name) || name === "config.yaml") &&
    !/\.(?:bak|backup|orig|old|example|sample|template|dist)$/.test(name)
  )
    return "project-config";
  return null;
}

/** True when the path is a raw block device (disk, partition, mapper volume). */
export function isBlockDevice(text: string): boolean {
  return text.startsWith("/dev/") && BLOCK_DEVICE.test(text);
}

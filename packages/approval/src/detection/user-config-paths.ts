// Files in the user's home that a program reads and acts on later: dotfiles (`~/.vimrc`,
// `~/.tmux.conf`, `~/.curlrc`, `~/.npmrc`), tool directories (`~/.gradle/`, `~/.m2/settings.xml`,
// `~/.cargo/config.toml`, `~/.mix/archives/`), the configuration of programs under `~/.config`
// that run commands from it (editors, shells, terminals, window managers, package managers), and
// the directories early on PATH (`~/.local/bin`, `~/bin`) where a file shadows a system program.
// Writing any of them plants code that runs later, outside the task. Caches and data stores are
// the exceptions: writing under `~/.cache`, `~/.npm`, `~/.m2/repository` or `~/.local/share/x`
// changes no behaviour. Programs under `~/.config` not listed keep their own files (an app's
// settings file written by its install step is ordinary).
import { DYNAMIC } from "@hermes-agent/shell";

// Top-level dot-directories whose contents are caches or data, never read as configuration.
const DATA_DIRS: ReadonlySet<string> = new Set([
  ".cache",
  ".npm",
  ".pnpm-store",
  ".yarn-cache",
  ".node-gyp",
  ".cargo-target",
  ".coursier",
  ".gradle-cache",
  ".pub-cache-data",
  ".vscode-server",
  ".cursor-server",
  ".Trash",
  ".thumbnails",
  ".var",
  ".nv",
  ".dbus",
]);

// Sub-paths of tool directories that are caches (`~/.m2/repository`, `~/.gradle/caches`).
const CACHE_SUBDIRS: ReadonlySet<string> = new Set([
  ".m2/repository",
  ".gradle/caches",
  ".gradle/wrapper",
  ".gradle/daemon",
  ".gradle/native",
  ".gradle/jdks",
  ".cargo/registry",
  ".cargo/git",
  ".rustup/downloads",
  ".rustup/tmp",
  ".ivy2/cache",
  ".ivy2/local",
  ".sbt/boot",
  ".nuget/packages",
  ".conda/pkgs",
  ".julia/packages",
  ".julia/compiled",
  ".julia/logs",
  ".stack/indices",
  ".cabal/packages",
  ".ghcup/cache",
  ".bun/install",
  ".deno/gen",
  ".yarn/berry",
  ".expo/cache",
  ".android/cache",
  ".terraform.d/plugin-cache",
  ".vagrant.d/boxes",
  ".minikube/cache",
  ".docker/buildx",
  ".kube/cache",
  ".kube/http-cache",
]);

// Top-level dotfiles that are history, state or lock files nobody executes.
const DATA_FILES: ReadonlySet<string> = new Set([
  ".lesshst",
  ".viminfo",
  ".python_history",
  ".node_repl_history",
  ".psql_history",
  ".mysql_history",
  ".sqlite_history",
  ".wget-hsts",
  ".sudo_as_admin_successful",
  ".hushlogin",
  ".DS_Store",
  ".motd_shown",
  ".zcompdump",
  ".recently-used",
  ".xsession-errors",
  ".cloud-locale-test.skip",
  ".bash_sessions_disable",
]);

// Programs under `~/.config` whose configuration runs commands, loads plugins or decides where
// code and credentials come from.
const CODE_RUNNING_CONFIG: ReadonlySet<string> = new Set([
  "nvim",
  "vim",
  "emacs",
  "doom",
  "helix",
  "kak",
  "micro",
  "zed",
  "code",
  "code - oss",
  "code - insiders",
  "vscodium",
  "cursor",
  "jetbrains",
  "sublime-text",
  "sublime-text-3",
  "git",
  "fish",
  "zsh",
  "bash",
  "nushell",
  "xonsh",
  "elvish",
  "ion",
  "starship.toml",
  "tmux",
  "screen",
  "zellij",
  "kitty",
  "alacritty",
  "wezterm",
  "foot",
  "ghostty",
  "terminator",
  "i3",
  "sway",
  "hypr",
  "awesome",
  "openbox",
  "bspwm",
  "sxhkd",
  "qtile",
  "xmonad",
  "lxsession",
  "xfce4",
  "plasma-workspace",
  "autostart",
  "autostart-scripts",
  "systemd",
  "environment.d",
  "upstart",
  "direnv",
  "pip",
  "uv",
  "pypoetry",
  "pdm",
  "hatch",
  "conda",
  "npm",
  "yarn",
  "pnpm",
  "composer",
  "nuget",
  "containers",
  "docker",
  "gh",
  "hub",
  "glab-cli",
  "gcloud",
  "helm",
  "k9s",
  "ranger",
  "lf",
  "mc",
  "mpv",
  "yazi",
  "nnn",
  "procps",
  "htop",
  "git-credential-manager",
  "pulse",
  "fontconfig",
  "mimeapps.list",
  "user-dirs.dirs",
  "rclone",
  "aria2",
  "curlrc",
  "wgetrc",
  "ipython",
  "jupyter",
  "matplotlib",
  "pythonstartup",
  "rstudio",
  "lazygit",
  "tig",
  "bat",
  "less",
  "lesskey",
  "readline",
  "inputrc",
  "hermes",
]);

// Programs a file of the same name early on PATH would stand in for (a `sudo` that logs the
// password, a `git` that runs something first). A new tool's own name there is ordinary.
const SHADOWED: ReadonlySet<string> = new Set(
  (
    "sudo su doas pkexec run0 ssh scp sftp ssh-add ssh-agent ssh-keygen git gh glab ls cat cp mv " +
    "rm ln sh bash zsh dash fish python python3 pip pip3 node npm npx pnpm yarn bun deno curl wget " +
    "gpg gpg2 docker podman kubectl helm aws gcloud az terraform make env passwd login id whoami " +
    "ps kill chmod chown find grep sed awk tar which man less more vim vi nvim nano emacs code apt " +
    "apt-get dnf yum brew systemctl mount ping openssl head tail sort mkdir echo printf test true " +
    "false date xdg-open open lsof netstat ss ip ifconfig crontab tmux screen nc rsync zip unzip " +
    "gzip go cargo rustc rustup java javac mvn gradle ruby gem bundle perl php composer dotnet uv " +
    "pipx poetry conda op pass vault keepassxc-cli security pinentry"
  ).split(" "),
);

/** True when a file under a PATH directory (`~/.local/bin/NAME`) shadows a common program. */
function shadowsProgram(name: string | undefined): boolean {
  return name === undefined || name.includes(DYNAMIC) || SHADOWED.has(name.toLowerCase());
}

const LOCAL_CODE =
  /^\.local\/(?:lib|libexec|share\/(?:applications|fish|nvim\/site|vim|zsh|bash-completion|kservices\d*|dbus-1|systemd|jupyter\/kernels))(?:\/|$)/;

/**
 * True when writing the home-relative path (its components below `~`) plants configuration or
 * code that a program runs later.
 */
export function isUserToolConfig(parts: readonly string[]): boolean {
  const first = parts[0];
  if (first === undefined) return false;
  if (first === "bin" || first === ".bin") return parts.length > 1 && shadowsProgram(parts[1]);
  if (!first.startsWith(".") || first === "." || first === "..") return false;
  if (parts.length === 1) return !DATA_FILES.has(first) && !first.startsWith(".zcompdump");
  if (first === ".config") return CODE_RUNNING_CONFIG.has((parts[1] ?? "").toLowerCase());
  if (first === ".local")
    return parts[1] === "bin"
      ? parts.length > 2 && shadowsProgram(parts[2])
      : LOCAL_CODE.test(parts.join("/"));
  if (DATA_DIRS.has(first)) return false;
  return !CACHE_SUBDIRS.has(`${first}/${parts[1] ?? ""}`);
}

// Files every Python start loads from wherever they are: `usercustomize.py`, `sitecustomize.py`
// and `.pth` files in a site-packages directory (their `import` lines run).
const INTERPRETER_STARTUP =
  /(?:^|\/)(?:usercustomize|sitecustomize)\.py$|site-packages\/[^/]+\.pth$/;

/** True when writing the path plants code that every Python process runs at start. */
export function isInterpreterStartupFile(text: string): boolean {
  return INTERPRETER_STARTUP.test(text);
}

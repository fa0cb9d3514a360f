// Package managers, read over their option tables. An install runs the package's own code
// (setup.py, npm lifecycle scripts, maintainer scripts), so what matters is where the package
// comes from and with what rights: held are installs from a URL, a git repository, a local
// package archive for the system manager, or an index other than the default one (or with TLS
// or signature checks turned off), and any install as root (`sudo`, `--break-system-packages`).
// Removals by language package managers are scoped like deletes: a project dependency
// (`npm uninstall lodash`, `pip uninstall -y pkg`) is the project's business; global or root
// removals, removals of the package managers themselves and lists only known at run time are
// held. System package managers' removals stay with the system rules.
import {
  hasOption,
  readOptions,
  type OptionTable,
  type ReadOptions,
  type ResolvedCommand,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { SYSTEM_RULES } from "./system-rules.js";
import { GLOBAL_TOOLCHAIN_RULES } from "./global-toolchain-rules.js";

type Match = DangerousCommandMatch | null;

/** How one package manager is read. */
interface Manager {
  readonly options: OptionTable;
  /** Verbs that install or add packages. */
  readonly install: RegExp;
  /** Verbs that remove packages (only for managers whose removals are judged here). */
  readonly remove?: RegExp;
  /** Options that name where packages come from. */
  readonly sources: readonly string[];
  /** Options that turn off TLS or signature checks. */
  readonly insecure?: readonly string[];
  /** Options that make an install or removal global (outside the project). */
  readonly global?: readonly string[];
  /** System package manager: a local package archive is an untrusted source. */
  readonly system?: boolean;
}

const ROOT_WRAPPERS = /^(?:sudo|doas|pkexec|run0|su|sudo-rs)$/;
const REMOTE_SOURCE =
  /^(?:(?:https?|ftp|file):\/\/|git\+|git:\/\/|git@|ssh:\/\/|(?:github|gitlab|bitbucket|gist):)/i;
const DEFAULT_INDEX =
  /^https:\/\/(?:pypi\.org|files\.pythonhosted\.org|registry\.npmjs\.org|registry\.yarnpkg\.com|rubygems\.org|index\.crates\.io|crates\.io)(?:\/|$)/i;
const SYSTEM_ARCHIVE = /\.(?:deb|rpm|apk|pkg\.tar\.\w+|snap|flatpak(?:ref)?)$/i;
// Package files each manager installs from disk (a gem archive, a brew formula, an npm tarball).
const LOCAL_PACKAGE_FILE: ReadonlyMap<string, RegExp> = new Map([
  ["gem", /\.gem$/i],
  ["brew", /\.rb$/i],
  ["npm", /\.(?:tgz|tar\.gz)$/i],
  ["pnpm", /\.(?:tgz|tar\.gz)$/i],
  ["yarn", /\.(?:tgz|tar\.gz)$/i],
  ["bun", /\.(?:tgz|tar\.gz)$/i],
]);
// Removing these breaks the tool chain itself, wherever it runs.
const TOOLCHAIN = /^(?:pip|pip3|setuptools|wheel|npm|corepack|pnpm|yarn|uv|virtualenv)$/;

const PIP: Manager = {
  options: {
    shortWithValue: "irecftCb",
    longWithValue: [
      "index-url",
      "extra-index-url",
      "find-links",
      "trusted-host",
      "requirement",
      "constraint",
      "editable",
      "target",
      "prefix",
      "root",
      "src",
      "proxy",
      "python",
      "platform",
      "cert",
      "log",
      "upgrade-strategy",
      "no-binary",
      "only-binary",
      "config-settings",
    ],
    long: ["user", "break-system-packages", "upgrade", "yes", "no-deps", "pre"],
  },
  install: /^(?:install|download|wheel)$/,
  remove: /^uninstall$/,
  sources: ["i", "index-url", "extra-index-url", "f", "find-links"],
  insecure: ["trusted-host"],
};

const NODE_OPTIONS: OptionTable = {
  shortWithValue: "wCF",
  longWithValue: [
    "registry",
    "prefix",
    "cache",
    "userconfig",
    "workspace",
    "tag",
    "omit",
    "include",
    "loglevel",
    "cwd",
    "dir",
    "filter",
    "save-prefix",
  ],
  long: ["global", "save-dev", "save", "save-exact", "ignore-scripts", "strict-ssl"],
};

const npmLike = (install: RegExp, remove: RegExp): Manager => ({
  options: NODE_OPTIONS,
  install,
  remove,
  sources: ["registry"],
  global: ["g", "global"],
});

const CARGO: Manager = {
  options: {
    shortWithValue: "jF",
    longWithValue: [
      "git",
      "branch",
      "tag",
      "rev",
      "path",
      "root",
      "index",
      "registry",
      "version",
      "features",
      "target",
      "jobs",
    ],
  },
  install: /^install$/,
  sources: ["git", "index"],
};

const GEM: Manager = {
  options: { shortWithValue: "siv", longWithValue: ["source", "install-dir", "version"] },
  install: /^install$/,
  sources: ["s", "source"],
};

const systemManager = (install: RegExp, insecure: readonly string[]): Manager => ({
  options: {
    shortWithValue: "otc",
    longWithValue: ["option", "target-release", "config-file", "setopt", "repofrompath"],
  },
  install,
  sources: ["repofrompath"],
  insecure,
  system: true,
});

const APT = systemManager(/^(?:install|reinstall)$/, [
  "allow-unauthenticated",
  "allow-insecure-repositories",
]);
const RPM_FAMILY = systemManager(/^(?:install|reinstall|localinstall|upgrade)$/, [
  "nogpgcheck",
  "no-gpg-checks",
]);

const MANAGERS: ReadonlyMap<string, Manager> = new Map([
  ["pip", PIP],
  ["pip3", PIP],
  [
    "npm",
    npmLike(/^(?:install|i|add|in|isntall|update|up)$/, /^(?:uninstall|unlink|remove|rm|r|un)$/),
  ],
  ["pnpm", npmLike(/^(?:add|install|i|update|up)$/, /^(?:uninstall|remove|rm|un)$/)],
  ["yarn", npmLike(/^(?:add|install|global|upgrade|up)$/, /^(?:uninstall|remove)$/)],
  ["bun", npmLike(/^(?:add|install|i)$/, /^(?:remove|rm|uninstall)$/)],
  ["cargo", CARGO],
  ["gem", GEM],
  ["apt", APT],
  ["apt-get", APT],
  ["aptitude", APT],
  ["dnf", RPM_FAMILY],
  ["yum", RPM_FAMILY],
  ["zypper", systemManager(/^(?:install|in)$/, ["no-gpg-checks"])],
  ["apk", systemManager(/^add$/, ["allow-untrusted"])],
  ["brew", systemManager(/^(?:install|reinstall)$/, [])],
]);

function verbOf(name: string, ops: readonly Word[]): { verb: string; rest: readonly Word[] } {
  const first = ops[0]?.text ?? "";
  // `yarn global add x` / `yarn global remove x`.
  if (name === "yarn" && first === "global")
    return { verb: ops[1]?.text ?? "", rest: ops.slice(2) };
  return { verb: first, rest: ops.slice(1) };
}

/** True when a package operand names somewhere other than the manager's registry. */
function remoteOperand(name: string, text: string, manager: Manager): boolean {
  if (REMOTE_SOURCE.test(text) || /^[\w.-]+ @ (?:https?|git)/.test(text)) return true;
  if (manager.system === true && SYSTEM_ARCHIVE.test(text)) return true;
  // A package archive or formula file on disk: nobody reviewed where it came from.
  if (LOCAL_PACKAGE_FILE.get(name)?.test(text) === true) return true;
  // npm reads `owner/repo` (no scope `@`, not a path) as a GitHub repository.
  return (
    manager.global !== undefined &&
    name !== "pip" &&
    /^[\w-]+\/[\w.-]+(?:#.*)?$/.test(text) &&
    !text.startsWith(".")
  );
}

function untrustedSource(
  name: string,
  manager: Manager,
  read: ReadOptions,
  rest: readonly Word[],
): boolean {
  const sources = read.options.filter((o) => manager.sources.includes(o.name));
  if (sources.some((o) => !DEFAULT_INDEX.test(o.value ?? ""))) return true;
  if (manager.insecure !== undefined && hasOption(read, ...manager.insecure)) return true;
  if (name === "cargo" && hasOption(read, "git")) return true;
  return rest.some((word) => remoteOperand(name, word.text, manager));
}

/** `npm i -g x`, `pnpm add --global x`, `yarn global add x`: outside the project. */
function isGlobal(name: string, manager: Manager, read: ReadOptions): boolean {
  if (manager.global !== undefined && hasOption(read, ...manager.global)) return true;
  return name === "yarn" && read.operands[0]?.text === "global";
}

function judge(cmd: ResolvedCommand, manager: Manager): Match {
  const read = readOptions(cmd.args, manager.options);
  const { verb, rest } = verbOf(cmd.name, read.operands);
  const asRoot = cmd.via.some((wrapper) => ROOT_WRAPPERS.test(wrapper));
  if (manager.install.test(verb)) {
    if (untrustedSource(cmd.name, manager, read, rest))
      return matchOf(OPS_CLI_RULES.untrustedPackage);
    if (asRoot || hasOption(read, "break-system-packages"))
      return matchOf(OPS_CLI_RULES.systemInstall);
    return isGlobal(cmd.name, manager, read) ? matchOf(GLOBAL_TOOLCHAIN_RULES.globalInstall) : null;
  }
  if (manager.remove === undefined || !manager.remove.test(verb)) return null;
  const global = isGlobal(cmd.name, manager, read);
  const bulk =
    hasOption(read, "r", "requirement") ||
    cmd.argsFromInput ||
    rest.some((word) => word.dynamic || word.substitutions.length > 0 || TOOLCHAIN.test(word.text));
  return global || asRoot || bulk || hasOption(read, "break-system-packages")
    ? matchOf(SYSTEM_RULES.packages)
    : null;
}

/** Package-manager rules dispatched by command name. */
export const packageManagerRules: CommandRule = (cmd) => {
  const manager = MANAGERS.get(cmd.name);
  return manager === undefined ? null : judge(cmd, manager);
};

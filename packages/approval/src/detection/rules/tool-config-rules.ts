// Developer tools' own settings changed in a way that weakens a check or changes where code
// comes from (`git config --global http.sslVerify false`, `npm config set strict-ssl false`,
// `go env -w GOSUMDB=off`, `poetry config certificates.PyPI.cert false`), stored credentials
// replaced (`aws configure set aws_secret_access_key`), checks turned off for the session
// (`export NODE_TLS_REJECT_UNAUTHORIZED=0`), lifecycle scripts of every dependency trusted
// (`bun pm trust --all`), and a toolchain manager removing itself. Each tool's `config set`
// syntax is read here; which keys and values matter is the data of tool-config-tables.ts.
import {
  readOptions,
  type OptionTable,
  type ResolvedCommand,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import {
  AWS_SETTINGS,
  BUNDLE_SETTINGS,
  COMPOSER_SETTINGS,
  CONDA_SETTINGS,
  GCLOUD_SETTINGS,
  GIT_SETTINGS,
  GO_SETTINGS,
  NPM_SETTINGS,
  PIP_SETTINGS,
  POETRY_SETTINGS,
  TOOL_CONFIG_RULES,
  YARN_SETTINGS,
  type SettingEntry,
} from "./tool-config-tables.js";

type Match = DangerousCommandMatch | null;

/** A setting as a tool reads it from its command line. */
interface Setting {
  readonly key: string;
  readonly value: string;
}

/** The match for one setting against a tool's entries. */
function settingMatch(entries: readonly SettingEntry[], setting: Setting): Match {
  for (const entry of entries) {
    if (!entry.key.test(setting.key)) continue;
    if (entry.value !== undefined && !entry.value(setting.value)) continue;
    return matchOf(entry.rule ?? TOOL_CONFIG_RULES.weakened);
  }
  return null;
}

function firstMatch(entries: readonly SettingEntry[], settings: readonly Setting[]): Match {
  for (const setting of settings) {
    const found = settingMatch(entries, setting);
    if (found !== null) return found;
  }
  return null;
}

/** `key value` or `key=value` pairs from operand words (npm accepts several `k=v` at once). */
function pairs(words: readonly Word[]): Setting[] {
  const texts = words.map((word) => word.text);
  const found: Setting[] = [];
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] ?? "";
    const eq = text.indexOf("=");
    if (eq > 0) found.push({ key: text.slice(0, eq), value: text.slice(eq + 1) });
    else {
      found.push({ key: text, value: texts[i + 1] ?? "" });
      i++;
    }
  }
  return found;
}

const GIT_GLOBALS: OptionTable = {
  posix: true,
  shortWithValue: "Cc",
  longWithValue: ["git-dir", "work-tree", "namespace", "exec-path", "config-env"],
};
const GIT_CONFIG: OptionTable = {
  shortWithValue: "f",
  longWithValue: ["file", "blob", "type", "default", "comment", "value"],
  long: [
    "global",
    "system",
    "local",
    "worktree",
    "add",
    "replace-all",
    "unset",
    "unset-all",
    "get",
    "get-all",
    "list",
  ],
};

function git(cmd: ResolvedCommand): Match {
  const globals = readOptions(cmd.args, GIT_GLOBALS);
  const oneOff = globals.options
    .filter((o) => o.name === "c" && o.value !== null)
    .map((o) => pairs([{ ...(o.valueWord as Word), text: o.value ?? "" }])[0] as Setting);
  const found = firstMatch(GIT_SETTINGS, oneOff);
  if (found !== null || globals.operands[0]?.text !== "config") return found;
  const read = readOptions(globals.operands.slice(1), GIT_CONFIG);
  if (read.options.some((o) => /^(?:get|get-all|list|unset|unset-all|l)$/.test(o.name)))
    return null;
  const words = read.operands.filter((word, i) => i > 0 || !/^(?:set|add)$/.test(word.text));
  const key = words[0]?.text ?? "";
  return words.length < 2 ? null : settingMatch(GIT_SETTINGS, { key, value: words[1]?.text ?? "" });
}

const NODE_CONFIG: OptionTable = {
  shortWithValue: "wC",
  longWithValue: ["location", "userconfig", "globalconfig", "workspace", "json", "filter", "dir"],
  long: ["global", "home", "H", "json"],
};

/** `npm config set k v`, `npm set k=v`, `pnpm config set k v`, `yarn config set k v`. */
function nodeConfig(cmd: ResolvedCommand, entries: readonly SettingEntry[]): Match {
  const ops = readOptions(cmd.args, NODE_CONFIG).operands;
  const at = ops[0]?.text === "config" ? 1 : 0;
  const verb = ops[at]?.text ?? "";
  if (verb !== "set" && verb !== "add" && !(at === 0 && verb === "set")) return null;
  return firstMatch(entries, pairs(ops.slice(at + 1)));
}

function bun(cmd: ResolvedCommand): Match {
  const ops = cmd.args.map((word) => word.text);
  if (ops[0] === "pm" && ops[1] === "trust" && ops.includes("--all"))
    return matchOf(TOOL_CONFIG_RULES.weakened);
  return nodeConfig(cmd, NPM_SETTINGS);
}

const PIP_CONFIG: OptionTable = {
  shortWithValue: "",
  longWithValue: ["editor", "python"],
  long: ["user", "global", "site", "isolated"],
};

function pip(args: readonly Word[]): Match {
  const ops = readOptions(args, PIP_CONFIG).operands;
  if (ops[0]?.text !== "config" || ops[1]?.text !== "set") return null;
  return firstMatch(PIP_SETTINGS, pairs(ops.slice(2)));
}

/** `poetry config KEY VALUE`, `composer config -g KEY VALUE`, `gcloud config set KEY VALUE`. */
function keyValueAfter(
  cmd: ResolvedCommand,
  verbs: readonly string[],
  options: OptionTable,
  entries: readonly SettingEntry[],
): Match {
  const read = readOptions(cmd.args, options);
  if (read.options.some((o) => o.name === "unset" || o.name === "list")) return null;
  const ops = read.operands.map((word) => word.text);
  if (verbs.some((verb, i) => ops[i] !== verb)) return null;
  const key = ops[verbs.length] ?? "";
  const value = ops.slice(verbs.length + 1).join(" ");
  return value === "" ? null : settingMatch(entries, { key, value });
}

const GO_ENV: OptionTable = { long: ["w", "u", "json", "changed"] };

function goEnv(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  if (texts[0] !== "env" || !texts.some((text) => /^--?w$/.test(text))) return null;
  const ops = readOptions(cmd.args.slice(1), GO_ENV).operands;
  return firstMatch(GO_SETTINGS, pairs(ops.filter((word) => word.text.includes("="))));
}

function conda(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  if (texts[0] !== "config") return null;
  for (let i = 1; i < texts.length; i++) {
    if (!/^--(?:set|add|append|prepend)$/.test(texts[i] ?? "")) continue;
    const found = settingMatch(CONDA_SETTINGS, {
      key: texts[i + 1] ?? "",
      value: texts[i + 2] ?? "",
    });
    if (found !== null) return found;
  }
  return null;
}

const AWS_OPTIONS: OptionTable = {
  longWithValue: ["profile", "region", "output", "endpoint-url", "ca-bundle", "cli-read-timeout"],
  long: ["debug", "no-verify-ssl", "no-paginate", "no-sign-request"],
};

function aws(cmd: ResolvedCommand): Match {
  const ops = readOptions(cmd.args, AWS_OPTIONS).operands.map((word) => word.text);
  if (ops[0] === "configure" && ops[1] === "import") return matchOf(TOOL_CONFIG_RULES.credentials);
  if (ops[0] !== "configure" || ops[1] !== "set") return null;
  return settingMatch(AWS_SETTINGS, { key: ops[2] ?? "", value: ops[3] ?? "" });
}

const BUNDLE: OptionTable = { long: ["global", "local"], longWithValue: [] };

function bundle(cmd: ResolvedCommand): Match {
  const ops = readOptions(cmd.args, BUNDLE).operands.map((word) => word.text);
  if (ops[0] !== "config") return null;
  const rest = ops[1] === "set" ? ops.slice(2) : ops.slice(1);
  return rest.length < 2
    ? null
    : settingMatch(BUNDLE_SETTINGS, { key: rest[0] ?? "", value: rest[1] ?? "" });
}

const POETRY: OptionTable = { long: ["local", "unset", "list", "no-interaction", "quiet"] };
const COMPOSER: OptionTable = {
  shortWithValue: "d",
  longWithValue: ["working-dir", "file"],
  long: ["global", "g", "unset", "list", "json", "merge", "append"],
};
const GCLOUD: OptionTable = {
  longWithValue: ["project", "account", "configuration", "installation"],
  long: ["installation", "quiet"],
};

/** A CA bundle emptied or taken from outside the system's certificate stores. */
function untrustedCertificate(value: string): boolean {
  return !/^(?:\/etc\/|\/usr\/(?:local\/)?(?:share|lib|etc)\/|\/opt\/homebrew\/|\/System\/)/.test(
    value.trim(),
  );
}

/** A package index other than the default one (`direct` and `off` fetch nothing new). */
function otherIndex(value: string): boolean {
  return value
    .split(/[,|\s]+/)
    .some(
      (part) => part !== "" && part !== "direct" && part !== "off" && !DEFAULT_INDEX.test(part),
    );
}

const DEFAULT_INDEX =
  /^https:\/\/(?:pypi\.org\/simple|registry\.npmjs\.org|registry\.yarnpkg\.com|proxy\.golang\.org)\/?$/;

// Variables that turn off TLS or checksum verification for every later command of the session.
const WEAKENING_ENV: ReadonlyMap<string, (value: string) => boolean> = new Map([
  ["NODE_TLS_REJECT_UNAUTHORIZED", (value: string) => value.trim() === "0"],
  ["GIT_SSL_NO_VERIFY", (value: string) => value.trim() !== "" && !/^(?:0|false)$/i.test(value)],
  ["PYTHONHTTPSVERIFY", (value: string) => value.trim() === "0"],
  ["NPM_CONFIG_STRICT_SSL", (value: string) => /^(?:false|0)$/i.test(value)],
  ["YARN_ENABLE_STRICT_SSL", (value: string) => /^(?:false|0)$/i.test(value)],
  ["GOSUMDB", (value: string) => /^off$/i.test(value)],
  ["GOINSECURE", (value: string) => value.trim() !== ""],
  ["GONOSUMDB", (value: string) => value.trim() !== ""],
  ["GOFLAGS", (value: string) => value.includes("-insecure")],
  ["PIP_TRUSTED_HOST", (value: string) => value.trim() !== ""],
  ["UV_INSECURE_HOST", (value: string) => value.trim() !== ""],
  ["CARGO_HTTP_CHECK_REVOKE", (value: string) => /^(?:false|0)$/i.test(value)],
  ["COMPOSER_DISABLE_TLS", (value: string) => /^(?:true|1)$/i.test(value)],
  ["CURL_INSECURE", (value: string) => /^(?:true|1)$/i.test(value)],
  ...[
    "REQUESTS_CA_BUNDLE",
    "CURL_CA_BUNDLE",
    "SSL_CERT_FILE",
    "NODE_EXTRA_CA_CERTS",
    "GIT_SSL_CAINFO",
  ].map((name) => [name, untrustedCertificate] as const),
  ...[
    "PIP_INDEX_URL",
    "PIP_EXTRA_INDEX_URL",
    "UV_INDEX_URL",
    "UV_DEFAULT_INDEX",
    "UV_EXTRA_INDEX_URL",
    "UV_INDEX",
    "NPM_CONFIG_REGISTRY",
    "npm_config_registry",
    "YARN_NPM_REGISTRY_SERVER",
    "GOPROXY",
    // Where toolchain managers download compilers and runtimes from.
    "RUSTUP_DIST_SERVER",
    "RUSTUP_UPDATE_ROOT",
    "NVM_NODEJS_ORG_MIRROR",
    "NODEJS_ORG_MIRROR",
    "N_NODE_MIRROR",
    "FNM_NODE_DIST_MIRROR",
    "VOLTA_NODE_MIRROR",
    "PYTHON_BUILD_MIRROR_URL",
    "PYENV_MIRROR",
    "HEX_MIRROR",
    "HEX_CDN",
    "PUB_HOSTED_URL",
    "GRADLE_DISTRIBUTION_URL",
    "MISE_NODE_MIRROR_URL",
  ].map((name) => [name, otherIndex] as const),
  ["HEX_UNSAFE_HTTPS", (value: string) => /^(?:true|1)$/i.test(value.trim())],
  ["UV_INSECURE_HOST", (value: string) => value.trim() !== ""],
]);

function weakeningAssignment(name: string, value: string): boolean {
  return WEAKENING_ENV.get(name)?.(value) === true;
}

/** `export NODE_TLS_REJECT_UNAUTHORIZED=0`, `GIT_SSL_NO_VERIFY=1 git clone ...`. */
function weakenedEnvironment(cmd: ResolvedCommand): Match {
  if (cmd.source.assignments.some((a) => weakeningAssignment(a.name, a.value.text)))
    return matchOf(TOOL_CONFIG_RULES.weakened);
  if (!/^(?:export|declare|typeset|setenv|launchctl)$/.test(cmd.name)) return null;
  for (const [i, word] of cmd.args.entries()) {
    const eq = word.text.indexOf("=");
    const weak =
      eq > 0
        ? weakeningAssignment(word.text.slice(0, eq), word.text.slice(eq + 1))
        : weakeningAssignment(word.text, cmd.args[i + 1]?.text ?? "") &&
          /^(?:setenv|launchctl)$/.test(cmd.name);
    if (weak) return matchOf(TOOL_CONFIG_RULES.weakened);
  }
  return null;
}

/** `kubectl config set-cluster x --insecure-skip-tls-verify`, `... set clusters.x.insecure-skip-tls-verify true`. */
function kubeconfigInsecure(texts: readonly string[]): Match {
  if (texts[0] !== "config") return null;
  const insecure =
    texts.some((text) => /^--insecure-skip-tls-verify(?:=true)?$/.test(text)) ||
    texts.some((text, i) => /\.insecure-skip-tls-verify$/.test(text) && texts[i + 1] === "true");
  return insecure ? matchOf(TOOL_CONFIG_RULES.weakened) : null;
}

function configByName(cmd: ResolvedCommand): Match {
  switch (cmd.name) {
    case "git":
      return git(cmd);
    case "npm":
    case "pnpm":
      return nodeConfig(cmd, NPM_SETTINGS);
    case "yarn":
      return nodeConfig(cmd, YARN_SETTINGS);
    case "bun":
      return bun(cmd);
    case "pip":
    case "pip3":
      return pip(cmd.args);
    case "poetry":
      return keyValueAfter(cmd, ["config"], POETRY, POETRY_SETTINGS);
    case "composer":
      return keyValueAfter(cmd, ["config"], COMPOSER, COMPOSER_SETTINGS);
    case "gcloud":
      return keyValueAfter(cmd, ["config", "set"], GCLOUD, GCLOUD_SETTINGS);
    case "go":
      return goEnv(cmd);
    case "conda":
    case "mamba":
    case "micromamba":
      return conda(cmd);
    case "aws":
      return aws(cmd);
    case "bundle":
    case "bundler":
      return bundle(cmd);
    case "kubectl":
    case "oc":
      return kubeconfigInsecure(cmd.args.map((word) => word.text));
    case "rustup":
      return cmd.args[0]?.text === "self" && cmd.args[1]?.text === "uninstall"
        ? matchOf(TOOL_CONFIG_RULES.toolchainRemoved)
        : null;
    default:
      return /^python\d*(?:\.\d+)?$/.test(cmd.name) &&
        cmd.args[0]?.text === "-m" &&
        /^pip3?$/.test(cmd.args[1]?.text ?? "")
        ? pip(cmd.args.slice(2))
        : null;
  }
}

/** Tool-configuration rules for one layer. */
export const toolConfigRules: CommandRule = (cmd) => weakenedEnvironment(cmd) ?? configByName(cmd);

// Tools, extensions and package sources installed from somewhere nobody reviewed: a git
// repository or a URL (`uv tool install --from git+...`, `pipx install git+...`, `mix
// archive.install https://...`, `gh extension install owner/repo`, a `.vsix` file, a krew
// manifest URL, an asdf plugin from a URL), a requirements file fetched from a URL, or a feed
// reached over plain http (`dotnet tool install --add-source http://...`, `dotnet nuget add
// source http://...`, `gem sources --add http://...`, `helm repo add x http://...`). The
// installed code runs with the user's rights on the next command that loads it.
import {
  readOptions,
  type OptionTable,
  type ResolvedCommand,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { TOOL_CONFIG_RULES } from "./tool-config-tables.js";

const REMOTE_SPEC =
  /^(?:git\+|(?:https?|ftp|git|ssh|file):\/\/|git@|(?:github|gitlab|bitbucket|gist):)|^[\w.-]+ @ (?:https?|git)/i;
const PLAIN_HTTP = /^http:\/\//i;
const DEFAULT_FEED =
  /^https:\/\/(?:api\.nuget\.org|www\.nuget\.org|rubygems\.org|repo\.hex\.pm)\//i;
const untrusted = matchOf(TOOL_CONFIG_RULES.untrustedFeed);

/** A feed URL that is not the tool's own default: plain http, or any other host. */
const foreignFeed = (text: string): boolean =>
  PLAIN_HTTP.test(text) || (/^https:\/\//i.test(text) && !DEFAULT_FEED.test(text));

const UV_TOOL: OptionTable = {
  shortWithValue: "wp",
  longWithValue: [
    "from",
    "with",
    "with-requirements",
    "with-editable",
    "python",
    "index",
    "index-url",
    "extra-index-url",
    "default-index",
    "find-links",
    "constraints",
    "overrides",
    "spec",
    "pip-args",
    "suffix",
    "preinstall-dependency",
  ],
  long: ["force", "editable", "upgrade", "include-deps", "global", "system-site-packages"],
};

/** `uv tool install --from git+...`, `uvx --from https://...`, `pipx install git+...`. */
function specFromRemote(args: readonly Word[]): boolean {
  const read = readOptions(args, UV_TOOL);
  return (
    read.options.some(
      (o) =>
        /^(?:from|with|spec|with-requirements|with-editable|preinstall-dependency)$/.test(o.name) &&
        REMOTE_SPEC.test(o.value ?? ""),
    ) ||
    read.options.some(
      (o) =>
        /^(?:index|index-url|extra-index-url|default-index|find-links)$/.test(o.name) &&
        foreignFeed(o.value ?? ""),
    ) ||
    read.operands.some((word) => REMOTE_SPEC.test(word.text))
  );
}

/** `uv pip install --index-url http://...`, `uv add --default-index https://other/`. */
function foreignIndex(args: readonly Word[]): boolean {
  return readOptions(args, UV_TOOL).options.some(
    (o) =>
      /^(?:index|index-url|extra-index-url|default-index|find-links)$/.test(o.name) &&
      foreignFeed(o.value ?? "") &&
      !/^https:\/\/(?:pypi\.org|files\.pythonhosted\.org)\//.test(o.value ?? ""),
  );
}

const PIP_INSTALL: OptionTable = {
  shortWithValue: "rcie",
  longWithValue: ["requirement", "constraint", "index-url", "editable", "target", "prefix"],
};

/** `pip install -r https://...`: the list of what to install is itself fetched. */
function requirementsFromUrl(args: readonly Word[]): boolean {
  const read = readOptions(args, PIP_INSTALL);
  return (
    read.operands[0]?.text === "install" &&
    read.options.some(
      (o) => /^(?:r|c|requirement|constraint)$/.test(o.name) && REMOTE_SPEC.test(o.value ?? ""),
    )
  );
}

const DOTNET_TOOL: OptionTable = {
  shortWithValue: "vaf",
  longWithValue: [
    "add-source",
    "source",
    "version",
    "configfile",
    "framework",
    "tool-path",
    "verbosity",
    "arch",
    "name",
    "username",
    "password",
  ],
  long: [
    "global",
    "local",
    "prerelease",
    "allow-insecure-connections",
    "ignore-failed-sources",
    "interactive",
  ],
};

function dotnet(cmd: ResolvedCommand): boolean {
  const read = readOptions(cmd.args, DOTNET_TOOL);
  const ops = read.operands.map((word) => word.text);
  const insecure = read.options.some((o) => o.name === "allow-insecure-connections");
  if (
    (ops[0] === "tool" && /^(?:install|update|restore|run)$/.test(ops[1] ?? "")) ||
    ops[0] === "add" ||
    ops[0] === "restore"
  )
    return (
      insecure ||
      read.options.some(
        (o) => /^(?:add-source|source|s)$/.test(o.name) && PLAIN_HTTP.test(o.value ?? ""),
      )
    );
  if (ops[0] === "nuget" && /^(?:add|update)$/.test(ops[1] ?? "") && ops[2] === "source")
    return (
      insecure ||
      ops.slice(3).some((text) => PLAIN_HTTP.test(text)) ||
      read.options.some((o) => PLAIN_HTTP.test(o.value ?? ""))
    );
  return false;
}

/** `mix archive.install URL`, `mix archive.install github user/repo`, `mix escript.install git URL`. */
function mix(cmd: ResolvedCommand): boolean {
  const ops = cmd.args.filter((word) => !word.text.startsWith("-")).map((word) => word.text);
  if (!/^(?:archive|escript)\.install$/.test(ops[0] ?? "")) return false;
  return (
    /^(?:git|github)$/.test(ops[1] ?? "") ||
    REMOTE_SPEC.test(ops[1] ?? "") ||
    /\.ez$/.test(ops[1] ?? "")
  );
}

function byName(cmd: ResolvedCommand): boolean {
  const texts = cmd.args.map((word) => word.text);
  switch (cmd.name) {
    case "uv":
      return (
        (texts[0] === "tool" &&
          /^(?:install|run|upgrade)$/.test(texts[1] ?? "") &&
          specFromRemote(cmd.args.slice(2))) ||
        (texts[0] === "pip" && requirementsFromUrl(cmd.args.slice(1))) ||
        (/^(?:pip|add|sync|lock)$/.test(texts[0] ?? "") && foreignIndex(cmd.args.slice(1)))
      );
    case "poetry":
      return (
        texts[0] === "source" && texts[1] === "add" && texts.some((text) => PLAIN_HTTP.test(text))
      );
    case "ansible-galaxy":
      return (
        /^(?:install|role|collection)$/.test(texts[0] ?? "") &&
        texts.some((text) => REMOTE_SPEC.test(text))
      );
    case "vagrant":
      return (
        texts[0] === "plugin" &&
        texts.some((text, i) => texts[i - 1] === "--plugin-source" && PLAIN_HTTP.test(text))
      );
    case "uvx":
    case "pipx":
      return specFromRemote(cmd.name === "pipx" ? cmd.args.slice(1) : cmd.args);
    case "pip":
    case "pip3":
      return requirementsFromUrl(cmd.args);
    case "dotnet":
      return dotnet(cmd);
    case "nuget":
      return (
        texts[0] === "sources" && texts[1] === "add" && texts.some((text) => PLAIN_HTTP.test(text))
      );
    case "mix":
      return mix(cmd);
    case "gem":
      return (
        texts[0] === "sources" &&
        texts.some((text, i) => /^(?:-a|--add)$/.test(texts[i - 1] ?? "") && foreignFeed(text))
      );
    case "helm":
      return (
        texts[0] === "repo" &&
        texts[1] === "add" &&
        texts.some(
          (text) => PLAIN_HTTP.test(text) || /^--insecure-skip-tls-verify(?:=true)?$/.test(text),
        )
      );
    case "gh":
      return (
        texts[0] === "extension" &&
        /^(?:install|upgrade)$/.test(texts[1] ?? "") &&
        texts.slice(2).some((text) => !text.startsWith("-") && text !== ".")
      );
    case "code":
    case "codium":
    case "code-insiders":
    case "cursor":
    case "windsurf":
      return texts.some(
        (text, i) =>
          texts[i - 1] === "--install-extension" &&
          (/\.vsix$/i.test(text) || REMOTE_SPEC.test(text)),
      );
    case "kubectl":
      return (
        texts[0] === "krew" &&
        texts[1] === "install" &&
        texts.some((text) => /^--(?:manifest-url|archive|manifest)\b/.test(text))
      );
    case "asdf":
      return (
        (texts[0] === "plugin-add" || (texts[0] === "plugin" && texts[1] === "add")) &&
        texts.some((text) => REMOTE_SPEC.test(text))
      );
    case "pre-commit":
      return texts[0] === "try-repo" && REMOTE_SPEC.test(texts[1] ?? "");
    default:
      return /^python\d*(?:\.\d+)?$/.test(cmd.name) &&
        texts[0] === "-m" &&
        /^pip3?$/.test(texts[1] ?? "")
        ? requirementsFromUrl(cmd.args.slice(2))
        : false;
  }
}

/** Installs from unreviewed feeds, for one layer. */
export const installFeedRules: CommandRule = (cmd) => (byName(cmd) ? untrusted : null);

// Package-manager and toolchain settings that make later installs fetch from somewhere else or
// stop checking what they fetch: `composer config -g secure-http false`, `go env -w
// GOPROXY=http://... GOSUMDB=off`, `poetry config certificates.PyPI.cert false`, `git config
// --global http.sslVerify false`, `gem sources --add http://...`, `conda config --set
// ssl_verify false`, `dotnet nuget add source http://...`, `bun pm trust --all`; credentials
// overwritten through a CLI (`aws configure set aws_secret_access_key ...`); and installs from a
// URL, a git repository or an extra feed by managers without their own table (`uv tool install
// --from git+...`, `pip install -r https://...`, `mix archive.install https://...`,
// `dotnet tool install --add-source http://...`).
import type { ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { OPERATION_RULES } from "./operations-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { WRITE_RULES } from "./write-rules.js";

type Match = DangerousCommandMatch | null;

const tamper = (): Match => matchOf(OPERATION_RULES.configTamper);
const untrusted = (): Match => matchOf(OPS_CLI_RULES.untrustedPackage);

const REMOTE = /^(?:(?:https?|ftp|file):\/\/|git\+|git:\/\/|git@|ssh:\/\/|(?:github|gitlab):)/i;
const PLAIN_HTTP = /^http:\/\//i;
const OFF = /^(?:false|off|0|no)$/i;
// Options whose value is an index or a path, not a package.
const INDEX_OPTION =
  /^(?:-i|--index-url|--extra-index-url|--index|-f|--find-links|--python|-p|--trusted-host)$/;

/** Operand words (option words dropped) of a command, lowercased. */
function words(cmd: ResolvedCommand): string[] {
  return cmd.args.map((word) => word.text.toLowerCase()).filter((text) => !text.startsWith("-"));
}

/** `go env -w GOPROXY=http://x GOSUMDB=off GOINSECURE=* GONOSUMDB=* GOFLAGS=-insecure`. */
function goEnv(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  if (texts[0] !== "env" || !texts.includes("-w")) return null;
  return texts.some(
    (text) =>
      /^GOSUMDB=off$|^GONOSUM(?:DB|CHECK)=|^GOINSECURE=|^GOFLAGS=.*-insecure|^GONOSUMDB=/.test(
        text,
      ) ||
      (/^GOPROXY=/.test(text) &&
        !/^GOPROXY=(?:https:\/\/proxy\.golang\.org|direct|off)(?:,(?:https:\/\/proxy\.golang\.org|direct|off))*$/.test(
          text,
        )),
  )
    ? tamper()
    : null;
}

/** Config subcommands of managers whose settings name a source or turn checks off. */
function managerConfig(cmd: ResolvedCommand): Match {
  const ops = words(cmd);
  const texts = cmd.args.map((word) => word.text.toLowerCase());
  const joined = texts.join(" ");
  switch (cmd.name) {
    case "composer":
      return ops[0] === "config" &&
        /(?:secure-http\s+(?:false|0)|disable-tls\s+(?:true|1)|repositories?\.|repo\.packagist)/.test(
          joined,
        )
        ? tamper()
        : null;
    case "poetry":
      return ops[0] === "config" &&
        /^(?:certificates\..+\.cert|repositories\..+|http-basic\..+|installer\.modern-installation)$/.test(
          ops[1] ?? "",
        ) &&
        (ops[1]?.startsWith("certificates.") !== true || OFF.test(ops[2] ?? ""))
        ? tamper()
        : null;
    case "git":
      return ops.includes("config") &&
        texts.some((t) => /^http\.(?:.+\.)?sslverify$/.test(t)) &&
        texts.some((t) => OFF.test(t))
        ? tamper()
        : null;
    case "gem":
      return ops[0] === "sources" && texts.some((t) => /^(?:-a|--add)$/.test(t)) ? tamper() : null;
    case "bundle":
    case "bundler":
      return ops[0] === "config" &&
        texts.some((t) => /^mirror\.|^ssl_verify_mode$|^bundle_ssl_verify_mode$/.test(t))
        ? tamper()
        : null;
    case "conda":
    case "mamba":
    case "micromamba":
      return ops[0] === "config" &&
        (/ssl_verify\s+(?:false|no|0)/.test(joined) ||
          /--(?:add|prepend|append)\s+channels\s+http:/.test(joined))
        ? tamper()
        : null;
    case "dotnet":
    case "nuget":
      return /(?:nuget )?(?:add|update) source|sources (?:add|update)/.test(ops.join(" ")) &&
        texts.some((t) => PLAIN_HTTP.test(t))
        ? tamper()
        : null;
    case "yarn":
      return ops[0] === "config" &&
        ops[1] === "set" &&
        /^(?:npmregistryserver|enablestrictssl|unsafehttpwhitelist|enablescripts|npmscopes\..*)$/.test(
          ops[2] ?? "",
        )
        ? tamper()
        : null;
    case "helm":
      return ops[0] === "repo" && ops[1] === "add" && texts.some((t) => PLAIN_HTTP.test(t))
        ? tamper()
        : null;
    case "bun":
      // `bun pm trust --all`: every dependency's lifecycle scripts may run on install.
      return ops[0] === "pm" && ops[1] === "trust" && texts.includes("--all") ? tamper() : null;
    default:
      return null;
  }
}

/** `aws configure set aws_secret_access_key ...`: the stored credentials replaced. */
function credentialOverwrite(cmd: ResolvedCommand): Match {
  const ops = words(cmd);
  if (cmd.name === "aws" && ops[0] === "configure" && ops[1] === "set")
    return /(?:^|\.)aws_(?:secret_access_key|access_key_id|session_token)$|credential_process$/.test(
      ops[2] ?? "",
    )
      ? matchOf(WRITE_RULES.credential)
      : null;
  if (cmd.name === "aws" && ops[0] === "configure" && ops[1] === "import")
    return matchOf(WRITE_RULES.credential);
  return null;
}

/** Installs from a URL, a repository or an extra feed by tools without a manager table. */
function remoteInstall(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  const ops = texts.filter((text) => !text.startsWith("-"));
  switch (cmd.name) {
    case "uv":
    case "pipx":
    case "pip":
    case "pip3": {
      const installs =
        (cmd.name === "uv" &&
          /^(?:tool install|pip install|add)$/.test(
            ops
              .slice(0, 2)
              .join(" ")
              .replace(/^add .*/, "add"),
          )) ||
        (cmd.name === "pipx" && ops[0] === "install") ||
        (cmd.name !== "uv" && cmd.name !== "pipx" && ops[0] === "install");
      if (!installs) return null;
      // `--from git+...`, `-r https://...`, a `git+https://` operand; not an index URL.
      return texts.some((text, i) => {
        const before = texts[i - 1] ?? "";
        if (/^(?:-r|--requirement|--from|--with|-c|--constraint|--spec)$/.test(before))
          return REMOTE.test(text);
        if (/^(?:--requirement|--from|--with|--constraint|--spec)=/.test(text))
          return REMOTE.test(text.slice(text.indexOf("=") + 1));
        return (
          !text.startsWith("-") &&
          !INDEX_OPTION.test(before) &&
          /^(?:git\+|git@|git:\/\/|ssh:\/\/)/.test(text)
        );
      })
        ? untrusted()
        : null;
    }
    case "mix":
      return /^archive\.install$|^escript\.install$/.test(ops[0] ?? "") &&
        (REMOTE.test(ops[1] ?? "") || /^(?:git|github|hex)$/.test(ops[1] ?? ""))
        ? untrusted()
        : null;
    case "dotnet":
      return ops[0] === "tool" &&
        /^(?:install|update)$/.test(ops[1] ?? "") &&
        texts.some((t) => /^--add-source$|^--source$/.test(t))
        ? untrusted()
        : null;
    default:
      return null;
  }
}

/** Package sources and checks changed, credentials overwritten, installs from elsewhere. */
export const packageConfigRule: CommandRule = (cmd) => {
  if (cmd.name === "go") return goEnv(cmd);
  return managerConfig(cmd) ?? credentialOverwrite(cmd) ?? remoteInstall(cmd);
};

// Language toolchains changed outside the project: packages installed globally for the user
// (`npm install -g`, `pnpm add -g`, `yarn global add`, `bun add -g`, `composer global require`:
// their install scripts run now and their programs land on the PATH of every later command),
// and toolchain managers run as root (`sudo corepack enable`, `sudo gem update --system`,
// `sudo rustup default nightly`): they rewrite shared interpreters and shims under /usr. The
// npm family's global flags are read by the package-manager rules; this file has the rule and
// the managers those rules do not read.
import {
  readOptions,
  staticWord,
  type OptionTable,
  type ResolvedCommand,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";

type Match = DangerousCommandMatch | null;

/** Rules about toolchains changed beyond the project. */
export const GLOBAL_TOOLCHAIN_RULES: Readonly<Record<"globalInstall", RuleInfo>> = {
  globalInstall: rule(
    "package-global-install",
    "package installed or updated globally for the user (its install scripts run; its programs reach every project's PATH)",
  ),
} as const;

const ROOT_WRAPPERS = new Set(["sudo", "doas", "pkexec", "run0", "su", "sudo-rs"]);

// Toolchain managers whose state is shared by every user and project when run as root.
const TOOLCHAIN_MANAGERS = new Set(
  (
    "corepack npm pnpm yarn bun pip pip3 pipx uv poetry gem bundle bundler cargo rustup go " +
    "composer conda mamba micromamba n nvm volta fnm mise asdf rbenv pyenv nodenv sdk " +
    "dotnet mix hex rebar3 opam cabal ghcup stack swift luarocks cpan cpanm raco nimble deno"
  ).split(" "),
);
// First operands after which a manager only reports, or builds and tests the project (the
// root-run of project code is judged as what it runs, not as a toolchain change).
const READ_ONLY_VERBS = new Set(
  (
    "-v -V --version version help -h --help list ls ll la info show view search outdated doctor " +
    "which why explain audit check env current where whereis --list current-version fund " +
    "build test vet fmt run lint clippy bench doc compile"
  ).split(" "),
);
// Options of the managers above that take a value (so their value is not read as the verb).
const MANAGER_OPTIONS: OptionTable = {
  shortWithValue: "CwpF",
  longWithValue: ["prefix", "cwd", "dir", "directory", "working-dir", "registry", "python"],
};

/** `sudo corepack enable`, `doas gem update --system`: a toolchain manager rewritten as root. */
function rootToolchain(cmd: ResolvedCommand): Match {
  if (!TOOLCHAIN_MANAGERS.has(cmd.name) || !cmd.via.some((w) => ROOT_WRAPPERS.has(w))) return null;
  const read = readOptions(cmd.args, MANAGER_OPTIONS);
  const verb = read.operands[0]?.text;
  if (verb === undefined)
    return read.options.some((o) => READ_ONLY_VERBS.has(`--${o.name}`) || o.name === "v")
      ? null
      : matchOf(OPS_CLI_RULES.systemInstall);
  return READ_ONLY_VERBS.has(verb) ? null : matchOf(OPS_CLI_RULES.systemInstall);
}

// Composer's verbs that install, update or remove packages of its global project.
const COMPOSER_CHANGES =
  /^(?:require|r|install|i|update|u|upgrade|remove|rm|reinstall|create-project)$/;

/** `composer global require vendor/tool`: code installed into the user's global project. */
function composerGlobal(cmd: ResolvedCommand): Match {
  if (cmd.name !== "composer") return null;
  const ops = readOptions(cmd.args, {
    shortWithValue: "d",
    longWithValue: ["working-dir"],
  }).operands;
  return ops[0]?.text === "global" && COMPOSER_CHANGES.test(ops[1]?.text ?? "")
    ? matchOf(GLOBAL_TOOLCHAIN_RULES.globalInstall)
    : null;
}

// Python modules that are the same program as a command-line tool of that name.
const MODULE_CLIS = new Set(
  "pip pip3 pipx poetry twine conda uv pdm hatch flit ensurepip virtualenv build".split(" "),
);
const PYTHON = /^python[\d.]*$|^pypy3?$/;
const PYTHON_WITH_VALUE = new Set(["-X", "-W", "-Q"]);

/** `python3 -m pip install ...` is `pip install ...`, judged by every rule for that tool. */
function pythonModuleCli(cmd: ResolvedCommand, ctx: RuleContext): Match {
  if (!PYTHON.test(cmd.name)) return null;
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text ?? "";
    if (PYTHON_WITH_VALUE.has(text)) {
      i++;
      continue;
    }
    const module = text === "-m" ? args[i + 1]?.text : /^-m(.+)$/.exec(text)?.[1];
    if (module !== undefined) {
      if (!MODULE_CLIS.has(module)) return null;
      const rest = args.slice(text === "-m" ? i + 2 : i + 1);
      // Run as root when the interpreter was (`sudo python3 -m pip install x`).
      const root = cmd.via.some((w) => ROOT_WRAPPERS.has(w)) ? [staticWord("sudo")] : [];
      const words = [...root, staticWord(module), ...rest];
      return ctx.analyseCommand({ ...cmd.source, words });
    }
    if (!/^-[A-Za-z]+$/.test(text)) return null;
  }
  return null;
}

// Where a `pip install --target/--prefix/--root` into the system's own directories lands.
const SYSTEM_DIRECTORY = /^\/(?:$|usr(?:\/|$)|lib|lib64|bin|sbin|etc|opt(?:\/|$)|var\/lib|Library)/;

/** `pip install --target /usr/lib/python3/dist-packages x`: packages written into the system. */
function pipSystemTarget(cmd: ResolvedCommand): Match {
  if (cmd.name !== "pip" && cmd.name !== "pip3") return null;
  const read = readOptions(cmd.args, {
    shortWithValue: "tirecb",
    longWithValue: ["target", "prefix", "root", "index-url", "requirement", "constraint"],
  });
  if (read.operands[0]?.text !== "install") return null;
  return read.options.some(
    (o) => /^(?:t|target|prefix|root)$/.test(o.name) && SYSTEM_DIRECTORY.test(o.value ?? ""),
  )
    ? matchOf(OPS_CLI_RULES.systemInstall)
    : null;
}

/** Global-install and root-toolchain rules for one layer. */
export const globalToolchainRules: CommandRule = (cmd, ctx) =>
  rootToolchain(cmd) ?? composerGlobal(cmd) ?? pipSystemTarget(cmd) ?? pythonModuleCli(cmd, ctx);

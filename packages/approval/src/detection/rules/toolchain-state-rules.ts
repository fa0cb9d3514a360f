// Toolchain and development-CLI operations that reach beyond the project, judged over the verb
// tables of toolchain-state-tables.ts, toolchain-source-tables.ts and host-toolchain-tables.ts,
// and the few forms whose value is itself a command or a git setting: a stored command run
// later (`gh config set editor CMD`, `husky add FILE CMD`), a program the build runs (`go
// build -toolexec CMD`, `go test -exec CMD`), a command run on the VM (`vagrant ssh -c CMD`),
// git settings given to `clone -c`, history rewritten by `git lfs migrate`, a push URL changed
// (`git remote set-url --push`), and an `.envrc` from a temp directory allowed.
import {
  commandBaseName,
  readOptions,
  staticWord,
  type OptionTable,
  type ResolvedCommand,
  type Script,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { judgeByTable, type CliTable } from "./cli-verb-tables.js";
import { COMMAND_SETTING, GIT_RULES } from "./git-rules.js";
import { HOST_TOOLCHAIN_TABLES } from "./host-toolchain-tables.js";
import { PLATFORM_TOOLCHAIN_TABLES } from "./platform-toolchain-tables.js";
import { EXEC_RULES } from "./exec-rules.js";
import { TOOL_CONFIG_RULES } from "./tool-config-tables.js";
import { TOOLCHAIN_SOURCE_TABLES } from "./toolchain-source-tables.js";
import {
  TOOLCHAIN_STATE_RULES,
  TOOLCHAIN_STATE_TABLES,
  UNREVIEWED_SOURCE,
} from "./toolchain-state-tables.js";

export { TOOLCHAIN_STATE_RULES };

type Match = DangerousCommandMatch | null;

const TABLE_MAPS: readonly ReadonlyMap<string, CliTable>[] = [
  TOOLCHAIN_STATE_TABLES,
  TOOLCHAIN_SOURCE_TABLES,
  PLATFORM_TOOLCHAIN_TABLES,
  HOST_TOOLCHAIN_TABLES,
];

function byTables(cmd: ResolvedCommand): Match {
  for (const tables of TABLE_MAPS) {
    const entry = tables.get(cmd.name);
    const found = entry === undefined ? null : judgeByTable(cmd, entry);
    if (found !== null) return found;
  }
  return null;
}

/** A command given as one word, judged as shell; a value built at run time is unknown. */
function storedCommand(word: Word | undefined, ctx: RuleContext): Match {
  if (word === undefined) return null;
  if (word.dynamic) return matchOf(GIT_RULES.configCommand);
  return ctx.analyseText(word.text);
}

const CODE_HOST: OptionTable = {
  shortWithValue: "hR",
  longWithValue: ["host", "hostname", "repo"],
};
// Settings whose value the CLI runs as a program.
const COMMAND_KEYS = new Set(["editor", "pager", "browser"]);

/** `gh config set editor CMD`, `glab config set browser CMD`. */
function codeHostCommandSetting(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const ops = readOptions(cmd.args, CODE_HOST).operands;
  if (ops[0]?.text !== "config" || ops[1]?.text !== "set") return null;
  return COMMAND_KEYS.has(ops[2]?.text ?? "") ? storedCommand(ops[3], ctx) : null;
}

/** `husky add .husky/pre-commit CMD`, `husky set FILE CMD`: the hook runs CMD at every commit. */
function huskyHook(args: readonly Word[], ctx: RuleContext): Match {
  const ops = args.filter((word) => !word.text.startsWith("-"));
  return /^(?:add|set)$/.test(ops[0]?.text ?? "") ? storedCommand(ops[2], ctx) : null;
}

// Go's options that name a program the build runs (single-dash long names, `=` or next word).
const GO_PROGRAM_OPTION = /^--?(?:toolexec|exec|vettool)(?:=|$)/;

/** `go build -toolexec CMD`, `go test -exec CMD`, `go vet -vettool=PROG`: the build runs them. */
function goRunsProgram(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    if (!GO_PROGRAM_OPTION.test(word.text)) continue;
    const eq = word.text.indexOf("=");
    const value = eq < 0 ? args[i + 1] : { ...word, text: word.text.slice(eq + 1) };
    const found = storedCommand(value, ctx);
    if (found !== null) return found;
    if (UNREVIEWED_SOURCE.test(value?.text ?? ""))
      return matchOf(TOOLCHAIN_STATE_RULES.globalChange);
  }
  return null;
}

const VAGRANT_SSH: OptionTable = { shortWithValue: "c", longWithValue: ["command"] };

/** `vagrant ssh -c CMD`: CMD runs on the VM. */
function vagrantCommand(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, VAGRANT_SSH);
  if (read.operands[0]?.text !== "ssh") return null;
  const command = read.options.find((o) => o.name === "c" || o.name === "command");
  return command === undefined ? null : storedCommand(command.valueWord ?? undefined, ctx);
}

const GIT_GLOBALS: OptionTable = {
  posix: true,
  shortWithValue: "Cc",
  longWithValue: ["git-dir", "work-tree", "namespace", "exec-path", "config-env"],
};
const GIT_CLONE: OptionTable = {
  shortWithValue: "cobujf",
  longWithValue: [
    "config",
    "origin",
    "branch",
    "upload-pack",
    "template",
    "depth",
    "reference",
    "separate-git-dir",
    "filter",
    "jobs",
  ],
};
// A push URL changed: every later push goes to the new address.
const OPS_REDIRECT = TOOL_CONFIG_RULES.weakened;
// Settings whose value is a credential sent with every request.
const CREDENTIAL_SETTING = /^http(?:\..+)?\.extraheader$/i;

/** git subcommands of this family: clone settings, lfs history rewrites, push URLs, tokens. */
function gitState(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const globals = readOptions(cmd.args, GIT_GLOBALS);
  const ops = globals.operands;
  const sub = ops[0]?.text ?? "";
  const texts = ops.map((word) => word.text);
  if (sub === "clone") {
    for (const option of readOptions(ops.slice(1), GIT_CLONE).options) {
      if (option.name !== "c" && option.name !== "config") continue;
      const setting = option.value ?? "";
      const eq = setting.indexOf("=");
      if (eq <= 0 || !COMMAND_SETTING.test(setting.slice(0, eq))) continue;
      return (
        ctx.analyseText(setting.slice(eq + 1).replace(/^!/, "")) ?? matchOf(GIT_RULES.configCommand)
      );
    }
    return null;
  }
  if (sub === "lfs" && texts[1] === "migrate" && /^(?:import|export)$/.test(texts[2] ?? ""))
    return texts.includes("--no-rewrite") ? null : matchOf(GIT_RULES.history);
  if (sub === "lfs" && /^(?:install|uninstall)$/.test(texts[1] ?? "") && texts.includes("--system"))
    return matchOf(TOOLCHAIN_STATE_RULES.globalChange);
  if (sub === "submodule" && texts[1] === "deinit" && texts.some((t) => /^(?:-f|--force)$/.test(t)))
    return matchOf(GIT_RULES.discard);
  if (sub === "remote" && texts[1] === "set-url" && texts.includes("--push"))
    return matchOf(OPS_REDIRECT);
  if (sub === "credential-store" || sub === "credential-cache")
    return texts.includes("get") ? matchOf(EXEC_RULES.credentialRead) : null;
  if (sub === "config") {
    const key = texts.slice(1).find((text) => !text.startsWith("-")) ?? "";
    if (!CREDENTIAL_SETTING.test(key)) return null;
    const getting = texts.some((text) => /^--get(?:-all|-regexp)?$/.test(text));
    const values = texts.slice(1).filter((text) => !text.startsWith("-"));
    if (getting || values.length === 1) return matchOf(EXEC_RULES.credentialRead);
    return /authorization|token|bearer|basic/i.test(values[1] ?? "")
      ? matchOf(TOOLCHAIN_STATE_RULES.credentialStored)
      : null;
  }
  return null;
}

/** `direnv allow /tmp/x`: an `.envrc` nobody reviewed runs in every later shell there. */
function direnvAllow(cmd: ResolvedCommand): Match {
  const ops = cmd.args.filter((word) => !word.text.startsWith("-")).map((word) => word.text);
  return /^(?:allow|permit|grant)$/.test(ops[0] ?? "") &&
    ops.slice(1).some((op) => UNREVIEWED_SOURCE.test(op))
    ? matchOf(TOOL_CONFIG_RULES.weakened)
    : null;
}

const DEVCONTAINER_UP: OptionTable = {
  longWithValue: ["mount", "workspace-folder", "config", "id-label", "remote-env", "docker-path"],
};

/** `devcontainer up --mount type=bind,source=/,...`: judged as the `docker run` it becomes. */
function devcontainerMounts(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, DEVCONTAINER_UP);
  if (!/^(?:up|run-user-commands|set-up)$/.test(read.operands[0]?.text ?? "")) return null;
  const mounts = read.options.filter((o) => o.name === "mount" && o.valueWord !== null);
  if (mounts.length === 0) return null;
  const words = [staticWord("docker"), staticWord("run")];
  for (const mount of mounts) words.push(staticWord("--mount"), mount.valueWord as Word);
  words.push(staticWord("devcontainer-image"));
  return ctx.analyseCommand({ ...cmd.source, words });
}

function byName(cmd: ResolvedCommand, ctx: RuleContext): Match {
  switch (cmd.name) {
    case "devcontainer":
      return devcontainerMounts(cmd, ctx);
    case "gh":
    case "glab":
      return codeHostCommandSetting(cmd, ctx);
    case "husky":
      return huskyHook(cmd.args, ctx);
    case "npx":
    case "pnpx":
    case "bunx":
      return cmd.args[0]?.text === "husky" ? huskyHook(cmd.args.slice(1), ctx) : null;
    case "go":
      return goRunsProgram(cmd, ctx);
    case "vagrant":
      return vagrantCommand(cmd, ctx);
    case "git":
      return gitState(cmd, ctx);
    case "direnv":
      return direnvAllow(cmd);
    default:
      return null;
  }
}

/** Toolchain-state rules for one resolved command layer. */
export const toolchainStateRules: CommandRule = (cmd, ctx) => byName(cmd, ctx) ?? byTables(cmd);

const GIT_PUSH_ALL = /^--(?:all|mirror|branches)$/;
// A push destination given as an address rather than a configured remote's name.
const PUSH_ADDRESS = /^(?:(?:https?|ssh|git|file):\/\/|[\w.-]+@[\w.-]+:)/i;

/**
 * Every branch pushed to an address that is not one of the project's remotes: `git push
 * https://host/x.git --all`, or a remote pointed elsewhere and then pushed to in the same
 * command line (`git remote set-url origin URL && git push --all`). The whole code base goes
 * to a place nobody configured before.
 */
export function redirectedPushMatch(script: Script): Match {
  let redirected = false;
  for (const cmd of script.commands) {
    if (commandBaseName(cmd.words[0]?.text ?? "") !== "git") continue;
    const ops = readOptions(cmd.words.slice(1), GIT_GLOBALS).operands.map((word) => word.text);
    if (ops[0] === "remote" && /^(?:add|set-url)$/.test(ops[1] ?? "")) redirected = true;
    if (ops[0] !== "push" || !ops.some((op) => GIT_PUSH_ALL.test(op))) continue;
    if (ops.includes("-n") || ops.includes("--dry-run")) continue;
    if (redirected || ops.slice(1).some((op) => PUSH_ADDRESS.test(op)))
      return matchOf(GIT_RULES.deleteRemote);
  }
  return null;
}

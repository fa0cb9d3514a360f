// Publishing outside the machine: the verb tables of publish-tables.ts, and a secret committed
// and pushed in one command line (`git add -f .env && git commit -m x && git push`): git-ignored
// files are ignored for a reason, and a pushed secret is in the remote's history for good.
import {
  commandBaseName,
  readOptions,
  type OptionTable,
  type Script,
  type SimpleCommand,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { isSendableSecretPath } from "../secret-paths.js";
import type { DangerousCommandMatch } from "../types.js";
import { verbTableRule } from "./cli-verb-tables.js";
import { PUBLISH_RULES, PUBLISH_TABLES } from "./publish-tables.js";

const byTable = verbTableRule(PUBLISH_TABLES);
const PYTHON = /^python\d*(?:\.\d+)?$/;

/** Publishing rules for one layer (registries, image pushes, releases; `python -m twine`). */
export const publishRules: CommandRule = (cmd, ctx) => {
  if (PYTHON.test(cmd.name) && cmd.args[0]?.text === "-m" && cmd.args[1] !== undefined) {
    const name = cmd.args[1].text;
    return PUBLISH_TABLES.has(name)
      ? byTable({ ...cmd, name, nameWord: cmd.args[1], args: cmd.args.slice(2) }, ctx)
      : null;
  }
  return byTable(cmd, ctx);
};

// Templates of a secret file are meant to be committed.
const TEMPLATE = /\.(?:example|sample|template|dist|tmpl|defaults?)$/i;
const committableSecret = (text: string): boolean =>
  !TEMPLATE.test(text) && isSendableSecretPath(text);

const GIT_GLOBALS: OptionTable = {
  posix: true,
  shortWithValue: "Cc",
  longWithValue: ["git-dir", "work-tree", "namespace", "exec-path", "config-env"],
};
const GIT_ADD: OptionTable = {
  shortWithValue: "",
  longWithValue: ["chmod", "pathspec-from-file"],
  long: ["force", "all", "update", "intent-to-add", "dry-run", "verbose", "no-all"],
};
const GIT_COMMIT: OptionTable = {
  shortWithValue: "mFcCt",
  longWithValue: ["message", "file", "author", "date", "reuse-message", "template", "fixup"],
  long: ["all", "amend", "no-verify", "include", "only"],
};

/** A git command's subcommand and its arguments, or null for other programs. */
function gitSubcommand(cmd: SimpleCommand): { verb: string; rest: SimpleCommand["words"] } | null {
  if (commandBaseName(cmd.words[0]?.text ?? "") !== "git") return null;
  const read = readOptions(cmd.words.slice(1), GIT_GLOBALS);
  const verb = read.operands[0];
  if (verb === undefined) return null;
  return { verb: verb.text, rest: cmd.words.slice(1 + read.firstOperand + 1) };
}

/** True when the command stages (or commits by name) a secret or a file git was told to ignore. */
function stagesSecret(verb: string, rest: SimpleCommand["words"]): boolean {
  if (verb === "add" || verb === "stage") {
    const read = readOptions(rest, GIT_ADD);
    if (read.options.some((o) => o.name === "dry-run" || o.name === "n")) return false;
    const forced = read.options.some((o) => o.name === "force" || o.name === "f");
    return read.operands.some((word) => forced || committableSecret(word.text));
  }
  if (verb === "commit")
    return readOptions(rest, GIT_COMMIT).operands.some((word) => committableSecret(word.text));
  return false;
}

/** `git add -f .env && git commit -m x && git push`: a secret staged, then pushed. */
export function secretPushMatch(script: Script): DangerousCommandMatch | null {
  let staged = false;
  for (const cmd of script.commands) {
    const git = gitSubcommand(cmd);
    if (git === null) continue;
    if (stagesSecret(git.verb, git.rest)) staged = true;
    else if (
      staged &&
      git.verb === "push" &&
      !git.rest.some((w) => /^(?:-n|--dry-run)$/.test(w.text))
    )
      return matchOf(PUBLISH_RULES.secretPush);
  }
  return null;
}

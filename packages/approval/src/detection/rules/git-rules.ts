import {
  hasLong,
  hasOption,
  parseFlags,
  readOptions,
  type OptionTable,
  type Word,
} from "@hermes-agent/shell";

/** `git reset`'s option table (abbreviations resolve as git's parse-options does). */
const GIT_RESET_OPTIONS: OptionTable = {
  short: "qpN",
  long: [
    "hard",
    "soft",
    "mixed",
    "merge",
    "keep",
    "quiet",
    "no-quiet",
    "patch",
    "refresh",
    "no-refresh",
    "recurse-submodules",
    "no-recurse-submodules",
    "intent-to-add",
    "pathspec-file-nul",
  ],
  longWithValue: ["pathspec-from-file", "unified", "inter-hunk-context"],
};
import { matchOf, type CommandRule } from "../rule-context.js";
import { rule, type RuleInfo } from "../types.js";

/** Rules about history- or work-destroying git commands. */
export const GIT_RULES: Readonly<
  Record<
    | "resetHard"
    | "forcePush"
    | "deleteRemote"
    | "clean"
    | "branchDelete"
    | "discard"
    | "configCommand"
    | "history",
    RuleInfo
  >
> = {
  resetHard: rule("git-reset-hard", "git reset --hard (destroys uncommitted changes)"),
  forcePush: rule(
    "git-force-push",
    "git push --force / --force-with-lease / +refspec (rewrites remote history)",
  ),
  deleteRemote: rule("git-push-delete", "git push deleting a remote branch or tag, or --mirror"),
  clean: rule("git-clean-force", "git clean -f (deletes untracked files)"),
  branchDelete: rule("git-branch-force-delete", "git branch -D (force-deletes a branch)"),
  discard: rule("git-discard-worktree", "discard of all uncommitted changes in the working tree"),
  configCommand: rule("git-config-command", "git -c setting that runs an arbitrary command"),
  history: rule("git-history-rewrite", "git history rewrite or reflog expiry (irrecoverable)"),
} as const;

// `git -c key=value` settings whose value git runs as a command.
export const COMMAND_SETTING: RegExp =
  /^(?:core\.(?:pager|sshcommand|editor|fsmonitor|hookspath|askpass)|alias\..+|sequence\.editor|diff\.external|credential\.helper|.+\.textconv|.+\.command|.+\.cmd|gpg\.program|uploadpack\.packobjectshook|pager\..+)$/i;

const GLOBAL_WITH_VALUE = new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--exec-path",
  "--config-env",
  "--super-prefix",
]);

// Commands that list many refs, and literal words that turn a ref into a delete or a force.
const REF_LISTS = /^(?:branch|tag|for-each-ref|ls-remote|show-ref)$/;

function builtRefspecs(word: Word): boolean {
  return word.substitutions.some((script) =>
    script.commands.some((cmd) => {
      const texts = cmd.words.map((w) => w.text);
      if (texts.slice(1).some((text) => /(?:^|[#/|,])[:+]|[:+](?:[#/|,]|$)/.test(text)))
        return true;
      if ((texts[0] ?? "").replace(/^.*\//, "") !== "git") return false;
      const sub = texts.find((text, i) => i > 0 && !text.startsWith("-")) ?? "";
      return (
        REF_LISTS.test(sub) &&
        !texts.some((text) => /^--show-current$|^--points-at$|^--contains$/.test(text))
      );
    }),
  );
}

/** Git rules: find the subcommand after global options, then judge its flags. */
export const gitRules: CommandRule = (cmd, ctx) => {
  if (cmd.name !== "git") return null;
  const args = cmd.args;
  let i = 0;
  while (i < args.length && (args[i]?.text ?? "").startsWith("-"))
    i += GLOBAL_WITH_VALUE.has(args[i]?.text ?? "") ? 2 : 1;
  for (let j = 0; j < i; j++) {
    const option = args[j]?.text ?? "";
    const fromEnv = option === "--config-env" || option.startsWith("--config-env=");
    if (option !== "-c" && !fromEnv) continue;
    const word = option.includes("=") ? (args[j] as Word) : args[j + 1];
    const setting = option.includes("=") ? option.slice(13) : (word?.text ?? "");
    const eq = setting.indexOf("=");
    if (eq <= 0 || !COMMAND_SETTING.test(setting.slice(0, eq))) continue;
    // A value read from the environment, built at run time, or a hooks directory is not
    // visible here; a static command line is analysed like a `-c` payload.
    const value = setting.slice(eq + 1);
    if (fromEnv || word?.dynamic || /^core\.hookspath$/i.test(setting.slice(0, eq)))
      return matchOf(GIT_RULES.configCommand);
    const inner = ctx.analyseText(value.replace(/^!/, ""));
    if (inner) return inner;
  }
  const sub = args[i]?.text ?? "";
  const rest = args.slice(i + 1);
  const texts = rest.map((word) => word.text);
  switch (sub) {
    case "reset":
      return hasOption(readOptions(rest, GIT_RESET_OPTIONS), "hard")
        ? matchOf(GIT_RULES.resetHard)
        : null;
    case "push": {
      const flags = parseFlags(rest, {
        shortWithValue: "o",
        longWithValue: ["repo", "receive-pack", "exec", "push-option"],
      });
      // `--dry-run` (`-n`) only reports what a push would do.
      if (flags.short.has("n") || hasLong(flags, "dry-run", 3)) return null;
      if (
        flags.short.has("f") ||
        hasLong(flags, "force", 4) ||
        hasLong(flags, "force-with-lease", 7) ||
        hasLong(flags, "force-if-includes", 7)
      )
        return matchOf(GIT_RULES.forcePush);
      if (flags.operands.slice(1).some((word) => word.text.startsWith("+")))
        return matchOf(GIT_RULES.forcePush);
      if (
        flags.short.has("d") ||
        hasLong(flags, "delete", 3) ||
        hasLong(flags, "mirror", 3) ||
        hasLong(flags, "prune", 3)
      )
        return matchOf(GIT_RULES.deleteRemote);
      if (flags.operands.slice(1).some((word) => /^:[^:]/.test(word.text)))
        return matchOf(GIT_RULES.deleteRemote);
      // Refspecs built at run time from a list of refs, or rewritten into `:ref`/`+ref`
      // (`git push origin $(git branch -r | sed 's#origin/#:#')`): deletions or forced updates
      // of many refs. `$(git branch --show-current)` names one branch and stays allowed.
      return flags.operands.slice(1).some(builtRefspecs) ? matchOf(GIT_RULES.deleteRemote) : null;
    }
    case "clean": {
      const flags = parseFlags(rest, { shortWithValue: "e", longWithValue: ["exclude"] });
      if (flags.short.has("n") || hasLong(flags, "dry-run", 3)) return null;
      return flags.short.has("f") || hasLong(flags, "force", 3) ? matchOf(GIT_RULES.clean) : null;
    }
    case "branch": {
      const flags = parseFlags(rest);
      const del = flags.short.has("d") || hasLong(flags, "delete", 3);
      const force = flags.short.has("f") || hasLong(flags, "force", 3);
      if (flags.short.has("D") || (del && force)) return matchOf(GIT_RULES.branchDelete);
      // `branch -f main HEAD~3`, `branch -m -f dev main`: an existing branch moved or
      // overwritten; the commits only it reached are left behind. (`branch -M main`, the
      // usual rename of a new repository's first branch, stays allowed.)
      return force && flags.operands.length > 0 ? matchOf(GIT_RULES.history) : null;
    }
    case "tag": {
      // `tag -f v1.0 HEAD~1`: a published release tag moved to another commit.
      const flags = parseFlags(rest, { shortWithValue: "mFu", longWithValue: ["message", "file"] });
      return (flags.short.has("f") || hasLong(flags, "force", 3)) && flags.operands.length > 0
        ? matchOf(GIT_RULES.history)
        : null;
    }
    case "checkout":
    case "restore": {
      const flags = parseFlags(rest, { shortWithValue: "sbB", longWithValue: ["source"] });
      if (
        sub === "restore" &&
        (flags.short.has("S") || hasLong(flags, "staged", 3)) &&
        !(flags.short.has("W") || hasLong(flags, "worktree", 3))
      )
        return null;
      if (
        sub === "checkout" &&
        (flags.short.has("f") || hasLong(flags, "force", 3)) &&
        !flags.short.has("b") &&
        !flags.short.has("B")
      )
        return matchOf(GIT_RULES.discard);
      // `checkout -B main origin/main~5`: the branch is reset wherever it pointed before.
      if (sub === "checkout" && flags.short.has("B")) return matchOf(GIT_RULES.history);
      return flags.operands.some((word) => /^(?:\.|\.\/|:\/|\*|:\/:?)$/.test(word.text)) &&
        (sub === "restore" || texts.includes("--") || texts.includes("."))
        ? matchOf(GIT_RULES.discard)
        : null;
    }
    case "stash":
      // A dropped or cleared stash is uncommitted work with no branch pointing at it.
      return texts[0] === "clear" || texts[0] === "drop" ? matchOf(GIT_RULES.discard) : null;
    case "worktree":
      // `worktree remove --force` deletes a worktree with its uncommitted changes.
      return texts[0] === "remove" &&
        texts.slice(1).some((text) => /^(?:-f+|--force|--forc?|--fo)$/.test(text))
        ? matchOf(GIT_RULES.discard)
        : null;
    case "switch": {
      const flags = parseFlags(rest, {
        shortWithValue: "cC",
        longWithValue: ["create", "force-create"],
      });
      // `switch -C main HEAD~2`: an existing branch is reset to the start point.
      if (flags.short.has("C") || hasLong(flags, "force-create", 7))
        return matchOf(GIT_RULES.history);
      return flags.short.has("f") ||
        hasLong(flags, "force", 3) ||
        hasLong(flags, "discard-changes", 3)
        ? matchOf(GIT_RULES.discard)
        : null;
    }
    case "rebase":
      // Rewriting from the root commit replaces every commit of the branch.
      return texts.includes("--root") ? matchOf(GIT_RULES.history) : null;
    case "prune":
      return texts.some((text) => /^--expire(?:=|$)/.test(text))
        ? matchOf(GIT_RULES.history)
        : null;
    case "filter-branch":
    case "filter-repo":
      return matchOf(GIT_RULES.history);
    case "reflog":
      return texts[0] === "expire" || texts[0] === "delete" ? matchOf(GIT_RULES.history) : null;
    case "update-ref": {
      // Deleting a ref, or pointing a branch or tag at another commit, from outside git's
      // branch commands (no reflog check, no upstream check).
      const operands = texts.filter((text) => !text.startsWith("-"));
      return texts.includes("-d") || texts.includes("--stdin") || operands.length >= 2
        ? matchOf(GIT_RULES.history)
        : null;
    }
    case "gc":
      return texts.some((text) => /^--prune=(?:now|all)/.test(text))
        ? matchOf(GIT_RULES.history)
        : null;
    default:
      return null;
  }
};

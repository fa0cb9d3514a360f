// Changes to the user's own environment that outlive the task: the login shell (`chsh -s`),
// the user's default ssh identity regenerated over the existing one (`ssh-keygen -f
// ~/.ssh/id_ed25519 <<< y`), code-host CLI aliases that store a shell command run later
// (`gh alias set --shell deploy 'curl ... | sh'`, `glab alias set`), and variables exported
// for the rest of the session that name a command programs run (`export LESSOPEN='|...'`,
// `export GIT_SSH_COMMAND=...`).
import { readOptions, staticWord, type ResolvedCommand, type Word } from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { commandVariableMatch } from "./option-exec-rules.js";
import { SYSTEM_RULES } from "./system-rules.js";
import { WRITE_RULES } from "./write-rules.js";

type Match = DangerousCommandMatch | null;

/** `chsh -s /bin/zsh`, `chsh alice`: the login shell of an account changed. */
function loginShell(cmd: ResolvedCommand): Match {
  if (cmd.name !== "chsh" && cmd.name !== "lchsh") return null;
  const read = readOptions(cmd.args, { shortWithValue: "s", longWithValue: ["shell"] });
  // `chsh -l` only lists the shells.
  if (read.options.some((o) => o.name === "l" || o.name === "list-shells")) return null;
  return read.options.length > 0 || read.operands.length > 0
    ? matchOf(SYSTEM_RULES.accounts)
    : null;
}

// The default identity files ssh offers to every host.
const DEFAULT_IDENTITY =
  /^(?:~|\/root|\/home\/[^/]+|\/Users\/[^/]+)\/\.ssh\/id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?$/;
// ssh-keygen modes that read, list, convert, re-protect a key or manage known hosts.
const KEYGEN_READ_MODES = /^[lyRFHKYeiBQkDrGMATLOpc]$/;

/** `ssh-keygen -t ed25519 -f ~/.ssh/id_ed25519 <<< y`: the user's own key replaced. */
function identityOverwrite(cmd: ResolvedCommand): Match {
  if (cmd.name !== "ssh-keygen") return null;
  const read = readOptions(cmd.args, {
    short: "qvlyRHcpeiBDkQLAUgTu",
    shortWithValue: "fNtbCmnOsIVzZaEPFrMSYw",
  });
  if (read.options.some((o) => KEYGEN_READ_MODES.test(o.name))) return null;
  const file = read.options.find((o) => o.name === "f")?.value ?? null;
  return file !== null && DEFAULT_IDENTITY.test(file) ? matchOf(WRITE_RULES.credential) : null;
}

/** `gh alias set NAME EXPANSION`: a shell alias (`--shell`, `!cmd`) is a stored command. */
function storedAlias(cmd: ResolvedCommand, ctx: RuleContext): Match {
  if (cmd.name !== "gh" && cmd.name !== "glab") return null;
  const read = readOptions(cmd.args, { shortWithValue: "R", longWithValue: ["repo", "clobber"] });
  const ops = read.operands;
  if (ops[0]?.text !== "alias" || ops[1]?.text !== "set") return null;
  const expansion = ops[3];
  if (expansion === undefined) return null;
  const shell = read.options.some((o) => o.name === "s" || o.name === "shell");
  if (expansion.dynamic) return ctx.analyseCommand(synthetic([staticWord("eval"), expansion]));
  if (shell || expansion.text.startsWith("!"))
    return ctx.analyseText(expansion.text.replace(/^!/, ""));
  // An ordinary alias expands to a command of the same CLI.
  return ctx.analyseText(`${cmd.name} ${expansion.text}`);
}

function synthetic(words: readonly Word[]) {
  return { assignments: [], words, redirects: [], upstream: [] };
}

/** `export LESSOPEN='|...'`: a command variable set for every later command of the session. */
function exportedCommandVariable(cmd: ResolvedCommand, ctx: RuleContext): Match {
  if (cmd.name !== "export" && cmd.name !== "declare" && cmd.name !== "typeset") return null;
  let found: Match = null;
  for (const word of cmd.args) {
    const eq = word.text.indexOf("=");
    if (eq <= 0 || word.text.startsWith("-")) continue;
    const value = { ...word, text: word.text.slice(eq + 1) };
    const match = commandVariableMatch(word.text.slice(0, eq), value, ctx);
    if (match?.hardline) return match;
    found ??= match;
  }
  return found;
}

/** User-environment rules for one layer. */
export const userEnvironmentRules: CommandRule = (cmd, ctx) =>
  loginShell(cmd) ??
  identityOverwrite(cmd) ??
  storedAlias(cmd, ctx) ??
  exportedCommandVariable(cmd, ctx);

// Searches whose results are credentials, printed into the transcript: private keys found and
// printed (`find / -name id_rsa | xargs cat`, `find ~ -name '*.pem' -exec cat {} +`), shell
// histories searched for passwords and tokens, the environment filtered for secrets (`env |
// grep -i token`), and whole trees of the home directory or the system searched for them
// (`grep -r password /etc`, `rg -n API_KEY ~`). A search inside the project stays allowed.
import { commandBaseName, isSimple, type ResolvedCommand, type Stage } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { EXEC_RULES } from "./exec-rules.js";

type Match = DangerousCommandMatch | null;

// `find -name` patterns that name private keys and credential files.
const KEY_NAMES =
  /id_(?:rsa|dsa|ecdsa|ed25519)(?!\.pub)|\*?\.(?:pem|key|p12|pfx|kdbx|keystore|jks|ppk|asc|gpg)\b|\.env\b|credentials|\.netrc|\.pgpass|\.git-credentials|\.npmrc|\.pypirc|secrets?\.|wallet\.dat|private/i;
// Programs that print what they are given.
const PRINTERS =
  /^(?:cat|less|more|head|tail|strings|base64|xxd|od|hexdump|bat|batcat|nl|tac|tar|zip|cp|scp|rsync|curl|nc|ncat)$/;
const FINDERS = /^(?:find|gfind|fd|fdfind|locate|plocate|mlocate|rg|grep)$/;

function namesKeys(stage: Stage): boolean {
  if (!isSimple(stage)) return stage.commands.some(namesKeys);
  const name = commandBaseName(stage.words[0]?.text ?? "");
  if (!FINDERS.test(name)) return false;
  return stage.words
    .slice(1)
    .some((word) => !word.text.startsWith("-") && KEY_NAMES.test(word.text));
}

/** `find / -name id_rsa | xargs cat`, `find ~ -name '*.pem' -exec cat {} +`. */
function printedKeySearch(cmd: ResolvedCommand): Match {
  if (cmd.name === "find" || cmd.name === "gfind") {
    const texts = cmd.args.map((word) => word.text);
    const exec = texts.findIndex((text) => /^-(?:exec|execdir|ok|okdir)$/.test(text));
    if (exec < 0) return null;
    const program = commandBaseName(texts[exec + 1] ?? "");
    return PRINTERS.test(program) &&
      texts
        .slice(0, exec)
        .some(
          (text, i) =>
            /^-i?(?:name|path|wholename|regex)$/.test(texts[i - 1] ?? "") && KEY_NAMES.test(text),
        )
      ? matchOf(EXEC_RULES.credentialRead)
      : null;
  }
  if (!cmd.argsFromInput || !PRINTERS.test(cmd.name)) return null;
  return cmd.source.upstream.some(namesKeys) ? matchOf(EXEC_RULES.credentialRead) : null;
}

const HISTORY_FILE =
  /(?:^|\/)\.(?:bash_history|zsh_history|zhistory|history|sh_history|python_history|psql_history|mysql_history|node_repl_history|sqlite_history|local\/share\/fish\/fish_history)$/;
// Words that name secrets, and the shapes of well-known token formats (AWS access key ids,
// OpenAI/Stripe `sk-`/`sk_live_` keys, GitHub, GitLab and Slack tokens, Google API keys, PEM
// private-key headers, JWTs).
const SECRET_WORDS =
  /pass|token|secret|key|auth|credential|bearer|aws_|api|akia|asia|\bsk[-_]|gh[pousr]_|github_pat|glpat-|xox[abprs]-|aiza|private|cookie|session|jwt|eyj|hooks\.slack/i;
const GREPS = /^(?:grep|egrep|fgrep|rg|ag|ack|awk|gawk|sed)$/;
const ENVIRONMENT_PRINTERS = /^(?:env|printenv|set|export|declare|typeset|compgen)$/;
// Trees whose files hold other programs' and the system's credentials.
const SECRET_TREES =
  /^(?:~|\$HOME|\/|\/etc|\/home|\/root|\/Users|\/var|\/opt|\/srv|~\/\.[^/]+)\/?$/;
const SEARCHERS =
  /^(?:grep|egrep|fgrep|rg|ag|ack|awk|gawk|sed|strings|cat|less|tail|head|sort|uniq)$/;

/** `grep -i password ~/.bash_history`, `cat ~/.zsh_history | grep token`. */
function historySearch(cmd: ResolvedCommand): Match {
  if (!SEARCHERS.test(cmd.name)) return null;
  const texts = cmd.args.map((word) => word.text);
  const history = texts.some((text) => HISTORY_FILE.test(text));
  if (history && texts.some((text) => !HISTORY_FILE.test(text) && SECRET_WORDS.test(text)))
    return matchOf(EXEC_RULES.credentialRead);
  // `cat ~/.bash_history | grep -i token`, `history | grep pass`.
  if (
    /^(?:grep|egrep|fgrep|rg|ag|ack|awk|gawk|sed)$/.test(cmd.name) &&
    texts.some((text) => SECRET_WORDS.test(text)) &&
    cmd.source.upstream.some(
      (stage) =>
        isSimple(stage) &&
        (commandBaseName(stage.words[0]?.text ?? "") === "history" ||
          stage.words.some((word) => HISTORY_FILE.test(word.text))),
    )
  )
    return matchOf(EXEC_RULES.credentialRead);
  return null;
}

/** The first stage name of a pipeline stage, or "". */
function stageProgram(stage: Stage): string {
  return isSimple(stage) ? commandBaseName(stage.words[0]?.text ?? "") : "";
}

/** `env | grep -i token`, `grep -r password /etc`, `rg -n API_KEY ~`. */
function secretGrep(cmd: ResolvedCommand): Match {
  if (!GREPS.test(cmd.name)) return null;
  const texts = cmd.args.map((word) => word.text);
  // Words after `--` are operands even when they start with `-` (`-- '-----BEGIN ...'`).
  const end = texts.indexOf("--");
  const operand = (text: string, i: number) => (end >= 0 && i > end) || !text.startsWith("-");
  if (!texts.some((text, i) => operand(text, i) && SECRET_WORDS.test(text))) return null;
  if (cmd.source.upstream.some((stage) => ENVIRONMENT_PRINTERS.test(stageProgram(stage))))
    return matchOf(EXEC_RULES.credentialRead);
  const recursive =
    cmd.name === "rg" ||
    cmd.name === "ag" ||
    cmd.name === "ack" ||
    texts.some((text) => /^-[a-zA-Z]*[rR]|^--(?:recursive|dereference-recursive)$/.test(text));
  return recursive && texts.some((text) => SECRET_TREES.test(text))
    ? matchOf(EXEC_RULES.credentialRead)
    : null;
}

/**
 * `find / -name id_rsa -o -name '*.pem'`, `fd -H id_ed25519 ~`, `locate '*.kdbx'`: where the
 * keys of the whole machine or home are is reconnaissance for taking them.
 */
function keyHunt(cmd: ResolvedCommand): Match {
  if (!FINDERS.test(cmd.name) || cmd.name === "grep" || cmd.name === "rg") return null;
  const texts = cmd.args.map((word) => word.text);
  const names = texts.filter(
    (text, i) =>
      KEY_NAMES.test(text) &&
      (cmd.name !== "find" && cmd.name !== "gfind"
        ? !text.startsWith("-")
        : /^-i?(?:name|path|wholename|regex)$/.test(texts[i - 1] ?? "")),
  );
  if (names.length === 0) return null;
  const wide =
    /locate$/.test(cmd.name) ||
    texts.some((text) => !text.startsWith("-") && SECRET_TREES.test(text));
  return wide ? matchOf(EXEC_RULES.credentialRead) : null;
}

// Programs whose output is a structured dump of stored secrets and the data around them.
const SECRET_DUMPS = new Set(
  "bw op lpass gopass keepassxc-cli vault bao terraform tofu terragrunt pulumi sops chamber".split(
    " ",
  ),
);
const FIELD_EXTRACTORS = /^(?:jq|gojq|jaq|yq|grep|egrep|rg|awk|gawk|sed|cut)$/;
const SECRET_FIELD = /pass(?:word|wd)?\b|secret|token|totp|private_?key|credential|api_?key/i;

/**
 * `bw list items | jq -r '.[].login.password'`, `terraform state pull | jq '... .secret'`: the
 * secret fields picked out of a vault's or a state file's dump and printed.
 */
function secretFieldExtraction(cmd: ResolvedCommand): Match {
  if (!FIELD_EXTRACTORS.test(cmd.name)) return null;
  if (!cmd.args.some((word) => !word.text.startsWith("-") && SECRET_FIELD.test(word.text)))
    return null;
  return cmd.source.upstream.some((stage) => SECRET_DUMPS.has(stageProgram(stage)))
    ? matchOf(EXEC_RULES.credentialRead)
    : null;
}

/** Credential-search rules for one layer. */
export const credentialSearchRules: CommandRule = (cmd) =>
  printedKeySearch(cmd) ??
  historySearch(cmd) ??
  secretGrep(cmd) ??
  keyHunt(cmd) ??
  secretFieldExtraction(cmd);

// Build tools and clients that run code or hand over credentials in ways their names hide:
// `mvn exec:exec -Dexec.executable=sh -Dexec.args="-c '...'"` (the build runs any program; a
// shell's payload is judged as shell), `ssh -A` / `ForwardAgent=yes` (the remote host can use
// every key in the local agent while the session lasts), a search for private keys whose results
// are printed (`find / -name id_rsa | xargs cat`, `find ~ -name '*.pem' -exec cat {} +`), and
// shell histories searched for passwords and tokens.
import {
  readOptions,
  type OptionTable,
  type ResolvedCommand,
  type Stage,
  isSimple,
  commandBaseName,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { EXEC_RULES } from "./exec-rules.js";

type Match = DangerousCommandMatch | null;

/** Rules about build tools and clients that run code or pass credentials on. */
export const TOOLCHAIN_RULES: Readonly<Record<"buildExec" | "agentForward", RuleInfo>> = {
  buildExec: rule(
    "build-tool-runs-program",
    "build tool told to run a shell or interpreter with code given on the command line",
  ),
  agentForward: rule(
    "ssh-agent-forwarding",
    "ssh agent forwarded to a remote host (it can sign with every loaded key while connected)",
  ),
} as const;

const SHELLS_AND_INTERPRETERS =
  /^(?:(?:ba|da|z|k|mk|c|tc|fi)?sh|busybox|python\d*(?:\.\d+)?|perl|ruby|node|php|pwsh|powershell|cmd(?:\.exe)?|bun|deno|lua|osascript)$/i;

// The exec plugin's `exec` goal, by prefix or full coordinates, with an optional execution id.
const EXEC_GOAL = /^(?:exec|[\w.-]+:exec-maven-plugin(?::[\w.-]+)?):exec(?:@[\w.-]+)?$/;

/** `-Dexec.executable=sh -Dexec.args="-c '...'"`: maven's exec plugin running a program. */
function mavenExec(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const props = new Map<string, string>();
  const texts = cmd.args.map((word) => word.text);
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] ?? "";
    const define = /^(?:-D|--define=?)(.*)$/.exec(text);
    if (define === null) continue;
    const body = define[1] === "" ? (texts[++i] ?? "") : (define[1] ?? "");
    const eq = body.indexOf("=");
    if (eq > 0) props.set(body.slice(0, eq), body.slice(eq + 1));
  }
  if (!texts.some((text) => EXEC_GOAL.test(text))) return null;
  const executable = props.get("exec.executable");
  if (executable === undefined) return null;
  const args = props.get("exec.args") ?? "";
  const found = ctx.analyseText(`${executable} ${args}`);
  if (found !== null) return found;
  const program = executable.slice(executable.lastIndexOf("/") + 1);
  return SHELLS_AND_INTERPRETERS.test(program) ? matchOf(TOOLCHAIN_RULES.buildExec) : null;
}

const SSH: OptionTable = {
  shortWithValue: "BbcDEeFIiJLlmOopQRSWw",
  long: [],
};

/** `ssh -A host`, `ssh -o ForwardAgent=yes host`. */
function agentForwarding(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, { ...SSH, posix: true });
  const forward =
    read.options.some((o) => o.name === "A") ||
    read.options.some(
      (o) => o.name === "o" && /^forwardagent\s*[= ]\s*(?:yes|true)$/i.test((o.value ?? "").trim()),
    );
  return forward && read.operands.length > 0 ? matchOf(TOOLCHAIN_RULES.agentForward) : null;
}

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
const SECRET_WORDS = /pass|token|secret|key|auth|credential|bearer|aws_|api/i;
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

/** Build-tool, ssh and credential-search rules for one layer. */
export const toolchainRules: CommandRule = (cmd, ctx) => {
  switch (cmd.name) {
    case "mvn":
    case "mvnw":
      return mavenExec(cmd, ctx);
    case "ssh":
      return agentForwarding(cmd);
    default:
      return printedKeySearch(cmd) ?? historySearch(cmd);
  }
};

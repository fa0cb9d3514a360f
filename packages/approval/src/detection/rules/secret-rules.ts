import { matchOf, type CommandRule } from "../rule-context.js";
import { isSimple } from "@hermes-agent/shell";
import { EXEC_RULES, stageName } from "./exec-rules.js";

const SECRET_FILE =
  /(?:^|[/~])(?:\.ssh(?:\/(?:id_[^/]*|authorized_keys))?\/?|\.aws(?:\/credentials)?\/?|\.netrc|\.pgpass|\.kube\/config|\.docker\/config\.json|\.git-credentials|\.hermes\/\.env|\.gnupg(?:\/.*)?|etc\/shadow)$/;
// Private keys and credential stores whose contents should not be printed into a transcript.
const PRIVATE_FILE =
  /(?:^|[/~])(?:\.ssh\/id_(?!.*\.pub$)[^/]+|\.aws\/credentials|\.netrc|\.pgpass|\.git-credentials|\.gnupg\/private-keys[^/]*\/.*|etc\/shadow|etc\/gshadow)$/;
const READERS = /^(?:cat|less|more|head|tail|base64|xxd|od|hexdump|strings|bat|batcat|nl|tac)$/;
const UPLOADERS = /^(?:curl|wget|nc|ncat|netcat|socat|scp|sftp|rsync|http|xh|ftp)$/;

const exfiltration: CommandRule = (cmd) => {
  if (!UPLOADERS.test(cmd.name)) return null;
  for (const word of cmd.args) {
    const path = word.text.replace(
      /^(?:[\w-]*=)?@|^--(?:data[\w-]*|upload-file|post-file|body-file)=@?/,
      "",
    );
    if (SECRET_FILE.test(path)) return matchOf(EXEC_RULES.exfiltration);
  }
  for (const stage of cmd.source.upstream) {
    if (!isSimple(stage)) continue;
    if (stage.words.some((word, i) => i > 0 && SECRET_FILE.test(word.text)))
      return matchOf(EXEC_RULES.exfiltration);
    if (/^(?:env|printenv|set|export|declare)$/.test(stageName(stage)) && stage.words.length <= 2)
      return matchOf(EXEC_RULES.exfiltration);
  }
  for (const redirect of cmd.source.redirects) {
    if (redirect.op === "<" && redirect.target && SECRET_FILE.test(redirect.target.text))
      return matchOf(EXEC_RULES.exfiltration);
  }
  return null;
};

const credentialRead: CommandRule = (cmd) =>
  READERS.test(cmd.name) && cmd.args.some((word) => PRIVATE_FILE.test(word.text))
    ? matchOf(EXEC_RULES.credentialRead)
    : null;

/** Secret exfiltration and disclosure rules. */
export const secretRules: CommandRule = (cmd, ctx) =>
  exfiltration(cmd, ctx) ?? credentialRead(cmd, ctx);

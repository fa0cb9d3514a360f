// A secret held in an environment variable printed into the transcript: `echo "$OPENAI_API_KEY"`,
// `printenv GITHUB_TOKEN`, `printf '%s' "$DB_PASSWORD" | base64`, `cat <<< "$NPM_TOKEN"`,
// `declare -p AWS_SECRET_ACCESS_KEY`. The output of the last stage of a pipeline is what the
// model and the logs see, so a secret passed only through programs that re-encode or reshape
// text (`base64`, `rev`, `tr`, `xxd`) is printed all the same. A secret piped into a program
// that consumes it (`echo "$TOKEN" | docker login --password-stdin`), or written to a file,
// is not printed. Sending it off the machine is judged by the exfiltration rules.
import { isSecretEnvName } from "@hermes-agent/core";
import type { Script, SimpleCommand, Word } from "@hermes-agent/shell";
import { matchOf } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { EXEC_RULES, stageName } from "./exec-rules.js";

// Names that contain a secret-looking part but hold no secret.
const NOT_SECRET = /^SSH_AUTH_SOCK$|AUTHOR|PUBLIC|_FILE$|_PATH$|_DIR$|_URL_?BASE$|KEYMAP|XKB/i;
// Programs whose output still carries their input, reshaped or re-encoded.
const PASS_THROUGH = new Set(
  (
    "cat base64 base32 basenc xxd od hexdump rev tac tr sed awk gawk mawk cut fold head tail tee " +
    "sort uniq column nl paste iconv strings fmt pr expand unexpand dos2unix jq yq xargs echo"
  ).split(" "),
);
const JSON_QUERY = new Set(["jq", "gojq", "jaq", "yq"]);
// An environment variable read inside a jq or yq filter, by name.
const ENV_LOOKUP = /(?:\$ENV|\benv)\s*(?:\.\s*|\[\s*")(\w+)|\b(?:str)?env\s*\(\s*"?(\w+)/g;
const FILE_REDIRECT = new Set([">", ">>", ">|", "&>", "&>>"]);
// Targets that are the terminal, not a file.
const TERMINAL_TARGET = /^(?:\/dev\/(?:stdout|stderr|tty|fd\/[12]|pts\/\d+)|[12])$/;

/** True when a variable name says it holds a secret. */
export function isSecretVariable(name: string): boolean {
  return isSecretEnvName(name) && !NOT_SECRET.test(name);
}

function holdsSecret(word: Word): boolean {
  return (word.variables ?? []).some(isSecretVariable);
}

/** True when the command writes the value of a secret variable to its standard output. */
function printsSecretVariable(cmd: SimpleCommand): boolean {
  const name = stageName(cmd);
  const args = cmd.words.slice(1);
  if (name === "echo" || name === "printf") {
    // `printf -v name ...` stores the text in a variable instead.
    if (name === "printf" && args[0]?.text === "-v") return false;
    return args.some(holdsSecret);
  }
  if (name === "printenv") return args.some((word) => !word.dynamic && isSecretVariable(word.text));
  if (name === "declare" || name === "typeset" || name === "export")
    return (
      args.some((word) => /^-\w*p/.test(word.text)) &&
      args.some((word) => !word.text.startsWith("-") && isSecretVariable(word.text))
    );
  // `jq -n env.GITHUB_TOKEN`, `jq -rn '$ENV.API_KEY'`, `yq -n 'strenv(DB_PASSWORD)'`.
  if (JSON_QUERY.has(name))
    return args.some((word) => {
      for (const m of word.text.matchAll(ENV_LOOKUP))
        if (isSecretVariable(m[1] ?? m[2] ?? "")) return true;
      return false;
    });
  // `cat <<< "$TOKEN"`, `base64 <<< "$KEY"`.
  return (
    PASS_THROUGH.has(name) &&
    cmd.redirects.some((r) => r.op === "<<<" && r.target !== null && holdsSecret(r.target))
  );
}

/** True when the command's standard output goes to a file instead of the transcript. */
function outputToFile(cmd: SimpleCommand): boolean {
  return cmd.redirects.some(
    (r) =>
      FILE_REDIRECT.has(r.op) &&
      (r.fd === null || r.fd === "1") &&
      r.target !== null &&
      !TERMINAL_TARGET.test(r.target.text),
  );
}

/** True when what `cmd` prints reaches the transcript (through re-encoding stages at most). */
function reachesTranscript(script: Script, cmd: SimpleCommand): boolean {
  if (outputToFile(cmd)) return false;
  let last = cmd;
  for (const later of script.commands) {
    if (!later.upstream.includes(cmd)) continue;
    if (!PASS_THROUGH.has(stageName(later))) return false;
    if (later.upstream.length > last.upstream.length) last = later;
  }
  return last === cmd || !outputToFile(last);
}

/** A secret variable printed to the transcript anywhere in the script, or null. */
export function printedSecretMatch(script: Script): DangerousCommandMatch | null {
  for (const cmd of script.commands)
    if (printsSecretVariable(cmd) && reachesTranscript(script, cmd))
      return matchOf(EXEC_RULES.credentialRead);
  return null;
}

// Cloud CLIs that run a command on the provider's machines: `aws ssm send-command`, `aws ecs
// execute-command --command`, `az vm run-command invoke --scripts`, `gcloud compute ssh
// --command` (or `-- CMD`), startup scripts set in instance metadata, `doctl compute ssh
// --ssh-command`. A payload given inline is analysed as the command it is; one that cannot be
// read here (a file, a fleet document, a value only known at run time) is held.
import { readOptions, type ResolvedCommand, type Word } from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { AWS_OPTIONS, GCLOUD_OPTIONS } from "./cloud-cli-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";

type Match = DangerousCommandMatch | null;

const unreadable = (): Match => matchOf(OPS_CLI_RULES.remoteCommand);

/** Analyse payload text, or hold it when it names a file or is only known at run time. */
function payload(text: string, word: Word | null, ctx: RuleContext): Match {
  if (word?.dynamic === true || /^(?:file|fileb):\/\/|^@/.test(text)) return unreadable();
  return text.trim() === "" ? null : ctx.analyseText(text);
}

/** The command strings of SSM `--parameters` (`commands=...`, JSON, or `commands=["a","b"]`). */
function ssmCommands(text: string): string | null {
  const body = text.replace(/^commands=/, "");
  if (/^[[{]/.test(body)) {
    try {
      const parsed: unknown = JSON.parse(body);
      const list = Array.isArray(parsed)
        ? parsed
        : (parsed as { commands?: unknown } | null)?.commands;
      if (Array.isArray(list)) return list.map(String).join("\n");
    } catch {
      return null;
    }
    return null;
  }
  return body;
}

function valueWord(cmd: ResolvedCommand, names: readonly string[]): Word | null {
  const read = readOptions(cmd.args, { longWithValue: names });
  return read.options.find((o) => names.includes(o.name))?.valueWord ?? null;
}

function valueText(word: Word | null, name: string): string {
  const text = word?.text ?? "";
  return text.startsWith(`--${name}=`) ? text.slice(name.length + 3) : text;
}

function aws(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const ops = readOptions(cmd.args, AWS_OPTIONS).operands.map((word) => word.text);
  const action = `${ops[0] ?? ""} ${ops[1] ?? ""}`;
  if (action === "ssm send-command") {
    const word = valueWord(cmd, ["parameters"]);
    if (word === null) return unreadable();
    const text = valueText(word, "parameters");
    if (/^(?:file|fileb):\/\//.test(text) || word.dynamic) return unreadable();
    const commands = ssmCommands(text);
    return commands === null ? unreadable() : payload(commands, null, ctx);
  }
  if (action === "ecs execute-command") {
    const word = valueWord(cmd, ["command"]);
    return word === null ? null : payload(valueText(word, "command"), word, ctx);
  }
  return null;
}

/** `--scripts a b c` takes every word up to the next option. */
function scriptWords(args: readonly Word[]): Word[] | null {
  const at = args.findIndex(
    (word) => word.text === "--scripts" || word.text.startsWith("--scripts="),
  );
  if (at < 0) return null;
  const first = args[at] as Word;
  if (first.text.startsWith("--scripts=")) return [{ ...first, text: first.text.slice(10) }];
  const words: Word[] = [];
  for (const word of args.slice(at + 1)) {
    if (word.text.startsWith("--")) break;
    words.push(word);
  }
  return words;
}

function az(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const texts = cmd.args.map((word) => word.text);
  if (!texts.includes("run-command")) return null;
  const words = scriptWords(cmd.args);
  if (words === null) return null;
  if (words.some((word) => word.dynamic || word.text.startsWith("@"))) return unreadable();
  return payload(words.map((word) => word.text).join("\n"), null, ctx);
}

const STARTUP = /(?:^|,)(?:startup-script|windows-startup-script-\w+|user-data)=(.*)$/s;
const STARTUP_FILE = /(?:^|,)(?:startup-script|windows-startup-script-\w+|user-data)=/;

function gcloud(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, {
    ...GCLOUD_OPTIONS,
    longWithValue: [
      ...(GCLOUD_OPTIONS.longWithValue ?? []),
      "command",
      "metadata",
      "metadata-from-file",
    ],
  });
  const ops = read.operands.map((word) => word.text);
  if (ops[0] !== "compute") return null;
  for (const option of read.options) {
    const value = option.value ?? "";
    if (option.name === "command") return payload(value, option.valueWord, ctx);
    if (option.name === "metadata-from-file" && STARTUP_FILE.test(value)) return unreadable();
    if (option.name === "metadata") {
      const script = STARTUP.exec(value);
      if (script !== null) return payload(script[1] ?? "", option.valueWord, ctx);
    }
  }
  // `gcloud compute ssh vm -- CMD`
  const dashes = cmd.args.findIndex((word) => word.text === "--");
  if (ops[1] === "ssh" && dashes >= 0) {
    const rest = cmd.args.slice(dashes + 1);
    if (rest.some((word) => word.dynamic)) return unreadable();
    return payload(rest.map((word) => word.text).join(" "), null, ctx);
  }
  return null;
}

function doctl(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const word = valueWord(cmd, ["ssh-command", "user-data"]);
  if (word === null) return null;
  return payload(word.text.replace(/^--(?:ssh-command|user-data)=/, ""), word, ctx);
}

/** Cloud remote-command rules dispatched by command name. */
export const cloudRemoteExecRules: CommandRule = (cmd, ctx) => {
  switch (cmd.name) {
    case "aws":
      return aws(cmd, ctx);
    case "az":
      return az(cmd, ctx);
    case "gcloud":
      return gcloud(cmd, ctx);
    case "doctl":
      return doctl(cmd, ctx);
    default:
      return null;
  }
};

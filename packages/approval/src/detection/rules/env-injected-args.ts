// Options handed to a tool through its environment rather than its command line: Terraform and
// OpenTofu add `TF_CLI_ARGS` to every command and `TF_CLI_ARGS_<name>` to the named one
// (`TF_CLI_ARGS_apply='-destroy -auto-approve' terraform apply` destroys everything). The
// command is judged again with those words put where the tool puts them; a value only known at
// run time is read as the most dangerous words it could hold.
import { staticWord, type ResolvedCommand, type Word } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { PLATFORM_RULES } from "./platform-rules.js";

const TERRAFORM = /^(?:terraform|tofu|terragrunt)$/;
const ARGS_VARIABLE = /^TF_CLI_ARGS(?:_([\w-]+))?$/;

/** The words a `TF_CLI_ARGS*` assignment adds for this subcommand, or null when none apply. */
function injected(cmd: ResolvedCommand, subcommand: string): Word[] | null | "unknown" {
  const words: Word[] = [];
  for (const { name, value } of cmd.source.assignments) {
    const found = ARGS_VARIABLE.exec(name);
    if (found === null) continue;
    const target = found[1];
    if (target !== undefined && target.replace(/_/g, " ") !== subcommand) continue;
    if (value.dynamic || value.substitutions.length > 0) return "unknown";
    words.push(
      ...value.text
        .split(/\s+/)
        .filter((text) => text !== "")
        .map(staticWord),
    );
  }
  return words.length === 0 ? null : words;
}

/** Terraform run with arguments injected through `TF_CLI_ARGS` variables. */
export const envInjectedArgsRule: CommandRule = (cmd, ctx) => {
  if (!TERRAFORM.test(cmd.name) || cmd.source.assignments.length === 0) return null;
  const at = cmd.args.findIndex((word) => !word.text.startsWith("-"));
  if (at < 0) return null;
  const subcommand = cmd.args[at]?.text ?? "";
  const words = injected(cmd, subcommand);
  if (words === null) return null;
  // Unknown words for a command that changes infrastructure could be `-destroy -auto-approve`.
  if (words === "unknown")
    return /^(?:apply|destroy|import|state|taint|workspace|force-unlock)$/.test(subcommand)
      ? matchOf(PLATFORM_RULES.infraDestroy)
      : null;
  // Terraform inserts the variable's words right after the subcommand.
  return ctx.analyseCommand({
    assignments: [],
    words: [cmd.nameWord, ...cmd.args.slice(0, at + 1), ...words, ...cmd.args.slice(at + 1)],
    redirects: [],
    upstream: [],
  });
};

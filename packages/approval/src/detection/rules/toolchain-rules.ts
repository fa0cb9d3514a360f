// Build tools and clients that run code or hand over credentials in ways their names hide:
// `mvn exec:exec -Dexec.executable=sh -Dexec.args="-c '...'"` (the build runs any program; a
// shell's payload is judged as shell), and `ssh -A` / `ForwardAgent=yes` (the remote host can
// use every key in the local agent while the session lasts).
import { readOptions, type OptionTable, type ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import type { Language } from "./code-capabilities.js";
import { codeMatch } from "./interpreter-rules.js";

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

/** Build-tool and ssh rules for one layer. */
export const toolchainRules: CommandRule = (cmd, ctx) => {
  switch (cmd.name) {
    case "mvn":
    case "mvnw":
      return mavenExec(cmd, ctx);
    case "ssh":
      return agentForwarding(cmd);
    default:
      return frameworkRunnerRules(cmd, ctx);
  }
};

/** A framework's own code runner: where its code stands and the language it is in. */
interface CodeRunner {
  /** Operand words that select the runner (`runner` of `rails runner`, `shell` of manage.py). */
  readonly verbs: ReadonlySet<string>;
  /** Options whose value is the code; without any, the operand after the verb is. */
  readonly codeOptions?: ReadonlySet<string>;
  readonly language: Language;
}

const RUNNERS: ReadonlyMap<string, CodeRunner> = new Map<string, CodeRunner>([
  ["rails", { verbs: new Set(["runner", "r"]), language: "ruby" }],
  ["mix", { verbs: new Set(["run"]), codeOptions: new Set(["-e", "--eval"]), language: "elixir" }],
  [
    "manage.py",
    {
      verbs: new Set(["shell", "shell_plus"]),
      codeOptions: new Set(["-c", "--command"]),
      language: "python",
    },
  ],
  [
    "django-admin",
    { verbs: new Set(["shell"]), codeOptions: new Set(["-c", "--command"]), language: "python" },
  ],
  ["artisan", { verbs: new Set(["tinker"]), codeOptions: new Set(["--execute"]), language: "php" }],
  ["crystal", { verbs: new Set(["eval"]), language: "ruby" }],
  ["sage", { verbs: new Set([""]), codeOptions: new Set(["-c"]), language: "python" }],
]);

/** The code a runner is given, from its option or the operand after its verb; null if none. */
function runnerCode(texts: readonly string[], runner: CodeRunner): string | null {
  const verbAt = runner.verbs.has("") ? -1 : texts.findIndex((text) => runner.verbs.has(text));
  if (verbAt < 0 && !runner.verbs.has("")) return null;
  const rest = texts.slice(verbAt + 1);
  if (runner.codeOptions !== undefined) {
    for (let i = 0; i < rest.length; i++) {
      const text = rest[i] ?? "";
      const eq = text.indexOf("=");
      const name = eq < 0 ? text : text.slice(0, eq);
      if (runner.codeOptions.has(name)) return eq < 0 ? (rest[i + 1] ?? null) : text.slice(eq + 1);
    }
    return null;
  }
  return rest.find((text) => !text.startsWith("-")) ?? null;
}

/** `rails runner CODE`, `manage.py shell -c CODE`, `artisan tinker --execute=CODE`, `mix run -e CODE`. */
export const frameworkRunnerRules: CommandRule = (cmd, ctx) => {
  const texts = cmd.args.map((word) => word.text);
  // `python manage.py ...`, `php artisan ...`, `bin/rails ...`: the script names the runner.
  const script = /^(?:python\d*(?:\.\d+)?|php\d*)$/.test(cmd.name)
    ? (texts[0] ?? "").slice((texts[0] ?? "").lastIndexOf("/") + 1)
    : null;
  const runner = RUNNERS.get(script ?? cmd.name);
  if (runner === undefined) return null;
  const code = runnerCode(script === null ? texts : texts.slice(1), runner);
  return code === null ? null : codeMatch(code, runner.language, ctx);
};

// Build tools and clients that run code or hand over credentials in ways their names hide:
// `mvn exec:exec -Dexec.executable=sh -Dexec.args="-c '...'"` (the build runs any program; a
// shell's payload is judged as shell), and `ssh -A` / `ForwardAgent=yes` (the remote host can
// use every key in the local agent while the session lasts).
import { readOptions, type OptionTable, type ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";

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
      return null;
  }
};

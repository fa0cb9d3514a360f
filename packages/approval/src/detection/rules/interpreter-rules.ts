import { deleteScopeOf } from "../session-paths.js";
import { DYNAMIC, type ResolvedCommand, stageOutput } from "@hermes-agent/shell";
import { matchOf, type CommandRule, type RuleContext } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { readFirstArgument, readLiteralArgument, stringLiterals } from "./code-literals.js";
import { foldCode } from "./code-folding.js";
import { lispCommandLine } from "./lisp-forms.js";
import { CODE_FLAGS, DELETE_CALLS, SHELL_CALLS, languageOf } from "./interpreter-languages.js";
import { codeFileEffects } from "./code-file-effects.js";
import {
  CODE_SOURCE,
  FORK_LOOP,
  RUNTIME_EVAL,
  sendsEnvironment,
  spawnCallNames,
  type Language,
} from "./code-capabilities.js";
import { isPrivateSecretPath } from "../secret-paths.js";
import { stdinText, tclCommands } from "./tool-exec-rules.js";
import { EXEC_RULES, SHELLS, pipedCodeMatch, processSubstitutionMatch } from "./exec-rules.js";
import { DELETE_RULES } from "./delete-rules.js";
import { SCRIPT_RULES } from "../script-rules.js";
import { writeTargetMatch } from "./write-rules.js";
import { sqlMatch } from "./sql-rules.js";

/** Rules about interpreter one-liners. */
export const INTERPRETER_RULES: Readonly<
  Record<
    "shellOut" | "delete" | "kill" | "decodeExec" | "reverseShell" | "runtimeCode" | "exhaust",
    RuleInfo
  >
> = {
  shellOut: rule(
    "interpreter-dynamic-shell",
    "interpreter one-liner runs a shell command built at run time",
  ),
  delete: rule(
    "interpreter-delete",
    "interpreter one-liner deletes files outside the working tree",
  ),
  kill: rule("interpreter-kill", "interpreter one-liner sends signals to processes"),
  decodeExec: rule(
    "interpreter-decode-exec",
    "interpreter one-liner executes decoded or downloaded code",
  ),
  reverseShell: rule(
    "interpreter-reverse-shell",
    "interpreter one-liner connects a socket to a shell (possible reverse shell)",
  ),
  runtimeCode: rule(
    "interpreter-runtime-code",
    "interpreter evaluates code read at run time (stdin, input, a file or the network)",
  ),
  exhaust: rule(
    "interpreter-resource-exhaustion",
    "interpreter one-liner allocates memory or spawns work without bound",
  ),
} as const;

// An unbounded loop that keeps allocating large blocks: memory exhaustion.
const ENDLESS_LOOP =
  /\bwhile\s*\(?\s*(?:1|true|True)\b|\bfor\s*\(\s*;\s*;\s*\)|\biter\s*\(\s*int\s*,\s*1\s*\)|itertools\s*\.\s*count\s*\(|\bloop\s*(?:do|\{)|\bsetInterval\s*\(|\buntil\s+false\b|\bwhile\s+:/;
const LARGE_BLOCK =
  /<<\s*(?:[2-9]\d)\b|\*\s*10\s*\*\*\s*(?:[7-9]|\d\d)\b|\*\*\s*(?:2[4-9]|[3-9]\d)\b|\*\s*\d{8,}\b|\b\d+e(?:[7-9]|\d\d)\b|\brepeat\s*\(\s*(?:\d{8,}|\d+e\d+|10\s*\*\*\s*\d+)|\balloc(?:Unsafe)?\s*\(\s*(?:\d{8,}|\d+e\d+)|\bbytearray\s*\(\s*(?:\d{8,}|10\s*\*\*\s*\d+)/;
// One allocation of tens of gigabytes or more (`' '*(1<<40)`, `bytearray(10**12)`,
// `Buffer.alloc(1e12)`, `"x" x 1e11`): the machine runs out of memory at once, no loop needed.
const HUGE_COUNT = String.raw`\(?\s*(?:1\s*<<\s*(?:3[4-9]|[4-9]\d)|(?:10|1e1)\s*\*\*\s*(?:1[0-9]|[2-9]\d)|2\s*\*\*\s*(?:3[4-9]|[4-9]\d)|\d{11,}|\d+(?:\.\d+)?e(?:1[0-9]|[2-9]\d))\b`;
const HUGE_BLOCK = new RegExp(
  String.raw`(?:\*|\bx)\s*${HUGE_COUNT}|\b(?:bytearray|bytes|alloc(?:Unsafe)?|allocate|malloc|calloc|repeat|zeros|ones|empty|Array|make_string|String\.new)\s*\(\s*${HUGE_COUNT}`,
);
// String and character literals, blanked before looking for code shapes in the code itself.
const QUOTED = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;
// Calls that run a string as code or as a command.
const RUNS_STRINGS =
  /\b(?:exec|eval|compile|Function|system|popen|spawn|instance_eval|class_eval|load|run|call|execSync|execFileSync|spawnSync|qx)\b|`/;
// SQL handed to a database API (`cursor.execute("DROP TABLE t")`).
const SQL_CALL =
  /\b(?:execute|executescript|executemany|exec|query|prepare|raw|sql|do|run|all|get|each)\s*\(\s*(?=[rRbBuU]?['"`])/g;

const FORK_BOMB =
  /\bfork\s+while\s+fork\b|\bwhile\s*\(?\s*(?:1|true|True)\s*\)?\s*[:{]?\s*(?:os\s*\.\s*|Process\s*\.\s*|pcntl_)?fork\s*\(|\bloop\s*\{\s*fork\b/;
const KILL_CALL =
  /\b(?:os\s*\.\s*kill(?:pg)?|process\s*\.\s*kill|Process\s*\.\s*kill|posix_kill|kill\s*\(?\s*(?:9|'KILL'|"KILL"|-9))\b/;
const DECODE_EXEC =
  /\b(?:exec|eval|compile)\s*\([^)]*\b(?:decompress|zlib|gzip|lzma|bz2|marshal|pickle|b64decode|unhexlify)\b|\b(?:exec|eval|Function|compile)\s*\(\s*(?:[\w.]*(?:b64decode|b32decode|decodebytes|decompress|atob|unhexlify|fromhex|Buffer\s*\.\s*from|urlopen|requests\s*\.\s*get|fetch|read|decode)|__import__\s*\(\s*['"]base64)|\beval\s*\(?\s*(?:MIME::Base64|decode_base64|Base64|base64_decode|gzinflate|str_rot13)|\bunpack\s*\(\s*['"]m/;
const DOWNLOAD =
  /\b(?:urlretrieve|urlopen|requests\s*\.\s*get|httpx\s*\.\s*get|fetch|https?\s*\.\s*get|Net::HTTP|LWP|getstore|open-uri|URI\s*\.\s*open|download\w*)\b|file_get_contents\s*\(\s*['"]https?:/;
const REVERSE_SHELL =
  /\b[Ss]ocket\b[\s\S]*\b(?:dup2|subprocess|pty|spawn|\/bin\/(?:ba)?sh|exec)|\bnet\s*\.\s*(?:connect|Socket)[\s\S]*\b(?:spawn|exec|\/bin\/(?:ba)?sh)|\bTCPSocket\b[\s\S]*(?:exec|spawn|\/bin\/sh|system)|fsockopen[\s\S]*(?:exec|proc_open|shell_exec|system|\/bin\/sh)|\/inet\/tcp\//;

/** Each language's pattern rebuilt once with the given flags (`g` to scan, none to test). */
function withFlags(
  patterns: Readonly<Record<Language, RegExp>>,
  flags: string,
): Readonly<Record<Language, RegExp>> {
  const rebuilt: Partial<Record<Language, RegExp>> = {};
  for (const [language, pattern] of Object.entries(patterns) as [Language, RegExp][])
    rebuilt[language] = new RegExp(pattern.source, flags);
  return rebuilt as Readonly<Record<Language, RegExp>>;
}

const SHELL_CALL_SCANS = withFlags(SHELL_CALLS, "g");
const SHELL_CALL_TESTS = withFlags(SHELL_CALLS, "");
const DELETE_CALL_SCANS = withFlags(DELETE_CALLS, "g");

/** The code strings an interpreter command runs, or null when it runs a script file. */
export function inlineCode(cmd: ResolvedCommand, language: Language): string[] | null {
  const texts = cmd.args.map((word) => word.text);
  const code: string[] = [];
  if (language === "awk") {
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i] ?? "";
      if (text === "-f" || text.startsWith("--file")) return null;
      if (/^-[vF]$/.test(text)) i++;
      else if (!text.startsWith("-")) return [text];
    }
    return null;
  }
  if ((cmd.name === "deno" || language === "generic") && texts[0] === "eval")
    return texts
      .slice(1)
      .filter((text) => !text.startsWith("-"))
      .slice(0, 1);
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] ?? "";
    const eq = text.indexOf("=");
    if (CODE_FLAGS[language].test(text)) {
      code.push(texts[i + 1] ?? "");
      i++;
    } else if (text.startsWith("--") && eq > 0 && CODE_FLAGS[language].test(text.slice(0, eq)))
      code.push(text.slice(eq + 1));
    else if (language === "python" && /^-[A-Za-z]*c./.test(text) && !text.startsWith("--"))
      code.push(text.slice(text.indexOf("c") + 1));
    else if (!text.startsWith("-") && code.length === 0) return null;
  }
  return code.length > 0 ? code : null;
}

/** A folded command line with its run-time parts (`${dir}` in a template) as unknown shell values. */
function withUnknownValues(command: string): string {
  return command.includes(DYNAMIC) ? command.replaceAll(DYNAMIC, '"$CODE_VALUE"') : command;
}

/** True when a command line is a shell reading its script from stdin (`sh`, `bash -s`). */
function pipesIntoShell(command: string): boolean {
  const words = command.trim().split(/\s+/);
  const name = (words[0] ?? "").slice((words[0] ?? "").lastIndexOf("/") + 1);
  return SHELLS.has(name) && !words.some((word) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(word));
}

const BARE_SHELL = /^(?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k|c)?sh(?:\s+-i)?(?:\s|$)|^cmd(?:\.exe)?$/;
const NETWORK_CODE =
  /\b(?:net|socket|tls|dgram)\b|\bTCPSocket\b|fsockopen|\bconnect\s*\(|createConnection/;

/** Shell lines passed to a process-spawning function, whatever name it is bound to. */
function spawnMatch(
  code: string,
  language: Language,
  ctx: RuleContext,
): DangerousCommandMatch | null {
  const calls = spawnCallNames(code, language);
  if (calls === null) return null;
  let found: DangerousCommandMatch | null = null;
  for (const call of code.matchAll(calls)) {
    const literal = readLiteralArgument(code, call.index + call[0].length);
    // A bare shell spawned next to a socket is a reverse shell.
    if (literal !== null && BARE_SHELL.test(literal.value) && NETWORK_CODE.test(code))
      return matchOf(INTERPRETER_RULES.reverseShell);
    const match =
      literal === null
        ? matchOf(INTERPRETER_RULES.shellOut)
        : ctx.analyseText(withUnknownValues(literal.value));
    if (match?.hardline) return match;
    found ??= match;
  }
  // A command assembled elsewhere in the code: judge every string that reads as one.
  for (const literal of stringLiterals(code)) {
    if (!/\s/.test(literal)) continue;
    const match = ctx.analyseText(literal);
    if (match?.hardline) return match;
  }
  return found;
}

/** What the code can do beyond named calls: run-time code, env exfiltration, secret reads. */
function capabilityMatch(
  code: string,
  language: Language,
  ctx: RuleContext,
): DangerousCommandMatch | null {
  let found = spawnMatch(code, language, ctx);
  if (found?.hardline) return found;
  if (RUNTIME_EVAL.test(code) && CODE_SOURCE.test(code))
    found ??= matchOf(
      /\b(?:urlopen|urllib|requests|fetch|https?|Net::HTTP|open-uri|URI|LWP|curl|socket)\b|file_get_contents\s*\(\s*['"]https?:/.test(
        code,
      )
        ? INTERPRETER_RULES.decodeExec
        : INTERPRETER_RULES.runtimeCode,
    );
  if (sendsEnvironment(code)) found ??= matchOf(EXEC_RULES.exfiltration);
  if (stringLiterals(code).some((literal) => isPrivateSecretPath(literal)))
    found ??= matchOf(EXEC_RULES.credentialRead);
  if (language === "tcl")
    for (const command of tclCommands(code)) {
      const match = ctx.analyseText(command);
      if (match?.hardline) return match;
      found ??= match;
    }
  if (
    language === "julia" ||
    language === "tcl" ||
    language === "groovy" ||
    language === "elisp" ||
    language === "lisp" ||
    language === "generic"
  ) {
    // Command literals of these languages (`\`rm -rf ~\``, `exec rm ...`) read as shell lines.
    for (const literal of stringLiterals(code)) {
      const match = /\s/.test(literal) ? ctx.analyseText(literal) : null;
      if (match?.hardline) return match;
    }
  }
  return found;
}

/** Judge interpreter code text: shell-outs are analysed as shell, deletes by their target. */
export function codeMatch(
  original: string,
  language: Language,
  ctx: RuleContext,
): DangerousCommandMatch | null {
  let code = foldCode(original, language);
  // awk concatenates by juxtaposition: `system("rm -rf " $0)` runs the string plus a field.
  if (language === "awk")
    code = code.replace(
      /\b(system\s*\(\s*)"((?:[^"\\]|\\.)*)"\s*([^)\s][^)]*)\)/g,
      (_all, call: string, text: string) => `${call}"${text}\\"$AWK_FIELD\\"")`,
    );
  let found = capabilityMatch(code, language, ctx);
  if (found?.hardline) return found;
  for (const call of code.matchAll(SHELL_CALL_SCANS[language])) {
    const start = call.index + call[0].length;
    let literal = readLiteralArgument(code, start);
    if (language === "lisp") {
      const commandLine = lispCommandLine(code, start);
      literal = commandLine === null ? null : { value: commandLine, list: true };
    }
    if (call[0] === "`" || call[0].endsWith("`")) {
      const end = code.indexOf("`", start);
      literal = end < 0 ? null : { value: code.slice(start, end), list: false };
    }
    if (literal === null) {
      found ??= matchOf(INTERPRETER_RULES.shellOut);
      continue;
    }
    const inner = ctx.analyseText(withUnknownValues(literal.value));
    if (inner?.hardline) return inner;
    found ??= inner;
    // awk `print ... | "sh"`: the printed text becomes a script.
    if (language === "awk" && call[0].startsWith("print") && pipesIntoShell(literal.value))
      found ??= matchOf(EXEC_RULES.dynamicPipe);
  }
  for (const call of code.matchAll(DELETE_CALL_SCANS[language])) {
    const path = readFirstArgument(code, call.index + call[0].length);
    const scope = path === null ? "dynamic" : deleteScopeOf(path, /[*?]/.test(path));
    if (scope === "root") return matchOf(DELETE_RULES.root);
    if (scope === "system-dir") return matchOf(DELETE_RULES.systemDir);
    if (scope === "home-root") return matchOf(DELETE_RULES.home);
    if (scope !== "inside") found ??= matchOf(INTERPRETER_RULES.delete);
  }
  const effects = codeFileEffects(code, language);
  for (const target of effects.targets) {
    const match = writeTargetMatch(target);
    if (match?.hardline) return match;
    found ??= match;
  }
  for (const pipe of effects.pipes) {
    const match = ctx.analyseText(pipe.command);
    if (match?.hardline) return match;
    found ??= match;
    // `open(F, "|sh"); print F CODE`: what the code prints is the shell's script.
    if (BARE_SHELL.test(pipe.command.trim())) {
      for (const literal of stringLiterals(code)) {
        const inner = /\s/.test(literal) ? ctx.analyseText(literal) : null;
        if (inner?.hardline) return inner;
      }
      found ??= matchOf(EXEC_RULES.dynamicPipe);
    }
  }
  // `print "fork while 1"` only mentions a fork: look at the code outside its strings.
  // Strings handed to `exec`/`eval` are code themselves and stay.
  const bare = RUNS_STRINGS.test(code) ? code : code.replace(QUOTED, '""');
  if (FORK_BOMB.test(bare) || FORK_LOOP.test(bare)) return matchOf(SCRIPT_RULES.forkBomb);
  if ((ENDLESS_LOOP.test(code) && LARGE_BLOCK.test(code)) || HUGE_BLOCK.test(bare))
    found ??= matchOf(INTERPRETER_RULES.exhaust);
  for (const call of code.matchAll(SQL_CALL)) {
    const literal = readFirstArgument(code, call.index + call[0].length);
    const match = literal === null ? null : sqlMatch(literal);
    if (match !== null) found ??= match;
  }
  if (KILL_CALL.test(code)) found ??= matchOf(INTERPRETER_RULES.kill);
  if (DECODE_EXEC.test(code)) found ??= matchOf(INTERPRETER_RULES.decodeExec);
  if (REVERSE_SHELL.test(code)) found ??= matchOf(INTERPRETER_RULES.reverseShell);
  // Something downloaded and a shell spawned in the same code: download and execute.
  if (found === null && DOWNLOAD.test(code) && SHELL_CALL_TESTS[language].test(code))
    found = matchOf(INTERPRETER_RULES.decodeExec);
  return found;
}

/** Interpreter one-liners (`python -c`, `node -e`, `perl -e`, `awk 'BEGIN{system(...)}'`, stdin code). */
export const interpreterRules: CommandRule = (cmd, ctx) => {
  const language = languageOf(cmd.name);
  if (language === null) return null;
  const code = inlineCode(cmd, language);
  if (code !== null) {
    let found: DangerousCommandMatch | null = null;
    for (const text of code) {
      const match = codeMatch(text, language, ctx);
      if (match?.hardline) return match;
      found ??= match;
    }
    if (code.length > 0 && cmd.args.some((word) => word.dynamic && code.includes(word.text)))
      found ??= matchOf(EXEC_RULES.dynamicPayload);
    // `python3 -c 'exec(input())' <<< CODE`: what arrives on stdin is code too.
    if (
      code.some(
        (text) =>
          RUNTIME_EVAL.test(text) &&
          /\b(?:input|stdin|STDIN|gets|readline)\b|<STDIN>|readFileSync\s*\(\s*0/.test(text),
      )
    ) {
      const input = stdinText(cmd.source);
      const inner =
        input === null ? pipedCodeMatch(cmd.source, ctx, false) : codeMatch(input, language, ctx);
      if (inner?.hardline) return inner;
      found = found ?? inner;
    }
    return found;
  }
  if (language === "awk") return null;
  const operands = cmd.args.filter((word) => !word.text.startsWith("-"));
  const script = operands[0];
  if (
    script !== undefined &&
    (script.processSubstitution ||
      (script.text.startsWith(DYNAMIC) && script.substitutions.length > 0))
  )
    return processSubstitutionMatch(script);
  const readsStdin =
    operands.length === 0 ||
    /^(?:-|\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/.test(operands[0]?.text ?? "");
  if (!readsStdin) return null;
  for (const redirect of cmd.source.redirects) {
    if (redirect.heredoc !== null) return codeMatch(redirect.heredoc, language, ctx);
    if (redirect.op === "<<<" && redirect.target)
      return redirect.target.dynamic
        ? matchOf(EXEC_RULES.dynamicPayload)
        : codeMatch(redirect.target.text, language, ctx);
  }
  const upstream = cmd.source.upstream[cmd.source.upstream.length - 1];
  const piped = upstream === undefined ? null : stageOutput(upstream);
  if (piped !== null)
    return codeMatch(piped, language, ctx) ?? pipedCodeMatch(cmd.source, ctx, false);
  return pipedCodeMatch(cmd.source, ctx, false);
};

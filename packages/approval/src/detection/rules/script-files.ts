import { readFileSync, statSync } from "node:fs";
import { posix } from "node:path";
import { commandBaseName, DYNAMIC, type ResolvedCommand, type Word } from "@hermes-agent/shell";
import { activeSession } from "../command-context.js";
import { matchOf, worse, type RuleContext } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { SHELLS } from "./exec-rules.js";
import { codeMatch } from "./interpreter-rules.js";
import { languageOf } from "./interpreter-languages.js";

/**
 * Scripts run from files: `bash FILE`, `sh FILE`, `source FILE`, `. FILE`, `./FILE.sh`, the
 * start-up file a shell reads from `BASH_ENV` / `ENV`, and the `.envrc` `direnv allow` trusts. When the file exists, its content (up to
 * {@link MAX_SCRIPT_BYTES}) is judged as the code it is; a file that exists but cannot be read
 * as text is unknown code. Nothing is read without a known working directory for a relative
 * path, and programs under the system's own directories are not read.
 */
export const SCRIPT_FILE_RULES: { readonly unreadable: RuleInfo } = {
  unreadable: rule(
    "script-file-unreadable",
    "runs or sources a script file that could not be read to check it",
  ),
} as const;

/** Largest script file read and judged. */
export const MAX_SCRIPT_BYTES = 65_536;

const SYSTEM_PROGRAM_DIRS = /^\/(?:usr|bin|sbin|lib\w*|snap|nix|proc|sys|dev)\//;
const SHELL_OPTIONS_WITH_VALUE = /^[-+][a-zA-Z]*[oO]$|^--(?:rcfile|init-file)$/;

type FileText = { readonly text: string } | "unreadable" | "binary" | null;

function absolutePath(path: string): string | null {
  if (path.includes(DYNAMIC)) return null;
  const session = activeSession();
  if (path === "~" || path.startsWith("~/")) {
    const home = session?.home;
    return home === null || home === undefined ? null : posix.join(home, path.slice(1));
  }
  if (path.startsWith("/")) return posix.normalize(path);
  const cwd = session?.cwd;
  return cwd === null || cwd === undefined ? null : posix.join(cwd, path);
}

function readScript(path: string): FileText {
  const file = absolutePath(path);
  if (file === null || SYSTEM_PROGRAM_DIRS.test(file)) return null;
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat === undefined || !stat.isFile()) return null;
    if (stat.size > MAX_SCRIPT_BYTES) return "unreadable";
    const text = readFileSync(file, "utf8");
    return text.includes("\u0000") ? "binary" : { text };
  } catch {
    return "unreadable";
  }
}

/** Judge a script's text by its `#!` line: a shell script as bash, others in their language. */
export function judgeScript(text: string, ctx: RuleContext): DangerousCommandMatch | null {
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(text);
  if (shebang !== null) {
    const program = commandBaseName(shebang[1] ?? "");
    const interpreter = program === "env" ? commandBaseName(shebang[2] ?? "") : program;
    const language = languageOf(interpreter);
    if (language !== null) return codeMatch(text, language, ctx);
  }
  return ctx.analyseText(text);
}

function fileMatch(path: string, ctx: RuleContext, program: boolean): DangerousCommandMatch | null {
  const read = readScript(path);
  if (read === null || (read === "binary" && program)) return null;
  if (read === "unreadable" || read === "binary") return matchOf(SCRIPT_FILE_RULES.unreadable);
  return judgeScript(read.text, ctx);
}

/** The script operand of `bash [options] FILE`, or null when it runs `-c` text or stdin. */
function shellScriptOperand(args: readonly Word[]): Word | null {
  for (let i = 0; i < args.length; i++) {
    const text = (args[i] as Word).text;
    if (text === "--") return args[i + 1] ?? null;
    if (/^-[a-zA-Z]*[cs][a-zA-Z]*$/.test(text)) return null;
    if (SHELL_OPTIONS_WITH_VALUE.test(text)) i++;
    else if (!/^[-+]/.test(text)) return args[i] as Word;
  }
  return null;
}

/** The start-up file a shell reads from `BASH_ENV`/`ENV` for this command, if any. */
function startupFile(cmd: ResolvedCommand): string | null {
  let file: string | null = activeSession()?.environment?.get("BASH_ENV") ?? null;
  for (const { name, value } of cmd.source.assignments)
    if (name === "BASH_ENV" || name === "ENV") file = value.dynamic ? DYNAMIC : value.text;
  for (const word of cmd.source.words) {
    const setting = /^(?:BASH_ENV|ENV)=(.*)$/s.exec(word.text);
    if (setting !== null) file = word.dynamic ? DYNAMIC : (setting[1] ?? "");
  }
  return file === "" ? null : file;
}

/** Scripts a command runs or sources from files, judged by their content. */
export function scriptFileMatch(
  cmd: ResolvedCommand,
  ctx: RuleContext,
): DangerousCommandMatch | null {
  let found: DangerousCommandMatch | null = null;
  if (SHELLS.has(cmd.name)) {
    const startup = startupFile(cmd);
    if (startup !== null)
      found = startup.includes(DYNAMIC)
        ? matchOf(SCRIPT_FILE_RULES.unreadable)
        : fileMatch(startup, ctx, false);
    const operand = shellScriptOperand(cmd.args);
    if (operand !== null && !operand.dynamic)
      found = worse(found, fileMatch(operand.text, ctx, false));
    return found;
  }
  if (cmd.name === "direnv" && /^(?:allow|permit|grant)$/.test(cmd.args[0]?.text ?? "")) {
    // `direnv allow [DIR]`: the `.envrc` there runs on every later `cd` into it.
    const dir = cmd.args[1];
    if (dir?.dynamic) return null;
    const path =
      dir === undefined ? ".envrc" : dir.text.endsWith(".envrc") ? dir.text : `${dir.text}/.envrc`;
    return fileMatch(path, ctx, false);
  }
  if (cmd.name === "source" || cmd.name === ".") {
    const operand = cmd.args[0];
    return operand === undefined || operand.dynamic ? null : fileMatch(operand.text, ctx, false);
  }
  const word = cmd.nameWord.text;
  if (!cmd.nameWord.dynamic && word.includes("/")) return fileMatch(word, ctx, true);
  return null;
}

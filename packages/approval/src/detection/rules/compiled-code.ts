// Source code compiled on the spot and then run: `gcc -x c - -o /tmp/a <<< '...' && /tmp/a`,
// `cc x.c -o x` of a file written from static text just before. The program is judged by what
// its source can do, as interpreter one-liners are: a fork in an endless loop is a fork bomb,
// `system("...")`/`popen("...")` strings are shell commands, and calls that spawn programs,
// delete files, kill processes, change identity or open connections hold it for approval.
import { readOptions, type OptionTable, type SimpleCommand } from "@hermes-agent/shell";
import { matchOf } from "../rule-context.js";
import { SCRIPT_RULES } from "../script-rules.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";

/** Rules about programs compiled from source and run in the same command. */
export const COMPILED_CODE_RULES: Readonly<Record<"compiledRun", RuleInfo>> = {
  compiledRun: rule(
    "compiled-code-run",
    "source compiled and run at once; the program spawns commands, deletes files, kills processes, changes identity or connects out",
  ),
} as const;

/** C-family compilers whose `-o FILE` is a program built from the given sources. */
export const COMPILERS: ReadonlySet<string> = new Set(
  "gcc cc clang g++ c++ clang++ tcc musl-gcc x86_64-linux-gnu-gcc".split(" "),
);
const COMPILER_OPTIONS: OptionTable = {
  shortWithValue: "oxIDLlUW",
  longWithValue: ["std", "output"],
};

/** The output file and the source files (`-` for stdin) of a compiler command, or null. */
export function compiledOutput(
  cmd: SimpleCommand,
): { readonly output: string; readonly sources: readonly string[] } | null {
  const read = readOptions(cmd.words.slice(1), COMPILER_OPTIONS);
  const output = read.options.find((o) => o.name === "o" || o.name === "output")?.value ?? null;
  const sources = read.operands.map((word) => word.text);
  const stdin = cmd.words.slice(1).some((word) => word.text === "-");
  if (stdin && !sources.includes("-")) sources.push("-");
  return { output: output ?? "a.out", sources };
}

const ENDLESS = /\bfor\s*\(\s*;\s*;\s*\)|\bwhile\s*\(\s*(?:1|true)\s*\)/;
const SHELL_CALL = /\b(?:system|popen)\s*\(\s*"((?:[^"\\]|\\.)*)"/g;
const CAPABILITY =
  /\b(?:exec[lv]p?e?|posix_spawnp?|unlink(?:at)?|remove|rmdir|nftw|kill|reboot|setuid|setgid|seteuid|ptrace|mount|umount2?|socket|connect|truncate|ftruncate|system|popen|fork|vfork|clone)\s*\(/;

/** The verdict for running a program compiled from `source`. */
export function compiledSourceMatch(
  source: string,
  analyse: (text: string) => DangerousCommandMatch | null,
): DangerousCommandMatch | null {
  if (ENDLESS.test(source) && /\b(?:v?fork|clone)\s*\(/.test(source))
    return matchOf(SCRIPT_RULES.forkBomb);
  for (const call of source.matchAll(SHELL_CALL)) {
    const inner = analyse((call[1] ?? "").replace(/\\(.)/g, "$1"));
    if (inner !== null) return inner;
  }
  return CAPABILITY.test(source) ? matchOf(COMPILED_CODE_RULES.compiledRun) : null;
}

// Bash itself as the oracle for how a line is read. Every line is given to one bash process,
// which (1) re-prints it through `declare -f` of a function it defines and never calls, and
// (2) runs it under `set -x` in a subshell of a temporary directory, with `PATH` pointing at an
// empty directory (only builtins run; any other command word is caught by a
// `command_not_found_handle` that does nothing) and globbing off. Callers give only harmless
// lines: builtins like echo, printf, true and `:`, and relative file names.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeBackslashEscapes } from "../src/escapes.js";

/** What bash made of one line. */
export interface BashReading {
  /** Bash's own re-printing of the line (the body of a function), or null on a syntax error. */
  readonly canonical: string | null;
  /** The argv of every simple command bash ran, and every assignment (`name=value`). */
  readonly traced: readonly (readonly string[])[];
}

/** Bash's ANSI-C quoting `$'...'` of any text: nothing in it is read as syntax. */
function ansiQuoted(text: string): string {
  let out = "$'";
  for (const byte of Buffer.from(text, "utf8")) out += `\\x${byte.toString(16).padStart(2, "0")}`;
  return `${out}'`;
}

const LINE_MARK = "\u0001";
const CANONICAL_MARK = "\u0002";
const SYNTAX_ERROR_MARK = "\u0003";
const CANONICAL_END = "\u0004";

function driverScript(lines: readonly string[], dir: string): string {
  const out: string[] = [];
  lines.forEach((line, index) => out.push(`L[${index}]=${ansiQuoted(line)}`));
  out.push(
    "command_not_found_handle() { return 0; }",
    `PATH=${ansiQuoted(path.join(dir, "no-commands"))}`,
    `cd ${ansiQuoted(dir)} || exit 1`,
    "PS4='+ '",
    'for i in "${!L[@]}"; do',
    // A trace file per line: a background job that outlives its line writes to its own file.
    '  exec 3>"trace.$i"',
    "  BASH_XTRACEFD=3",
    `  printf '${LINE_MARK}%s\\n' "$i" >&3`,
    '  if eval -- "__oracle_fn() { ${L[i]}',
    '}" 2>/dev/null; then',
    `    printf '${CANONICAL_MARK}%s\\n${CANONICAL_END}\\n' "$(declare -f __oracle_fn)" >&3`,
    `  else printf '${SYNTAX_ERROR_MARK}\\n' >&3; fi`,
    '  ( set -f; set -x; eval -- "${L[i]}"; wait ) </dev/null >/dev/null 2>&1',
    "done",
  );
  return `${out.join("\n")}\n`;
}

/** Read one word of an xtrace entry from `pos`; returns the word and the position after it. */
function traceWord(text: string, start: number): [string, number] {
  let word = "";
  let pos = start;
  while (pos < text.length) {
    const ch = text.charAt(pos);
    if (ch === " " || ch === "\n") break;
    if (ch === "'") {
      const close = text.indexOf("'", pos + 1);
      word += text.slice(pos + 1, close);
      pos = close + 1;
    } else if (ch === "$" && text.charAt(pos + 1) === "'") {
      let close = pos + 2;
      while (close < text.length && text.charAt(close) !== "'")
        close += text.charAt(close) === "\\" ? 2 : 1;
      word += decodeBackslashEscapes(text.slice(pos + 2, close));
      pos = close + 1;
    } else if (ch === "\\") {
      word += text.charAt(pos + 1);
      pos += 2;
    } else {
      word += ch;
      pos++;
    }
  }
  return [word, pos];
}

/** The commands of the eval level (`++ `) of one line's trace. */
function tracedCommands(trace: string): string[][] {
  const commands: string[][] = [];
  let pos = 0;
  while (pos < trace.length) {
    let depth = 0;
    while (trace.charAt(pos + depth) === "+") depth++;
    pos += depth + 1;
    const words: string[] = [];
    while (pos < trace.length && trace.charAt(pos) !== "\n") {
      const [word, next] = traceWord(trace, pos);
      words.push(word);
      pos = next;
      while (trace.charAt(pos) === " ") pos++;
    }
    pos++;
    const handler = words.length === 2 && words[0] === "return" && words[1] === "0";
    if (depth === 2 && words.length > 0 && !handler) commands.push(words);
  }
  return commands;
}

/** Give `lines` to bash (see the file comment) and return what it made of each. */
export function readWithBash(lines: readonly string[]): BashReading[] {
  const dir = mkdtempSync(path.join(tmpdir(), "shell-oracle-"));
  try {
    for (const input of ["in1", "in2"]) writeFileSync(path.join(dir, input), "a\nb\n");
    const script = path.join(dir, "driver.sh");
    writeFileSync(script, driverScript(lines, dir));
    const result = spawnSync("bash", ["--norc", "--noprofile", script], {
      cwd: dir,
      stdio: "ignore",
      timeout: 600_000,
      env: { LC_ALL: "C.UTF-8", HOME: dir },
    });
    if (result.status !== 0) throw new Error(`bash oracle failed: ${String(result.error)}`);
    const readings: BashReading[] = [];
    for (let i = 0; i < lines.length; i++) {
      const block = readFileSync(path.join(dir, `trace.${i}`), "utf8").slice(LINE_MARK.length);
      const body = block.slice(block.indexOf("\n") + 1);
      if (body.startsWith(SYNTAX_ERROR_MARK)) {
        readings.push({ canonical: null, traced: tracedCommands(body.slice(2)) });
        continue;
      }
      const header = `${CANONICAL_MARK}__oracle_fn () \n{ \n`;
      const end = body.indexOf(`\n}\n${CANONICAL_END}\n`);
      readings.push({
        canonical: body.slice(header.length, end),
        traced: tracedCommands(body.slice(end + 5)),
      });
    }
    return readings;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

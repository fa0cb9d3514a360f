import {
  commandBaseName,
  stageOutput,
  staticWord,
  type SimpleCommand,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, worse, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { EXEC_RULES, SHELLS } from "./exec-rules.js";

// Programs that run whatever code arrives on their stdin when given no script operand.
const CODE_READERS =
  /^(?:python\d*(?:\.\d+)?|pypy\d?|perl\d*|ruby|node|nodejs|bun|deno|php\d*|lua(?:jit|5\.\d)?|tclsh[\d.]*|osascript|pwsh|powershell)$/;
const WRAPPERS = /^(?:sudo|doas|env|exec|command|nice|nohup|stdbuf|setsid)$/;

/** The name of the program a stage runs, looking past simple wrappers (`sudo sh`). */
function readerName(cmd: SimpleCommand): string {
  for (const word of cmd.words) {
    if (word.text.startsWith("-") || /^\w+=/.test(word.text)) continue;
    const name = commandBaseName(word.text);
    if (!WRAPPERS.test(name)) return name;
  }
  return "";
}

function readsCodeFromStdin(cmd: SimpleCommand): boolean {
  if (cmd.upstream.length > 0) return false;
  const name = readerName(cmd);
  return SHELLS.has(name) || CODE_READERS.test(name);
}

function isOutputSubstitution(word: Word): boolean {
  return word.processSubstitution && word.substitutions.length > 0;
}

/**
 * `tee >(sh)`, `echo CODE > >(bash)`, `cmd > >(python3)`: what the command writes into a process
 * substitution becomes the script of the shell or interpreter inside it. Judged as if the
 * command's output were piped into that reader (`echo CODE | bash`).
 */
export const processSubstitutionSinkRule: CommandRule = (cmd, ctx) => {
  if (cmd.via.length > 0) return null;
  const outer = cmd.source;
  const sinks = [
    ...outer.words.filter(isOutputSubstitution),
    ...outer.redirects
      .filter((r) => /^(?:>|>>|>\||&>|&>>)$/.test(r.op) && r.target !== null)
      .map((r) => r.target as Word)
      .filter(isOutputSubstitution),
  ];
  if (sinks.length === 0) return null;
  // The sink gets what the command writes, wherever its stdout goes; `tee` passes its stdin on.
  const writer: SimpleCommand = {
    ...outer,
    words:
      cmd.name === "tee"
        ? [staticWord("cat")]
        : outer.words.filter((word) => !word.processSubstitution),
    redirects: outer.redirects.filter((r) => r.heredoc !== null || /^(?:<|<<<)$/.test(r.op)),
  };
  for (const sink of sinks) {
    for (const script of sink.substitutions) {
      for (const reader of script.commands) {
        if (!readsCodeFromStdin(reader)) continue;
        const match = ctx.analyseCommand({ ...reader, upstream: [writer] });
        if (match !== null) return match;
      }
    }
  }
  return null;
};

/**
 * `coproc bash`, `coproc NAME { python3; }`: a shell or interpreter started as a coprocess reads
 * its code from whatever the script later writes to `${COPROC[1]}`, which is not known here.
 */
export const coprocessRule: CommandRule = (cmd, ctx) => {
  const words = cmd.source.words;
  if (words[0]?.text !== "coproc") return null;
  // `coproc ( cmd )`, `coproc NAME ( cmd )`: the grammar keeps the subshell as one word.
  const subshell = words
    .slice(1, 3)
    .find((word) => !word.dynamic && word.text.startsWith("(") && word.text.endsWith(")"));
  if (subshell !== undefined) {
    const inner = ctx.analyseText(subshell.text.slice(1, -1));
    if (inner !== null) return inner;
  }
  if (words.some((word) => /^-[a-zA-Z]*[ce]$/.test(word.text))) return null;
  const readers = words.slice(1).filter((word) => {
    const name = commandBaseName(word.text);
    return SHELLS.has(name) || CODE_READERS.test(name);
  });
  return readers.length > 0 ? matchOf(EXEC_RULES.dynamicPipe) : null;
};

/** The text a `<(...)` substitution produces when its last command's output is static. */
function producedText(word: Word): string | null {
  if (!word.processSubstitution || word.substitutions.length !== 1) return null;
  const last = word.substitutions[0]?.commands.at(-1);
  return last === undefined ? null : stageOutput(last);
}

/**
 * `psql -f <(echo SQL)`, `make -f <(printf RULES)`, `mysql < <(echo SQL)`: a file operand or
 * input that is a process substitution with static output is judged as that text read from
 * stdin (`-f /dev/stdin <<< TEXT`), so each program's own stdin handling applies.
 */
export const substitutedInputRule: CommandRule = (cmd, ctx) => {
  if (cmd.via.length > 0) return null;
  const source = cmd.source;
  let found: DangerousCommandMatch | null = null;
  const judge = (text: string, words: readonly Word[], redirects: SimpleCommand["redirects"]) => {
    const here = { op: "<<<", fd: null, target: staticWord(text), heredoc: null };
    const input = redirects.filter(
      (r) => !(r.op.startsWith("<") && (r.fd === null || r.fd === "0")),
    );
    found = worse(found, ctx.analyseCommand({ ...source, words, redirects: [...input, here] }));
  };
  source.words.forEach((word, index) => {
    const text = producedText(word);
    if (text === null || index === 0) return;
    const words = source.words.map((other, i) => (i === index ? staticWord("/dev/stdin") : other));
    judge(text, words, source.redirects);
  });
  for (const redirect of source.redirects) {
    const text = redirect.op === "<" && redirect.target ? producedText(redirect.target) : null;
    if (text !== null)
      judge(
        text,
        source.words,
        source.redirects.filter((other) => other !== redirect),
      );
  }
  return found;
};

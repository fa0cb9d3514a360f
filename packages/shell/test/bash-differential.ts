// Compares the parse of generated harmless lines with what bash runs and re-prints.
import { parseShell } from "../src/index.js";
import type { Redirect, Script, Stage } from "../src/shell-ir.js";
import { isSimple } from "../src/shell-ir.js";
import { readWithBash } from "./bash-oracle.js";
import { harmlessLines, type HarmlessLine } from "./harmless-lines.js";

/** The argv of each command of a parse (commands of only assignments or redirections left out). */
function runs(script: Script): string[][] {
  return script.commands
    .filter((command) => command.words.length > 0)
    .map((command) => command.words.map((word) => word.text));
}

// Bash traces an assignment as `name=value`, prefix assignments as their own entries; the
// parse records standalone assignments in its variable scope, not as commands.
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;

// Bash also traces the head of a `for`, `case`, `select`, `[[` or `((` command.
const COMPOUND_HEADS = new Set(["for", "case", "select", "[[", "(("]);

/** True for a trace entry that is not a simple command the parse lists. */
function notACommand(words: readonly string[]): boolean {
  if (COMPOUND_HEADS.has(words[0] ?? "")) return true;
  return words.length === 1 && ASSIGNMENT.test(words[0] ?? "");
}

// The descriptor an operator uses when none is written.
const DEFAULT_DESCRIPTOR: Readonly<Record<string, string>> = {
  ">": "1",
  ">>": "1",
  ">|": "1",
  ">&": "1",
  "<": "0",
  "<>": "0",
  "<&": "0",
  "<<": "0",
  "<<-": "0",
  "<<<": "0",
  ">&-": "1",
  "<&-": "0",
};

/** A redirection as text, in the form bash prints it (closing a descriptor is `N>&-`). */
function redirectText(r: Redirect): string {
  const fd = r.fd ?? DEFAULT_DESCRIPTOR[r.op] ?? "";
  const op = r.op === "<&-" ? ">&-" : r.op;
  return `${fd}${op}${r.target?.text ?? ""}${r.heredoc ?? ""}`;
}

function stageText(stage: Stage): string {
  if (!isSimple(stage)) return `{${stage.commands.map(stageText).join("; ")}}`;
  return stage.words.map((word) => word.text).join(" ");
}

/** Everything the rules read of a parse, as plain data (for comparing two parses). */
function structure(script: Script): unknown {
  return {
    commands: script.commands.map((command) => ({
      assignments: command.assignments.map((a) => `${a.name}=${a.value.text}`),
      words: command.words.map((word) => word.text),
      redirects: command.redirects.map(redirectText),
      upstream: command.upstream.map(stageText),
    })),
    background: script.background === true,
  };
}

/** Lines where the parse disagrees with bash, with what differs. */
export function disagreements(count: number, seed: number): string[] {
  return lineDisagreements(harmlessLines(count, seed));
}

/** What differs between the parse and bash for each of `lines`, as `problem ⟦line⟧`. */
export function lineDisagreements(lines: readonly HarmlessLine[]): string[] {
  const readings = readWithBash(lines.map((line) => line.text));
  const found: string[] = [];
  lines.forEach(({ text, allRun }, index) => {
    const bash = readings[index];
    if (bash === undefined) throw new Error(`no reading of line ${index}`);
    const ours = parseShell(text);
    if (bash.canonical === null) {
      if (!ours.incomplete) found.push(`syntax error to bash, complete to us ⟦${text}⟧`);
      return;
    }
    if (ours.incomplete) found.push(`incomplete to us ⟦${text}⟧`);
    const seen = new Set(runs(ours).map((words) => JSON.stringify(words)));
    const ran = new Set(
      bash.traced.filter((words) => !notACommand(words)).map((words) => JSON.stringify(words)),
    );
    for (const words of ran)
      if (!seen.has(words)) found.push(`bash ran ${words}, not seen ⟦${text}⟧`);
    if (allRun)
      for (const words of seen)
        if (!ran.has(words)) found.push(`seen ${words}, bash did not run it ⟦${text}⟧`);
    const again = parseShell(bash.canonical);
    if (JSON.stringify(structure(ours)) !== JSON.stringify(structure(again)))
      found.push(
        `read differently from bash's own printing ${JSON.stringify(bash.canonical)} ⟦${text}⟧`,
      );
  });
  return found;
}

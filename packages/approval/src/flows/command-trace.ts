// What a command line runs, command by command, as the flows need it for deny globs, target
// classes and the root-targeting floor: every simple command (after quote removal, static
// expansion and wrapper peeling), the session's aliases, functions and hash table applied to
// the command word, shell payloads (`bash -c`, `eval`, text piped or fed into a shell) and
// `find -exec` commands read as commands, and the directories each one may run in after the
// `cd`s before it. Whatever cannot be known before running is reported as `unresolved`.
import {
  commandBaseName,
  displayFormOfCommand,
  DYNAMIC,
  normalizeCommandText,
  parseShell,
  resolveLayers,
  stageOutput,
  staticWord,
  type SimpleCommand,
  type Word,
} from "@hermes-agent/shell";
import { overBudgetReason } from "../detection/analysis-budget.js";
import { joinedWithinBudget } from "../detection/alias-expansion.js";
import { SHELLS } from "../detection/rules/exec-rules.js";
import { resolveDirectory } from "./target-paths.js";
import type { ApprovalCommandContext } from "./types.js";

/** One simple command the line runs. */
export interface TracedCommand {
  /** The argv at each stage of wrapper peeling, outermost first; the last one really runs. */
  readonly layers: readonly (readonly string[])[];
  /** True when more operands are appended at run time (`xargs`, input-fed `find -exec ... +`). */
  readonly fromInput: boolean;
  /** Targets of redirections that write (`>`, `>>`, `&>`, `<>`, ...). */
  readonly writes: readonly string[];
  /** Directories it may run in (absolute); null when a `cd` before it went somewhere unknown. */
  readonly cwds: readonly string[] | null;
}

/** The result of {@link traceCommandLine}. */
export interface CommandTrace {
  readonly commands: readonly TracedCommand[];
  /** Why part of what the line runs is only known at run time; undefined when nothing is. */
  readonly unresolved?: string;
}

const MAX_DEPTH = 6;
const MAX_COMMANDS = 2_000;
const MAX_CWDS = 8;
const WRITE_OPS = new Set([">", ">>", ">|", "&>", "&>>", "<>", ">&"]);
const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

interface Walk {
  readonly context: ApprovalCommandContext;
  readonly commands: TracedCommand[];
  unresolved: string | undefined;
  /** Where the next command may run; null when unknown. */
  cwds: string[] | null;
}

function note(walk: Walk, reason: string): void {
  walk.unresolved ??= reason;
}

const hasDynamic = (word: Word): boolean => word.dynamic || word.text.includes(DYNAMIC);

/** Quote a word as bash would read it back; run-time parts stay run-time parts. */
function quoteWord(text: string): string {
  return text
    .split(DYNAMIC)
    .map((part) => `'${part.replaceAll("'", `'\\''`)}'`)
    .join('"$__hermes_unknown"');
}

/**
 * Analyse a command line in a session's context. Pure and synchronous; the shell parser
 * should be initialised first (before that the conservative tokenizer is used).
 */
export function traceCommandLine(
  command: string,
  context: ApprovalCommandContext = {},
): CommandTrace {
  const start = context.cwd ?? context.workspace ?? process.cwd();
  const overBudget = overBudgetReason(command);
  if (overBudget !== null) return { commands: [], unresolved: overBudget };
  const walk: Walk = { context, commands: [], unresolved: undefined, cwds: [start] };
  const parsed = normalizeCommandText(command);
  analyseText(walk, parsed, 0, new Set());
  // What a person reading the command sees is analysed as well, as detection does.
  const displayed = displayFormOfCommand(command);
  if (displayed !== parsed) {
    walk.cwds = [start];
    analyseText(walk, displayed, 0, new Set());
  }
  return walk.unresolved === undefined
    ? { commands: walk.commands }
    : { commands: walk.commands, unresolved: walk.unresolved };
}

function analyseText(walk: Walk, text: string, depth: number, aliasesSeen: Set<string>): void {
  if (depth > MAX_DEPTH) {
    note(walk, "shells or aliases nest too deeply to analyse");
    return;
  }
  const script = parseShell(text);
  if (script.incomplete) note(walk, "the command could not be parsed completely");
  if (script.overBudget === true)
    note(walk, "the command expands variables past the analysis budget");
  for (const node of script.commands) analyseNode(walk, node, depth, aliasesSeen);
}

function bareRedirect(walk: Walk, writes: readonly string[]): TracedCommand {
  return { layers: [], fromInput: false, writes, cwds: walk.cwds };
}

function analyseNode(walk: Walk, node: SimpleCommand, depth: number, seen: Set<string>): void {
  if (walk.commands.length >= MAX_COMMANDS) {
    note(walk, "the command runs too many commands to analyse");
    return;
  }
  const writes = node.redirects
    .filter((redirect) => WRITE_OPS.has(redirect.op) && redirect.target !== null)
    .map((redirect) => redirect.target?.text ?? "")
    .filter((target) => !/^\d+$|^-$/.test(target));
  const first = node.words[0];
  if (first === undefined) {
    if (writes.length > 0) walk.commands.push(bareRedirect(walk, writes));
    return;
  }
  const alias = walk.context.aliases?.[first.text];
  if (alias !== undefined && !hasDynamic(first) && !seen.has(first.text)) {
    if (writes.length > 0) walk.commands.push(bareRedirect(walk, writes));
    const rest = node.words.slice(1).map((word) => quoteWord(word.text));
    analyseText(
      walk,
      joinedWithinBudget([alias, ...rest]),
      depth + 1,
      new Set([...seen, first.text]),
    );
    return;
  }
  if (hasDynamic(first)) note(walk, "the command name is only known at run time");
  else if (first.glob) note(walk, "the command name is a glob pattern");
  const hashed = first.text.includes("/") ? undefined : walk.context.hashed?.[first.text];
  const words = hashed === undefined ? node.words : [staticWord(hashed), ...node.words.slice(1)];
  const layers = resolveLayers({ ...node, words });
  const argvs = layers.map((layer) => [layer.nameWord.text, ...layer.args.map((w) => w.text)]);
  const fromInput = layers.some((layer) => layer.argsFromInput);
  walk.commands.push({ layers: argvs, fromInput, writes, cwds: walk.cwds });

  const body = walk.context.functions?.[first.text];
  if (body !== undefined && !seen.has(first.text)) {
    analyseText(walk, body, depth + 1, new Set([...seen, first.text]));
  }
  const inner = layers.at(-1);
  if (inner === undefined) return;
  if (inner.name === "cd" || inner.name === "pushd") {
    changeDirectory(walk, inner.args);
    return;
  }
  if (inner.name === "eval") {
    if (inner.args.some(hasDynamic)) note(walk, "eval runs a command built at run time");
    else
      analyseText(walk, joinedWithinBudget(inner.args.map((word) => word.text)), depth + 1, seen);
    return;
  }
  if (SHELLS.has(inner.name) || inner.name === "su") {
    shellPayload(walk, node, inner.args, depth, seen);
    return;
  }
  if (inner.name === "find") findCommands(walk, node, inner.args, depth, seen);
}

function changeDirectory(walk: Walk, args: readonly Word[]): void {
  const operands = args.filter((word) => !/^-[LPe@]+$/.test(word.text));
  const target = operands[0];
  const home = walk.context.home;
  if (target === undefined && home === undefined) walk.cwds = null;
  if (walk.cwds === null) return;
  if (target === undefined) {
    walk.cwds = [...walk.cwds, home ?? "/"];
    return;
  }
  if (hasDynamic(target) || target.glob || target.text === "-") {
    walk.cwds = null;
    return;
  }
  const next = walk.cwds.map((cwd) => resolveDirectory(target.text, cwd, home));
  if (next.some((dir) => dir === null)) walk.cwds = null;
  else {
    // A `cd` may not happen (it failed, or it ran in a subshell): both directories stay
    // possible. Past a few possibilities the directory is unknown (keeps long scripts linear).
    const cwds = [...new Set([...walk.cwds, ...(next as string[])])];
    walk.cwds = cwds.length > MAX_CWDS ? null : cwds;
  }
}

const SHELL_OPTIONS_WITH_VALUE = /^(?:[-+][A-Za-z]*[oO]|--rcfile|--init-file)$/;

/** A shell given a script file runs that file; one without (or with `-s`) reads stdin. */
function readsStdin(args: readonly Word[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text ?? "";
    if (text === "--") return i + 1 >= args.length;
    if (text === "-s" || text === "-") return true;
    if (SHELL_OPTIONS_WITH_VALUE.test(text)) i++;
    else if (!/^[-+]/.test(text)) return false;
  }
  return true;
}

/** `bash -c CMD`, `su -c CMD`, or a shell reading commands from a pipe, here-doc or here-string. */
function shellPayload(
  walk: Walk,
  node: SimpleCommand,
  args: readonly Word[],
  depth: number,
  seen: Set<string>,
): void {
  const flag = args.findIndex((word) => /^[-+][A-Za-z]*c[A-Za-z]*$/.test(word.text));
  if (flag >= 0) {
    const payload = args.slice(flag + 1).find((word) => !/^[-+]/.test(word.text));
    if (payload === undefined) return;
    if (hasDynamic(payload)) note(walk, "a shell runs a command built at run time");
    else analyseText(walk, payload.text, depth + 1, seen);
    return;
  }
  if (!readsStdin(args)) return;
  for (const redirect of node.redirects) {
    if (redirect.heredoc !== null) analyseText(walk, redirect.heredoc, depth + 1, seen);
    else if (redirect.op === "<<<" && redirect.target !== null) {
      if (hasDynamic(redirect.target)) note(walk, "a shell reads commands built at run time");
      else analyseText(walk, redirect.target.text, depth + 1, seen);
    }
  }
  const upstream = node.upstream.at(-1);
  if (upstream === undefined) return;
  const input = stageOutput(upstream);
  if (input === null) note(walk, "a shell reads commands that are only known at run time");
  else analyseText(walk, input, depth + 1, seen);
}

/** The commands `find -exec ... ;` runs, one per `-exec`/`-execdir`/`-ok`. */
function findCommands(
  walk: Walk,
  node: SimpleCommand,
  args: readonly Word[],
  depth: number,
  seen: Set<string>,
): void {
  for (let i = 0; i < args.length; i++) {
    if (!FIND_EXEC.has(args[i]?.text ?? "")) continue;
    const end = args.findIndex((word, j) => j > i && (word.text === ";" || word.text === "+"));
    const words = args.slice(i + 1, end < 0 ? args.length : end);
    i = end < 0 ? args.length : end;
    const program = words[0];
    if (program === undefined) continue;
    if (program.text.includes("{}")) note(walk, "find runs a command named by the files it finds");
    if (depth < MAX_DEPTH)
      analyseNode(walk, { ...node, words, redirects: [], upstream: [] }, depth + 1, seen);
  }
}

/** The program name of an analysed command's innermost layer (`/bin/RM` → `rm`). */
export function programOf(command: TracedCommand): string {
  return commandBaseName(command.layers.at(-1)?.[0] ?? "");
}

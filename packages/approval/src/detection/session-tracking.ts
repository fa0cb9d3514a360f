import {
  commandBaseName,
  DYNAMIC,
  parseFlags,
  parseShell,
  staticWord,
  type SimpleCommand,
} from "@hermes-agent/shell";
import { isInsideDir, type SessionState } from "./command-context.js";
import { joinedWithinBudget, spendWork } from "./alias-expansion.js";
import { cdpathLanding, trackLinks, trackMovedIn } from "./path-tracking.js";
import { lineNamesSystemPath } from "./run-time-targets.js";

// Programs that copy or link a file to a new name (the new name then runs the same program).
const COPIERS: ReadonlyMap<string, string> = new Map([
  ["cp", "tS"],
  ["ln", "tS"],
  ["install", "gmotS"],
  ["mv", "tS"],
  ["rsync", "e"],
]);

// Builtins that change what later commands mean (with cat and the copiers above).
const SESSION_BUILTINS: ReadonlySet<string> = new Set([
  "cd",
  "pushd",
  "popd",
  "chdir",
  "alias",
  "unalias",
  "hash",
]);
const PATH_DIRECTORY = /(?:^|\/)s?bin\/[^/]+$/;

function joinPath(base: string, path: string): string {
  if (path.startsWith("/") || path.startsWith("~")) return path;
  const parts = (base === "/" ? "" : base).split("/");
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length > 1) parts.pop();
    } else parts.push(part);
  }
  return parts.join("/") || "/";
}

function trackDirectory(state: SessionState, cmd: SimpleCommand): void {
  if (cmd.words[0]?.text === "popd") {
    enterDirectory(state, DYNAMIC);
    return;
  }
  const target = cmd.words.slice(1).find((word) => !/^-[LPe@]*$/.test(word.text));
  if (target === undefined) {
    enterDirectory(state, cmd.words[0]?.text === "pushd" ? DYNAMIC : "~");
    return;
  }
  const prefix = cmd.assignments.find((assignment) => assignment.name === "CDPATH");
  const saved = state.cdpath;
  if (prefix !== undefined) state.cdpath = prefix.value.dynamic ? DYNAMIC : prefix.value.text;
  // CDPATH may send a relative `cd` elsewhere: the most dangerous place it may land.
  const landing = cdpathLanding(state, target.text);
  state.cdpath = saved;
  const dir = target.text === "-" ? (state.oldCwd ?? DYNAMIC) : (landing ?? target.text);
  enterDirectory(state, dir);
  // A directory only known at run time, in a line that names a system path (`cd "$(dirname
  // /etc)"`), or reached through a CDPATH only known at run time, may be any of them.
  if (dir.includes(DYNAMIC) && (landing === DYNAMIC || lineNamesSystemPath(state)))
    state.unsafeCwd = true;
}

/**
 * Move the session to `dir` (absolute, `~`-relative, relative to the current directory, or
 * {@link DYNAMIC} when only known at run time), noting whether it left the working tree: once
 * it has, a relative delete is no longer a delete inside the project.
 */
export function enterDirectory(state: SessionState, dir: string): void {
  state.work.version++;
  state.oldCwd = state.cwd;
  state.unsafeCwd = false;
  if (dir.includes(DYNAMIC)) {
    // `cd /proc/$pid`: where it goes is partly known; relative paths keep the known part.
    state.cwd = dir.startsWith("/") ? joinPath("/", dir) : null;
    state.left = true;
    return;
  }
  if (dir === "~" || dir.startsWith("~/")) {
    // Without a known home, `~` itself stands for it (paths fold to `~/...` the same way).
    state.cwd = state.home === null ? dir.replace(/\/+$/, "") : joinPath(state.home, dir.slice(2));
    state.left = true;
  } else if (dir.startsWith("~")) {
    state.cwd = null;
    state.left = true;
  } else if (dir.startsWith("/")) state.cwd = joinPath("/", dir);
  else if (state.cwd !== null) state.cwd = joinPath(state.cwd, dir);
  else {
    // No directory known: follow how far below the start relative moves go.
    for (const part of dir.split("/")) {
      if (part === "..") state.depth--;
      else if (part !== "" && part !== ".") state.depth++;
      if (state.depth < 0) state.left = true;
    }
    return;
  }
  if (state.cwd !== null && state.workspace !== null)
    state.left = !isInsideDir(state.cwd, state.workspace);
}

function trackAliases(state: SessionState, cmd: SimpleCommand): void {
  for (const word of cmd.words.slice(1)) {
    const eq = word.text.indexOf("=");
    if (eq <= 0) continue;
    state.aliases.set(word.text.slice(0, eq), word.dynamic ? DYNAMIC : word.text.slice(eq + 1));
  }
}

function trackHash(state: SessionState, cmd: SimpleCommand): void {
  const words = cmd.words.slice(1);
  if (words.some((word) => /^-\w*r/.test(word.text))) state.renamed.clear();
  const flags = parseFlags(words, { shortWithValue: "p" });
  const path = flags.shortValues.get("p");
  if (path === undefined) return;
  for (const name of flags.operands) state.renamed.set(name.text, path);
}

/** Record `cp /bin/rm x` / `ln -s /bin/rm x`: running `x` (or `./x`) later runs rm. */
function trackCopies(state: SessionState, cmd: SimpleCommand, withValue: string): void {
  const flags = parseFlags(cmd.words.slice(1), { shortWithValue: withValue });
  const operands = flags.operands;
  if (operands.length < 2) return;
  const dest = operands[operands.length - 1];
  if (dest === undefined || dest.dynamic) return;
  for (const source of operands.slice(0, -1)) {
    const program = source.dynamic ? DYNAMIC : source.text;
    const base = commandBaseName(source.text);
    const names = dest.text.endsWith("/") ? [`${dest.text}${base}`] : [dest.text];
    for (const name of names) {
      state.renamed.set(name, program);
      state.renamed.set(name.replace(/^\.\//, ""), program);
      if (!name.includes("/")) state.renamed.set(`./${name}`, program);
      const cwd = state.cwd;
      if (cwd !== null && !/^[/~]/.test(name)) state.renamed.set(joinPath(cwd, name), program);
      // A copy put in a directory on the usual PATH (`~/bin/copy`, `/usr/local/bin/x`) also
      // runs by its bare name.
      if (PATH_DIRECTORY.test(name)) state.renamed.set(commandBaseName(name), program);
    }
  }
}

/** `cat /bin/rm > ./lint`: one file written whole to a new name is a copy of it. */
function trackCatCopy(state: SessionState, cmd: SimpleCommand): void {
  const operands = cmd.words.slice(1).filter((word) => word.text !== "--");
  const source = operands[0];
  const output = cmd.redirects.find((r) => r.op === ">" && (r.fd === null || r.fd === "1"));
  const target = output?.target;
  if (operands.length !== 1 || source === undefined || !target || target.dynamic) return;
  trackCopies(state, { ...cmd, words: [staticWord("cp"), source, target], redirects: [] }, "");
}

/**
 * Update the session state with what a command changes for the commands after it: the working
 * directory (`cd`), aliases, the hash table, and programs copied or linked to a new name.
 */
export function trackSession(state: SessionState, cmd: SimpleCommand): void {
  const word = cmd.words[0];
  if (word === undefined || word.dynamic) return;
  const name = word.text;
  if ((name === "builtin" || name === "command") && cmd.words.length > 1) {
    if (!/^-/.test(cmd.words[1]?.text ?? ""))
      trackSession(state, { ...cmd, words: cmd.words.slice(1) });
    return;
  }
  if (name === "eval") {
    // `eval alias ll=rm` defines the alias in this shell, for the commands after it.
    const args = cmd.words.slice(1);
    if (args.length === 0 || args.some((arg) => arg.dynamic)) return;
    spendWork(state);
    const text = joinedWithinBudget(args.map((arg) => arg.text));
    for (const inner of parseShell(text, state.environment ?? undefined).commands)
      trackSession(state, inner);
    return;
  }
  if (
    SESSION_BUILTINS.has(name) ||
    commandBaseName(name) === "cat" ||
    COPIERS.has(commandBaseName(name))
  )
    state.work.version++;
  if (name === "cd" || name === "pushd" || name === "popd" || name === "chdir")
    trackDirectory(state, cmd);
  else if (name === "alias") trackAliases(state, cmd);
  else if (name === "unalias")
    for (const arg of cmd.words.slice(1)) {
      if (arg.text === "-a") state.aliases.clear();
      else state.aliases.delete(arg.text);
    }
  else if (name === "hash") trackHash(state, cmd);
  else if (commandBaseName(name) === "cat") trackCatCopy(state, cmd);
  else {
    const withValue = COPIERS.get(commandBaseName(name));
    if (withValue !== undefined) trackCopies(state, cmd, withValue);
    trackLinks(state, cmd);
    trackMovedIn(state, cmd);
  }
}

/** The program a command word really runs in the session (hash table, renamed copies). */
export function renamedProgram(state: SessionState, text: string): string | undefined {
  return state.renamed.get(text);
}

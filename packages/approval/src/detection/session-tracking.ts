import {
  commandBaseName,
  DYNAMIC,
  parseFlags,
  staticWord,
  type SimpleCommand,
} from "@hermes-agent/shell";
import type { SessionState } from "./command-context.js";

// Programs that copy or link a file to a new name (the new name then runs the same program).
const COPIERS: ReadonlyMap<string, string> = new Map([
  ["cp", "tS"],
  ["ln", "tS"],
  ["install", "gmotS"],
  ["mv", "tS"],
  ["rsync", "e"],
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
  const target = cmd.words.slice(1).find((word) => !/^-[LPe@]*$/.test(word.text));
  if (target === undefined) state.cwd = state.home ?? "~";
  else if (target.dynamic || target.text === "-") state.cwd = null;
  else if (target.text.startsWith("~") && state.home !== null)
    state.cwd = joinPath(state.home, target.text.slice(1).replace(/^\//, ""));
  else if (/^[/~]/.test(target.text)) state.cwd = joinPath("/", target.text);
  else state.cwd = state.cwd === null ? null : joinPath(state.cwd, target.text);
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
  if (name === "cd" || name === "pushd" || name === "chdir") trackDirectory(state, cmd);
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
  }
}

/** The program a command word really runs in the session (hash table, renamed copies). */
export function renamedProgram(state: SessionState, text: string): string | undefined {
  return state.renamed.get(text);
}

// Files an editor's command mode writes: vim/ex `:w FILE`, `:w! FILE`, `:saveas FILE`, a bare
// `:wq` / `:x` that saves the file being edited, and ed's `w FILE` / bare `w`. Each written path
// is then judged like the target of a `>` redirection, so `vim -es -c 'w! /etc/sudoers'` and
// `printf '1d\nw\n' | ed -s /etc/passwd` are system writes.
import type { ResolvedCommand, Word } from "@hermes-agent/shell";
import type { DangerousCommandMatch } from "../types.js";
import { stdinText } from "@hermes-agent/shell";
import { writeTargetMatch } from "./write-rules.js";
import { worstMatch } from "./worst-match.js";

type Match = DangerousCommandMatch | null;

// Ex command names (every abbreviation vim accepts) that write the buffer.
const EX_WRITES = new Set([
  "w",
  "wr",
  "wri",
  "writ",
  "write",
  "wq",
  "wqa",
  "wqal",
  "wqall",
  "x",
  "xi",
  "xit",
  "exi",
  "exit",
  "xa",
  "xal",
  "xall",
  "wa",
  "wal",
  "wall",
  "sav",
  "save",
  "savea",
  "saveas",
  "up",
  "upd",
  "upda",
  "updat",
  "update",
  "wn",
  "wnext",
  "wN",
  "wNext",
  "wp",
  "wprevious",
]);
// Ex commands that switch the buffer to another file (a later bare `:w` writes that file).
const EX_EDITS = new Set([
  "e",
  "ed",
  "edi",
  "edit",
  "vi",
  "vis",
  "visual",
  "sp",
  "split",
  "new",
  "vne",
  "vnew",
  "tabe",
  "tabedit",
  "tabnew",
  "vs",
  "vsplit",
  "o",
  "open",
]);
// Vim options that take the next word as their value.
const VIM_WITH_VALUE = new Set([
  "-c",
  "--cmd",
  "-u",
  "-U",
  "-i",
  "-T",
  "-W",
  "-w",
  "-t",
  "-S",
  "-q",
  "-r",
  "--servername",
  "--remote",
  "--startuptime",
  "--listen",
]);
const EX_RANGE =
  /^(?:%|[.$\d]+|'[a-z<>]|\/[^/]*\/|\?[^?]*\?)(?:\s*[,;]\s*(?:[.$\d]+|'[a-z<>]|\/[^/]*\/|\?[^?]*\?)?)?/;
const EX_MODIFIERS =
  /^(?:sil(?:ent)?!?|keepj(?:umps)?|keepa(?:lt)?|keepm(?:arks)?|lockm(?:arks)?|noa(?:utocmd)?|uns(?:ilent)?|bo(?:tright)?|to(?:pleft)?|vert(?:ical)?|tab)\s+/;

/** One ex command line split on `|` and stripped of `:`, modifiers and a range. */
function exCommands(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(/\s*\|\s*|\n/)) {
    let command = part.trim().replace(/^[:\s]+/, "");
    for (let i = 0; i < 4; i++) {
      const modifier = EX_MODIFIERS.exec(command);
      if (modifier === null) break;
      command = command.slice(modifier[0].length).replace(/^:+/, "");
    }
    command = command.replace(EX_RANGE, "").trim();
    if (command !== "") out.push(command);
  }
  return out;
}

/**
 * The paths a sequence of ex commands writes, given the files the editor was started on. A
 * bare write saves the current file; `:e FILE` makes FILE current.
 */
export function exWrittenPaths(commands: readonly string[], files: readonly string[]): string[] {
  const written: string[] = [];
  let current: readonly string[] = files;
  for (const line of commands) {
    for (const command of exCommands(line)) {
      const m = /^([A-Za-z]+)(!?)\s*([\s\S]*)$/.exec(command);
      if (m === null) continue;
      const name = m[1] ?? "";
      const argument = (m[3] ?? "").replace(/^(?:\+\+\S+\s*)+/, "").trim();
      if (EX_EDITS.has(name) && argument !== "" && !argument.startsWith("!")) {
        current = [argument];
        continue;
      }
      if (!EX_WRITES.has(name) || argument.startsWith("!")) continue;
      const target = argument.replace(/^>>\s*/, "");
      if (target !== "") written.push(target.split(/\s+/)[0] ?? target);
      else written.push(...current);
    }
  }
  return written;
}

/** The ex commands a vim-family command line runs and the files it edits. */
function vimInvocation(cmd: ResolvedCommand): { commands: string[]; files: string[] } {
  const commands: string[] = [];
  const files: string[] = [];
  const args: readonly Word[] = cmd.args;
  const exMode =
    /^(?:ex|vim?\.?|nvim|gvim|rvim|view)$/.test(cmd.name) &&
    (cmd.name === "ex" || args.some((word) => /^-[a-zA-Z]*[eE]/.test(word.text)));
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text ?? "";
    if (text === "--") {
      files.push(...args.slice(i + 1).map((word) => word.text));
      break;
    }
    // `-c CMD`, and a bundle ending in it (`ex -sc CMD`).
    if (text === "--cmd" || /^-[a-zA-Z]*c$/.test(text)) commands.push(args[++i]?.text ?? "");
    else if (text.startsWith("+") && text.length > 1) commands.push(text.slice(1));
    else if (VIM_WITH_VALUE.has(text) || (text === "-s" && !exMode)) i++;
    else if (!text.startsWith("-")) files.push(text);
  }
  // In ex mode (`vim -es`, `ex -s`) commands also come from stdin.
  if (exMode) {
    const input = stdinText(cmd.source);
    if (input !== null) commands.push(...input.split("\n"));
  }
  return { commands, files };
}

/** `vim -es -c 'w! /etc/sudoers'`, `ex -sc 'g/x/d|x' /etc/passwd`: files the editor saves. */
export function vimWriteMatch(cmd: ResolvedCommand): Match {
  const { commands, files } = vimInvocation(cmd);
  if (commands.length === 0) return null;
  return worstMatch(exWrittenPaths(commands, files).map((path) => writeTargetMatch(path)));
}

/** `ed -s FILE <<< $'1d\nw'`, `printf 'w /etc/x\n' | ed`: files an ed script writes. */
export function edWriteMatch(cmd: ResolvedCommand): Match {
  const script = stdinText(cmd.source);
  if (script === null) return null;
  const files = cmd.args.filter((word) => !word.text.startsWith("-")).map((word) => word.text);
  const written: string[] = [];
  for (const line of script.split("\n")) {
    const m = /^\s*(?:[\d.$,;+-]|'[a-z])*([wW]q?)(?:\s+(\S+))?\s*$/.exec(line);
    if (m === null || (m[2] ?? "").startsWith("!")) continue;
    if ((m[2] ?? "") !== "") written.push(m[2] ?? "");
    else written.push(...files);
  }
  return worstMatch(written.map((path) => writeTargetMatch(path)));
}

// Debugger command lines given on the command line (`gdb -ex CMD`, `lldb -o CMD`) that run a
// shell or embedded interpreter: gdb's `shell`/`!`/`pipe`, `python CODE` (also `py`, `pi`,
// `python-interactive`), `guile CODE`, and `call`/`print` of `system("...")` inside the
// debugged process; lldb's `platform shell`, `script CODE` (Python by default), and
// `expression`/`p` of `system("...")`.
import type { Language } from "./code-capabilities.js";

/** What one debugger command runs: a shell line, code in a language, or nothing known. */
export type DebuggerAction =
  { readonly shell: string } | { readonly code: string; readonly language: Language } | null;

const GDB_SHELL = /^\s*(?:!|shell\s|pipe\s[^|]*\|)(.*)$/s;
const GDB_PYTHON = /^\s*(?:python3?|py|pi|python-interactive)\s+(.+)$/s;
const LLDB_SHELL = /^\s*(?:platform\s+shell|shell)\s+(?:-[a-zA-Z]+\s+)*(.+)$/s;
const LLDB_SCRIPT = /^\s*script(?:\s+(?:-l|--language)\s*(?:python|lua))?\s+(.+)$/s;
// `call system("id")`, `print (int)system("...")`, `expr -- (void)system("...")`.
const SYSTEM_CALL =
  /^\s*(?:call|print|p|output|expr(?:ession)?|po)\b.*?\b(?:system|popen|execl?[vpe]*)\s*\(\s*"((?:[^"\\]|\\.)*)"/s;
const LLDB_LUA = /^\s*script\s+(?:-l|--language)\s*lua\s+(.+)$/s;

/** What a gdb command line (an `-ex` value) runs. */
export function gdbAction(text: string): DebuggerAction {
  const shell = GDB_SHELL.exec(text)?.[1];
  if (shell !== undefined) return { shell };
  const python = GDB_PYTHON.exec(text)?.[1];
  if (python !== undefined) return { code: python, language: "python" };
  const call = SYSTEM_CALL.exec(text)?.[1];
  return call === undefined ? null : { shell: call.replace(/\\(.)/g, "$1") };
}

/** What an lldb command line (an `-o`/`-O`/`-k` value) runs. */
export function lldbAction(text: string): DebuggerAction {
  const shell = LLDB_SHELL.exec(text)?.[1];
  if (shell !== undefined) return { shell };
  const lua = LLDB_LUA.exec(text)?.[1];
  if (lua !== undefined) return { code: lua, language: "lua" };
  const script = LLDB_SCRIPT.exec(text)?.[1];
  if (script !== undefined) return { code: script, language: "python" };
  const call = SYSTEM_CALL.exec(text)?.[1];
  return call === undefined ? null : { shell: call.replace(/\\(.)/g, "$1") };
}

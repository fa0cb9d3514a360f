import { DYNAMIC, staticWord, type SimpleCommand, type Word } from "./shell-ir.js";

// bash's own tables, written as associative arrays: an element of BASH_ALIASES is an alias,
// an element of BASH_CMDS is a hash-table entry (`BASH_CMDS[ls]=/bin/rm` = `hash -p /bin/rm ls`).
const TABLE_ELEMENT = /^(BASH_ALIASES|BASH_CMDS)\[(.*)\]$/s;
const ARRAY_ELEMENT = /\[([^\]]+)\]=("[^"]*"|'[^']*'|[^\s)]*)/g;

function unquote(text: string): string {
  return /^(["']).*\1$/s.test(text) ? text.slice(1, -1) : text;
}

function tableCommand(table: string, key: string, value: string, dynamic: boolean): SimpleCommand {
  const shown = dynamic ? DYNAMIC : value;
  const words: Word[] =
    table === "BASH_ALIASES"
      ? [staticWord("alias"), { ...staticWord(`${key}=${shown}`), dynamic }]
      : [staticWord("hash"), staticWord("-p"), { ...staticWord(shown), dynamic }, staticWord(key)];
  return { assignments: [], words, redirects: [], upstream: [] };
}

/**
 * The `alias` / `hash -p` commands an assignment to bash's alias or command table amounts to
 * (`BASH_ALIASES[ll]=rm`, `BASH_CMDS+=([ls]=/bin/rm)`), so the session tracks them like the
 * builtins; an empty list for any other variable.
 */
export function tableAssignmentCommands(
  name: string,
  value: Word,
  arrayText: string | null,
): SimpleCommand[] {
  const element = TABLE_ELEMENT.exec(name);
  if (element !== null) {
    const [, table = "", key = ""] = element;
    return [tableCommand(table, unquote(key), value.text, value.dynamic)];
  }
  if ((name !== "BASH_ALIASES" && name !== "BASH_CMDS") || arrayText === null) return [];
  const commands: SimpleCommand[] = [];
  for (const match of arrayText.matchAll(ARRAY_ELEMENT)) {
    const raw = match[2] ?? "";
    commands.push(tableCommand(name, unquote(match[1] ?? ""), unquote(raw), /[$`]/.test(raw)));
  }
  return commands;
}

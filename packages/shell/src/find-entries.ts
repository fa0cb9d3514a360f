// What a `find` command line lists, as paths a later command may receive: each start point
// joined with each name the expression tests (`find / -name id_rsa` lists `/…/id_rsa`), so a
// command fed those paths (`| xargs cat`, `-exec rm -rf {} +`) is judged with them.
import { commandBaseName } from "./resolved-command.js";
import type { SimpleCommand, Word } from "./shell-ir.js";

const MAX_ENTRIES = 4;
const NAME_TESTS = new Set(["-name", "-iname"]);
const PATH_TESTS = new Set(["-path", "-ipath", "-wholename", "-iwholename"]);

/**
 * Paths a find command line lists: each start point with each `-name`/`-iname` value (a
 * `-path` value as it is), at most four; empty when the expression tests no name, null when
 * a start point or a name is only known at run time.
 */
export function findEntries(words: readonly Word[]): string[] | null {
  const args = words.slice(1);
  const starts: Word[] = [];
  let i = 0;
  while (i < args.length && !/^[-(!]/.test(args[i]?.text ?? "-")) starts.push(args[i++] as Word);
  const roots = starts.length === 0 ? ["."] : starts.map((word) => word.text);
  if (starts.some((word) => word.dynamic)) return null;
  const out: string[] = [];
  for (; i < args.length && out.length < MAX_ENTRIES; i++) {
    const test = args[i]?.text ?? "";
    const value = args[i + 1];
    if (!NAME_TESTS.has(test) && !PATH_TESTS.has(test)) continue;
    if (value === undefined || value.dynamic) return null;
    i++;
    if (PATH_TESTS.has(test)) out.push(value.text);
    else for (const root of roots) out.push(`${root.replace(/\/+$/, "")}/${value.text}`);
  }
  return out.slice(0, MAX_ENTRIES);
}

/** The paths a pipeline stage lists when it is a `find` command, or null. */
export function listedPaths(stage: SimpleCommand): string[] | null {
  const name = commandBaseName(stage.words[0]?.text ?? "");
  if (name !== "find" && name !== "gfind") return null;
  if (stage.words.some((word) => /^-(?:exec|execdir|ok|okdir|delete|fprint\w*)$/.test(word.text)))
    return null;
  const entries = findEntries(stage.words);
  return entries === null || entries.length === 0 ? null : entries;
}

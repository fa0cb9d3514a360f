// Data a command moved into the workspace from outside it (`mv /tmp/data ./d`, `mv ~/x -t .`),
// remembered per session for the rest of the manager's life: a later `rm -rf d` deletes that
// data, so detection is told to judge it as outside the tree (the `movedIn` context field).
import path from "node:path";
import { commandBaseName, DYNAMIC } from "@hermes-agent/shell";
import type { CommandTrace } from "./command-trace.js";
import { isInside, type TargetPlaces } from "./target-paths.js";

/** Most paths remembered per session (the oldest are forgotten past it). */
const MAX_REMEMBERED = 1_000;
const OPTIONS_WITH_VALUE = new Set(["-t", "-S", "--target-directory", "--suffix"]);

const remembered = new WeakMap<object, Map<string, Set<string>>>();

/** The moved-in paths remembered for a session of a manager. */
export function movedInPaths(owner: object, sessionKey: string): readonly string[] {
  return [...(remembered.get(owner)?.get(sessionKey) ?? [])];
}

function absolute(text: string, cwd: string, home: string | undefined): string | null {
  if (text.includes(DYNAMIC)) return null;
  if (text === "~" || text.startsWith("~/"))
    return home === undefined ? null : path.posix.join(home, text.slice(1));
  if (text.startsWith("~")) return null;
  return path.posix.resolve(cwd, text);
}

/** The names `mv` argv (after the program) gives its sources in the tree, by source. */
function moves(argv: readonly string[]): { sources: string[]; names: (src: string) => string[] } {
  const operands: string[] = [];
  let targetDir: string | undefined;
  let noTarget = false;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] ?? "";
    if (word === "--") {
      operands.push(...argv.slice(i + 1));
      break;
    }
    if (OPTIONS_WITH_VALUE.has(word)) {
      if (word === "-t" || word === "--target-directory") targetDir = argv[i + 1];
      i++;
    } else if (word.startsWith("--target-directory=")) targetDir = word.slice(19);
    else if (/^-t./.test(word)) targetDir = word.slice(2);
    else if (word === "-T" || word === "--no-target-directory") noTarget = true;
    else if (!word.startsWith("-") || word === "-") operands.push(word);
  }
  const base = (src: string): string => path.posix.basename(src.replace(/\/+$/, ""));
  if (targetDir !== undefined) {
    const dir = targetDir;
    return { sources: operands, names: (src) => [`${dir}/${base(src)}`] };
  }
  const dest = operands.pop();
  if (dest === undefined || operands.length === 0) return { sources: [], names: () => [] };
  const intoDir = operands.length > 1 || dest.endsWith("/");
  return {
    sources: operands,
    names: (src) =>
      intoDir ? [`${dest}/${base(src)}`] : noTarget ? [dest] : [dest, `${dest}/${base(src)}`],
  };
}

/** Remember the paths a checked line moves into the workspace from outside it. */
export function rememberMovedIn(
  owner: object,
  sessionKey: string,
  analysis: CommandTrace,
  places: TargetPlaces,
): void {
  const workspace = places.workspace;
  if (workspace === undefined) return;
  for (const command of analysis.commands) {
    const argv = command.layers.at(-1);
    const program = commandBaseName(argv?.[0] ?? "");
    if (argv === undefined || (program !== "mv" && program !== "gmv")) continue;
    const { sources, names } = moves(argv.slice(1));
    for (const cwd of command.cwds ?? []) {
      for (const source of sources) {
        const from = absolute(source, cwd, places.home);
        if (from !== null && isInside(places.resolve(from), workspace)) continue;
        for (const name of names(source)) {
          const at = absolute(name, cwd, places.home);
          if (at === null || !isInside(places.resolve(at), workspace)) continue;
          let sessions = remembered.get(owner);
          if (sessions === undefined) remembered.set(owner, (sessions = new Map()));
          let paths = sessions.get(sessionKey);
          if (paths === undefined) sessions.set(sessionKey, (paths = new Set()));
          paths.add(at);
          if (paths.size > MAX_REMEMBERED) paths.delete(paths.values().next().value as string);
        }
      }
    }
  }
}

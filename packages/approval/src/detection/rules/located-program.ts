// A command word that is the path lookup of a named program, `$(which python3) -m pytest` or
// `"$(command -v node)" --version`: it runs that program (or nothing, when it is not
// installed), so it is judged as the named program, not as an unknown one.
import { DYNAMIC, type Word } from "@hermes-agent/shell";

// Lookups that print the path of the program they are given.
const LOOKUPS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["which", new Set(["", "-a", "-s"])],
  ["command", new Set(["-v", "-V"])],
  ["type", new Set(["-p", "-P"])],
]);

/** The program a `$(which NAME)`-style command word runs, or null when it is not one. */
export function locatedProgram(word: Word): string | null {
  if (!word.dynamic || word.text !== DYNAMIC || word.substitutions.length !== 1) return null;
  const script = word.substitutions[0];
  if (script === undefined || script.commands.length !== 1 || script.incomplete) return null;
  const cmd = script.commands[0];
  if (cmd === undefined || cmd.upstream.length > 0 || cmd.assignments.length > 0) return null;
  const texts = cmd.words.map((w) => (w.dynamic || w.glob ? null : w.text));
  if (texts.length < 2 || texts.includes(null)) return null;
  const options = LOOKUPS.get(texts[0] as string);
  const name = texts[texts.length - 1] as string;
  const flags = texts.slice(1, -1).join(" ");
  if (options === undefined || !options.has(flags)) return null;
  return /^[\w.+-]+$/.test(name) ? name : null;
}

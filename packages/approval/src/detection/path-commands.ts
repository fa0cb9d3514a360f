// Bare command words that run a file from a directory the session itself put on its PATH
// (`export PATH=/tmp/x:$PATH` in one call, `ls` in the next runs /tmp/x/ls). Detection never
// touches a backend's filesystem: the terminal looks the words up where the command will run
// and passes what it found in the context (`pathCommands`); this module turns that into what
// the word really runs, so the word is judged by what the file is, never by its name.
import { rule, type RuleInfo } from "./types.js";

/**
 * What a bare command word runs when it resolves, through the session's PATH, to a file in a
 * directory the session added (not a standard system directory), as found on the backend:
 *
 * - `script`: a text file (at most 64 KiB), judged by its content as `bash FILE` is;
 * - `program`: a copy or link of a known program, judged as that program;
 * - `unknown`: any other file there (a binary, a file too large or unreadable);
 * - `unresolved`: the directories could not be looked in; what runs is not known.
 */
export type PathCommand =
  | { readonly kind: "script"; readonly path: string; readonly text: string }
  | { readonly kind: "program"; readonly path: string; readonly program: string }
  | { readonly kind: "unknown"; readonly path: string }
  | { readonly kind: "unresolved"; readonly dirs: readonly string[] };

/** Rules of command words resolved through directories the session added to PATH. */
export const PATH_COMMAND_RULES: {
  readonly unknownProgram: RuleInfo;
  readonly unresolved: RuleInfo;
} = {
  unknownProgram: rule(
    "path-unknown-program",
    "runs an unknown program from a directory the session added to PATH (a user-writable place)",
  ),
  unresolved: rule(
    "path-lookup-failed",
    "runs a command while the session's PATH holds directories it added that could not be looked in",
  ),
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object";
}

function pathCommandOf(value: unknown): PathCommand | null {
  if (!isRecord(value)) return null;
  const { kind, path } = value;
  if (kind === "unresolved") {
    const dirs = Array.isArray(value.dirs)
      ? value.dirs.filter((dir): dir is string => typeof dir === "string")
      : [];
    return { kind, dirs };
  }
  if (typeof path !== "string") return null;
  if (kind === "script" && typeof value.text === "string") return { kind, path, text: value.text };
  if (kind === "program" && typeof value.program === "string" && value.program !== "")
    return { kind, path, program: value.program };
  // Anything else the caller sent for a word is a file nobody could identify.
  return { kind: "unknown", path };
}

/** The `pathCommands` of a caller's context, name to entry (anything malformed is unknown). */
export function pathCommandsOf(record: unknown): Map<string, PathCommand> {
  const map = new Map<string, PathCommand>();
  if (!isRecord(record)) return map;
  for (const [name, value] of Object.entries(record)) {
    if (name === "" || name.includes("/")) continue;
    const entry = pathCommandOf(value);
    if (entry !== null) map.set(name, entry);
  }
  return map;
}

// Commands that try to make the NEXT command run code it never asked for, by planting it in
// the session's saved shell state. The planted code only creates a marker file (`MARK`, a
// placeholder the test replaces with a path in its temp dir), so nothing harmful runs even if
// a defence fails; the test checks that the marker is never created.

/** One planting command (its own run is allowed to do what it likes: it only writes files). */
export interface PoisoningCase {
  readonly name: string;
  /** The command of the first call; `MARK` stands for the marker's path. */
  readonly plant: string;
  /** Whether the session's state must be discarded (a snapshot the dumper never writes). */
  readonly discards: boolean;
}

/** Replace the snapshot this run writes with `lines` (printf's `%s\n` per argument). */
function dumperWriting(...lines: string[]): string {
  const args = lines.map((line) => `'${line.replaceAll("'", `'\\''`)}'`).join(" ");
  return [
    `__hermes_on_exit() { builtin printf '%s\\n' ${args} > "$__hermes_state/$__hermes_run.snap";`,
    ` builtin pwd -P > "$__hermes_state/$__hermes_run.cwd"; }; echo planted`,
  ].join("");
}

export const POISONING_CASES: readonly PoisoningCase[] = [
  {
    name: "command substitution in a double-quoted value",
    plant: dumperWriting('declare -x FOO="$(touch MARK)"'),
    discards: true,
  },
  {
    name: "a command after the declaration",
    plant: dumperWriting('declare -x FOO="x"; touch MARK'),
    discards: true,
  },
  {
    name: "an unquoted substitution",
    plant: dumperWriting("declare -x FOO=$(touch MARK)"),
    discards: true,
  },
  { name: "backquotes", plant: dumperWriting('declare -x FOO="`touch MARK`"'), discards: true },
  {
    name: "a default-value expansion",
    plant: dumperWriting('declare -x FOO="${x:-$(touch MARK)}"'),
    discards: true,
  },
  {
    name: "a double-quoted alias",
    plant: dumperWriting('alias x="$(touch MARK)"'),
    discards: true,
  },
  {
    name: "a command after an alias",
    plant: dumperWriting("alias x='ls'; touch MARK"),
    discards: true,
  },
  {
    name: "a command on its own line",
    plant: dumperWriting('declare -x A="1"', "touch MARK"),
    discards: true,
  },
  {
    name: "a command after a function's closing brace",
    plant: dumperWriting("f () ", "{ ", "    :", "}; touch MARK"),
    discards: true,
  },
  {
    name: "a second statement between two functions",
    plant: dumperWriting("f () ", "{ ", "    :", "}", "touch MARK", "g () ", "{ ", "    :", "}"),
    discards: true,
  },
  {
    name: "the wrapper's command variable",
    plant: dumperWriting('declare -x __hermes_cmd="touch MARK"'),
    discards: true,
  },
  {
    name: "the wrapper's snapshot variable in capitals",
    plant: dumperWriting('declare -x __HERMES_RESTORE="touch MARK"'),
    discards: true,
  },
  {
    name: "a function named builtin",
    plant: dumperWriting("builtin () ", "{ ", "    touch MARK", "}"),
    discards: true,
  },
  {
    name: "the wrapper's exit handler",
    plant: dumperWriting("__hermes_on_exit () ", "{ ", "    touch MARK", "}"),
    discards: true,
  },
  {
    name: "an alias of the exit handler",
    plant: dumperWriting("alias __hermes_on_exit='touch MARK'"),
    discards: true,
  },
  {
    name: "ANSI-C text after the value",
    plant: dumperWriting("declare -x A=$'a' ; touch MARK"),
    discards: true,
  },
  {
    name: "an unterminated value that swallows the next line",
    plant: dumperWriting('declare -x A="a', '$(touch MARK)"'),
    discards: true,
  },
  // Forms the dumper does print, with values a command could still misuse if read as code.
  {
    name: "an integer attribute whose value is an arithmetic expression",
    plant: dumperWriting('declare -x KEEP="kept"', 'declare -ix N="a[\\$(touch MARK)]"'),
    discards: false,
  },
  {
    name: "a nameref with a subscript",
    plant: dumperWriting('declare -x KEEP="kept"', 'declare -nx R="a[\\$(touch MARK)]"'),
    discards: false,
  },
  {
    name: "an escaped substitution (a literal value)",
    plant: dumperWriting('declare -x KEEP="kept"', 'declare -x FOO="\\$(touch MARK)"'),
    discards: false,
  },
  // The current snapshot rewritten in place after it was read, and no new one saved.
  {
    name: "the restored snapshot rewritten in place",
    plant: [
      `for __f in "$__hermes_state"/*.snap; do builtin printf '%s\\n' 'declare -x FOO="$(touch MARK)"' > "$__f"; done`,
      "builtin trap - EXIT; echo planted",
    ].join("; "),
    discards: false,
  },
];

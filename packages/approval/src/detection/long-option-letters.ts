import { canonicalLongOption, type OptionTable } from "@hermes-agent/shell";

/**
 * Long options that are another spelling of a short one, per program (from each program's own
 * option table), so `rm --recursive --force`, `rm --rec --fo` and `rm -rf` compare equal when a
 * deny glob is matched against what runs. Only options without a value are listed.
 */
const LETTERS: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map([
  ["rm", { recursive: "r", force: "f", dir: "d", verbose: "v" }],
  [
    "cp",
    {
      recursive: "r",
      force: "f",
      archive: "a",
      link: "l",
      "symbolic-link": "s",
      verbose: "v",
      "no-dereference": "P",
      dereference: "L",
      "no-clobber": "n",
      update: "u",
      interactive: "i",
    },
  ],
  ["mv", { force: "f", interactive: "i", "no-clobber": "n", verbose: "v", update: "u" }],
  ["ln", { symbolic: "s", force: "f", "no-dereference": "n", verbose: "v", logical: "L" }],
  ["chmod", { recursive: "R", verbose: "v", changes: "c", silent: "f", quiet: "f" }],
  ["chown", { recursive: "R", verbose: "v", changes: "c", silent: "f", quiet: "f" }],
  ["chgrp", { recursive: "R", verbose: "v", changes: "c", silent: "f", quiet: "f" }],
  ["shred", { force: "f", remove: "u", zero: "z", verbose: "v", exact: "x" }],
  ["mkdir", { parents: "p", verbose: "v" }],
  ["rmdir", { parents: "p", verbose: "v" }],
  ["touch", { "no-create": "c" }],
  ["truncate", { "no-create": "c", "io-blocks": "o" }],
]);

const TABLES: ReadonlyMap<string, OptionTable> = new Map(
  [...LETTERS].map(([program, letters]) => [program, { long: Object.keys(letters) }]),
);

/**
 * The short letter a long option word (`--recursive`, `--rec`) means for `program`, or null
 * when it has none (or takes a value, or the program is not listed).
 */
export function shortLetterOf(program: string, word: string): string | null {
  const letters = LETTERS.get(program);
  const table = TABLES.get(program);
  if (letters === undefined || table === undefined || !word.startsWith("--") || word.includes("="))
    return null;
  return letters[canonicalLongOption(word.slice(2), table)] ?? null;
}

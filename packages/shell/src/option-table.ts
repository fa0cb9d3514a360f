import type { Word } from "./shell-ir.js";

/** A program's real option table: which options exist and which take a value. */
export interface OptionTable {
  /** Short option letters that take no value. Unknown letters are read as taking none. */
  readonly short?: string;
  /** Short option letters that take a value (`-n 5`, `-n5`, the last letter of `-xn 5`). */
  readonly shortWithValue?: string;
  /** Long options (without `--`) that take no value. */
  readonly long?: readonly string[];
  /** Long options that take a value (`--name value`, `--name=value`). */
  readonly longWithValue?: readonly string[];
  /** Stop reading options at the first operand (POSIX order: sudo, env, git's globals). */
  readonly posix?: boolean;
}

/** One option as the program reads it. */
export interface ReadOption {
  /** The letter, or the full long name (`--recurs` reads `recursive`). */
  readonly name: string;
  /** The value, for options that take one. */
  readonly value: string | null;
  /** The word holding the value (null when none). */
  readonly valueWord: Word | null;
}

/** Options and operands of an argument list read over an option table. */
export interface ReadOptions {
  readonly options: readonly ReadOption[];
  readonly operands: readonly Word[];
  /** Index in the arguments of the first operand, or the length when there is none. */
  readonly firstOperand: number;
}

/** Each table's long options (with and without a value) sorted, built on first use. */
const SORTED_LONG_OPTIONS = new WeakMap<OptionTable, readonly string[]>();

/**
 * A table's long option names, sorted by UTF-16 code units (so the options a word is a prefix
 * of are neighbours). Built once per table object: option tables are constants.
 */
function sortedLongOptions(table: OptionTable): readonly string[] {
  let sorted = SORTED_LONG_OPTIONS.get(table);
  if (sorted === undefined) {
    sorted = [...(table.long ?? []), ...(table.longWithValue ?? [])].sort();
    SORTED_LONG_OPTIONS.set(table, sorted);
  }
  return sorted;
}

/**
 * The full name a long option word means, as getopt_long and git read it: the exact name, or
 * the one option the word is an unambiguous prefix of. Unknown or ambiguous: the word itself.
 * A binary search over the table's sorted names, not a scan of the table per word.
 */
export function canonicalLongOption(name: string, table: OptionTable): string {
  const all = sortedLongOptions(table);
  let low = 0;
  let high = all.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((all[middle] as string) < name) low = middle + 1;
    else high = middle;
  }
  // Every option starting with `name` sorts from `low` on, the exact name first.
  const first = all[low];
  if (name === "" || first === undefined || first === name || !first.startsWith(name)) return name;
  const second = all[low + 1];
  return second !== undefined && second.startsWith(name) ? name : first;
}

/** Read an argument list the way the program's getopt does, over its option table. */
export function readOptions(args: readonly Word[], table: OptionTable): ReadOptions {
  const options: ReadOption[] = [];
  const operands: Word[] = [];
  const withValue = table.shortWithValue ?? "";
  const longWithValue = table.longWithValue ?? [];
  let firstOperand = args.length;
  let done = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    const text = word.text;
    if (done || text.length < 2 || !text.startsWith("-")) {
      if (firstOperand === args.length) firstOperand = i;
      operands.push(word);
      if (table.posix) done = true;
      continue;
    }
    if (text === "--") {
      done = true;
      if (firstOperand === args.length && i + 1 < args.length) firstOperand = i + 1;
      continue;
    }
    if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const name = canonicalLongOption(eq < 0 ? text.slice(2) : text.slice(2, eq), table);
      if (eq >= 0) options.push({ name, value: text.slice(eq + 1), valueWord: word });
      else if (longWithValue.includes(name)) {
        const next = args[++i] ?? null;
        options.push({ name, value: next?.text ?? "", valueWord: next });
      } else options.push({ name, value: null, valueWord: null });
      continue;
    }
    for (let j = 1; j < text.length; j++) {
      const letter = text.charAt(j);
      if (!withValue.includes(letter)) {
        options.push({ name: letter, value: null, valueWord: null });
        continue;
      }
      if (j + 1 < text.length)
        options.push({ name: letter, value: text.slice(j + 1), valueWord: word });
      else {
        const next = args[++i] ?? null;
        options.push({ name: letter, value: next?.text ?? "", valueWord: next });
      }
      break;
    }
  }
  return { options, operands, firstOperand };
}

/** True when any of the named options (letters or full long names) was given. */
export function hasOption(read: ReadOptions, ...names: readonly string[]): boolean {
  return read.options.some((option) => names.includes(option.name));
}

/** Every value given to the named options, in order. */
export function optionValues(read: ReadOptions, ...names: readonly string[]): ReadOption[] {
  return read.options.filter((option) => names.includes(option.name) && option.value !== null);
}

import type { Word } from "./shell-ir.js";

/** How one command's options are spelled. */
export interface FlagSpec {
  /** Short option letters that take a value (`-n 5`, `-n5`). */
  readonly shortWithValue?: string;
  /** Long options (without `--`) that take a value as the next word. */
  readonly longWithValue?: readonly string[];
  /** Stop option parsing at the first operand (POSIX order, e.g. for wrappers). */
  readonly posix?: boolean;
}

/** Options and operands of a command line, with short flags split and long flags named. */
export interface ParsedFlags {
  /** Short flag letters seen (`-rf` gives r and f). */
  readonly short: ReadonlySet<string>;
  /** Long flags seen, without `--`, mapped to their value (or "" when none). */
  readonly long: ReadonlyMap<string, string>;
  /** Values of short options that take one, by letter. */
  readonly shortValues: ReadonlyMap<string, string>;
  /** Operands in order. */
  readonly operands: readonly Word[];
  /** True when an argument is dynamic and might itself be any flag. */
  readonly dynamicArgs: boolean;
}

/**
 * Split an argument list into flags and operands the way getopt_long does: bundled short flags
 * (`-rf` = `-r -f`), `--name=value`, `--` ending options, and (unless `posix`) options after
 * operands still counting as options.
 */
export function parseFlags(args: readonly Word[], spec: FlagSpec = {}): ParsedFlags {
  const short = new Set<string>();
  const long = new Map<string, string>();
  const shortValues = new Map<string, string>();
  const operands: Word[] = [];
  let dynamicArgs = false;
  let optionsDone = false;
  const withValue = spec.shortWithValue ?? "";
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === undefined) continue;
    const text = word.text;
    if (word.dynamic && (text.startsWith("\u0000") || text.startsWith("-"))) dynamicArgs = true;
    if (optionsDone || text.length < 2 || !text.startsWith("-")) {
      operands.push(word);
      if (spec.posix && !optionsDone) optionsDone = true;
      continue;
    }
    if (text === "--") {
      optionsDone = true;
      continue;
    }
    if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const name = (eq < 0 ? text.slice(2) : text.slice(2, eq)).toLowerCase();
      let value = eq < 0 ? "" : text.slice(eq + 1);
      if (eq < 0 && spec.longWithValue?.includes(name)) {
        value = args[i + 1]?.text ?? "";
        i++;
      }
      long.set(name, value);
      continue;
    }
    for (let j = 1; j < text.length; j++) {
      const letter = text.charAt(j);
      short.add(letter);
      if (withValue.includes(letter)) {
        let value = text.slice(j + 1);
        if (value === "") {
          value = args[i + 1]?.text ?? "";
          i++;
        }
        shortValues.set(letter, value);
        break;
      }
    }
  }
  return { short, long, shortValues, operands, dynamicArgs };
}

/** True when a long option matching `full` (or an unambiguous prefix of it, ≥ minLength) is set. */
export function hasLong(
  flags: ParsedFlags,
  full: string,
  minLength: number = full.length,
): boolean {
  for (const name of flags.long.keys()) {
    if (name.length >= minLength && full.startsWith(name)) return true;
  }
  return false;
}

/** True when any of the short letters is set. */
export function hasShort(flags: ParsedFlags, letters: string): boolean {
  for (const letter of letters) if (flags.short.has(letter)) return true;
  return false;
}

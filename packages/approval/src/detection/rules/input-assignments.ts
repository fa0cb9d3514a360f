import type { ResolvedCommand } from "@hermes-agent/shell";

// Builtins that set variables named by their operands from data read at run time, with the
// options of each that take a value (and `read -a NAME`, whose value is the name).
const VALUE_OPTIONS: Readonly<Record<string, string>> = {
  read: "adinNptu",
  mapfile: "dnOsuCc",
  readarray: "dnOsuCc",
};

/**
 * The variables a builtin sets from run-time input: `read [-r] NAME...`, `read -a NAME`,
 * `mapfile NAME`, `printf -v NAME`, `getopts SPEC NAME`. Their values are unknown to detection.
 */
export function variablesSetFromInput(cmd: ResolvedCommand): string[] {
  const args = cmd.args.map((word) => word.text);
  if (cmd.name === "printf") {
    const names: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] ?? "";
      if (arg === "-v") names.push(args[i + 1] ?? "");
      else if (arg.startsWith("-v") && arg.length > 2) names.push(arg.slice(2));
      else break;
    }
    return names;
  }
  if (cmd.name === "getopts") return args[1] === undefined ? [] : [args[1]];
  const valued = VALUE_OPTIONS[cmd.name];
  if (valued === undefined) return [];
  const names: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--") {
      i++;
      break;
    }
    if (!arg.startsWith("-") || arg === "-") break;
    for (let j = 1; j < arg.length; j++) {
      const letter = arg[j] ?? "";
      if (!valued.includes(letter)) continue;
      const value = j + 1 < arg.length ? arg.slice(j + 1) : (args[++i] ?? "");
      if (letter === "a") names.push(value);
      break;
    }
  }
  names.push(...args.slice(i));
  // `mapfile` takes one array name (default MAPFILE); `read` any number.
  return cmd.name === "read" ? names : names.slice(0, 1);
}

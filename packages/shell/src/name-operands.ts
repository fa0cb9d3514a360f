// Builtins that take variable names as operands. When a name is an array element
// (`q[$(cmd)]`), bash expands its subscript, so a quoted command substitution there runs.

const ELEMENT = /^[A-Za-z_]\w*\[([\s\S]*)\](?:\+?=[\s\S]*)?$/;
const SUBSTITUTION = /\$\(|`/;
const READ_WITH_VALUE = /^-[dinNptu]$/;

/** The subscript of an array-element name when it holds a command substitution, else null. */
export function subscriptWithCode(text: string): string | null {
  const index = ELEMENT.exec(text)?.[1];
  return index !== undefined && SUBSTITUTION.test(index) ? index : null;
}

/**
 * The argv words a builtin reads as variable names: `printf -v NAME`, `read [-a] NAME...`,
 * `unset NAME...`, `declare`/`typeset`/`local`/`export`/`readonly NAME[=VALUE]...`,
 * `mapfile`/`readarray ... NAME`, `test -v NAME`, `[ -v NAME ]`.
 */
export function nameOperands(words: readonly string[]): string[] {
  const [command = "", ...args] = words;
  switch (command) {
    case "printf": {
      const at = args.indexOf("-v");
      return at >= 0 && args[at + 1] !== undefined ? [args[at + 1] as string] : [];
    }
    case "read": {
      const names: string[] = [];
      for (let i = 0; i < args.length; i++) {
        const arg = args[i] as string;
        if (READ_WITH_VALUE.test(arg)) i++;
        else if (!arg.startsWith("-")) names.push(arg);
        else if (arg === "-a" && args[i + 1] !== undefined) names.push(args[++i] as string);
      }
      return names;
    }
    case "unset":
    case "declare":
    case "typeset":
    case "local":
    case "export":
    case "readonly":
    case "mapfile":
    case "readarray":
      return args.filter((arg) => !arg.startsWith("-"));
    case "test":
    case "[": {
      const at = args.indexOf("-v");
      return at >= 0 && args[at + 1] !== undefined ? [args[at + 1] as string] : [];
    }
    default:
      return [];
  }
}

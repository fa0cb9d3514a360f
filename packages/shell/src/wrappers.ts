import { parseFlags } from "./flags.js";
import { canonicalLongOption } from "./option-table.js";
import { LAUNCHER_SUBCOMMANDS, WRAPPERS } from "./wrapper-table.js";
import { launchedArgv, wrapperDirectory } from "./launch-wrappers.js";
import { commandBaseName, type ResolvedCommand } from "./resolved-command.js";
import { DYNAMIC, isSimple, staticWord, type SimpleCommand, type Word } from "./shell-ir.js";
import { listedPaths } from "./find-entries.js";
import { stdinText } from "./static-eval.js";

const MAX_LAYERS = 12;
const GROUP_OPENERS: ReadonlySet<string> = new Set(["{", "(", "(("]);

/** The paths a `find` stage piped into the command lists, one per line, or null. */
function findInput(source: SimpleCommand): string | null {
  const upstream = source.upstream[source.upstream.length - 1];
  if (upstream === undefined || !isSimple(upstream)) return null;
  return listedPaths(upstream)?.join("\n") ?? null;
}

function layer(
  name: string,
  nameWord: Word,
  args: readonly Word[],
  source: SimpleCommand,
  argsFromInput: boolean,
  via: readonly string[],
  directory: string | null = null,
): ResolvedCommand {
  return {
    name,
    nameWord,
    args,
    source,
    argsFromInput,
    via,
    ...(directory === null ? {} : { directory }),
  };
}

/** The inner argv a wrapper runs, or null when it runs nothing (query flags, no command). */
function innerArgv(
  name: string,
  args: readonly Word[],
): { argv: readonly Word[]; fromInput: boolean } | null {
  const launcher = LAUNCHER_SUBCOMMANDS.get(name);
  if (launcher !== undefined) {
    const sub = args.findIndex((word) => !word.text.startsWith("-"));
    if (sub < 0 || !launcher.has(args[sub]?.text ?? "")) return null;
    const rest = args.slice(sub + 1);
    const dashdash = rest.findIndex((word) => word.text === "--");
    if (dashdash >= 0) return { argv: rest.slice(dashdash + 1), fromInput: false };
    const start = rest.findIndex((word) => !word.text.startsWith("-"));
    return start < 0
      ? null
      : {
          argv: rest.slice(start + (name === "aws-vault" || name === "direnv" ? 1 : 0)),
          fromInput: false,
        };
  }
  const spec = WRAPPERS.get(name);
  if (spec === undefined) return null;
  const launched = launchedArgv(name, args);
  if (launched !== undefined) return launched;
  if (name === "coproc") {
    // `coproc { cmd; }`, `coproc NAME ( cmd )`: the group's first command is what runs (the
    // grammar reads the opening keyword as a word).
    const open = args.findIndex((word) => GROUP_OPENERS.has(word.text));
    const start = open === 0 || open === 1 ? open + 1 : 0;
    return args.length <= start ? null : { argv: args.slice(start), fromInput: false };
  }
  if (
    name === "busybox" ||
    name === "toybox" ||
    name === "builtin" ||
    name === "nohup" ||
    name === "unbuffer" ||
    name === "eatmydata"
  ) {
    const start =
      name === "busybox" || name === "toybox" ? args.findIndex((w) => !w.text.startsWith("-")) : 0;
    return start < 0 || args.length <= start ? null : { argv: args.slice(start), fromInput: false };
  }
  // Find where the wrapped command starts: after the wrapper's own options and operands.
  let index = 0;
  let skipped = 0;
  const withValue = spec.shortWithValue ?? "";
  while (index < args.length) {
    const word = args[index];
    if (word === undefined) break;
    const text = word.text;
    if (text === "--") {
      index++;
      break;
    }
    if (spec.assignments && /^[A-Za-z_]\w*=/.test(text)) {
      index++;
      continue;
    }
    if (text.startsWith("-") && text.length > 1) {
      if (
        spec.queryFlags &&
        !text.startsWith("--") &&
        [...text.slice(1)].some((c) => spec.queryFlags?.includes(c))
      )
        return null;
      if (text.startsWith("--")) {
        const long = canonicalLongOption(text.slice(2).split("=")[0] ?? "", spec);
        index += !text.includes("=") && spec.longWithValue?.includes(long) ? 2 : 1;
        continue;
      }
      const letters = text.slice(1);
      let consumed = 1;
      for (let i = 0; i < letters.length; i++) {
        if (withValue.includes(letters.charAt(i))) {
          if (i === letters.length - 1) consumed = 2;
          break;
        }
      }
      index += consumed;
      continue;
    }
    if (skipped < (spec.skipOperands ?? 0)) {
      skipped++;
      index++;
      continue;
    }
    break;
  }
  if (index >= args.length) return name === "xargs" ? { argv: [], fromInput: true } : null;
  return { argv: args.slice(index), fromInput: spec.fromInput ?? false };
}

/** True when `name` is a wrapper whose arguments form another command. */
export function isWrapper(name: string): boolean {
  return WRAPPERS.has(name) || LAUNCHER_SUBCOMMANDS.has(name);
}

/**
 * Peel argv-forwarding wrappers (`sudo env nice -n 5 /bin/rm ...`), returning every layer,
 * outermost first; the last one is the command that really runs.
 */
export function resolveLayers(source: SimpleCommand): ResolvedCommand[] {
  const layers: ResolvedCommand[] = [];
  let argv: readonly Word[] = source.words;
  let fromInput = source.argsFromInput ?? false;
  const via: string[] = [];
  let directory: string | null = null;
  while (argv.length > 0 && layers.length < MAX_LAYERS) {
    const nameWord = argv[0] as Word;
    const name = commandBaseName(nameWord.text);
    const args = argv.slice(1);
    layers.push(layer(name, nameWord, args, source, fromInput, [...via], directory));
    if (nameWord.dynamic) break;
    const inner = innerArgv(name, args);
    if (inner === null) break;
    if (name === "xargs" && inner.argv.length === 0) {
      layers.push(layer("echo", { ...nameWord, text: "echo" }, [], source, true, [...via, name]));
      break;
    }
    via.push(name);
    const moved = wrapperDirectory(name, args, WRAPPERS.get(name) ?? {});
    if (moved !== null)
      directory = directory === null || moved.startsWith("/") ? moved : `${directory}/${moved}`;
    argv = inner.argv;
    const known = name === "xargs" ? stdinText(source) : null;
    // Paths a piped `find` lists are examples of the items, not all of them: the command still
    // takes its arguments from input.
    const listed = name === "xargs" && known === null ? findInput(source) : null;
    const input = known ?? listed;
    if (listed !== null) fromInput = true;
    const replace =
      name === "xargs"
        ? (args.find((word, i) => /^(?:-I|--replace)$/.test(args[i - 1]?.text ?? ""))?.text ??
          /^(?:-I|--replace=)(.+)$/.exec(
            args.find((word) => /^(?:-I.|--replace=)/.test(word.text))?.text ?? "",
          )?.[1])
        : undefined;
    if (input !== null) {
      // With -I each input line is one item; otherwise items are split on blanks.
      const tokens = input
        .split(replace === undefined ? /\s+/ : /\n/)
        .filter((token) => token.trim() !== "")
        .slice(0, replace === undefined ? undefined : 1)
        .map(staticWord);
      argv =
        replace === undefined
          ? [...argv, ...tokens]
          : argv.flatMap((word) => (word.text === replace ? tokens : [word]));
    } else {
      fromInput = fromInput || inner.fromInput;
      // `xargs -I{} sh -c 'rm -rf {}'`: inside a command string the placeholder is an
      // input item; make it a variable so the payload is judged with an unknown operand.
      // Elsewhere (`mv ~/{} /tmp/`, `sh -c {}`) the item is a value only known at run time.
      if (replace !== undefined)
        argv = argv.map((word) =>
          !word.text.includes(replace)
            ? word
            : /\s/.test(word.text) && word.text !== replace
              ? { ...word, text: word.text.split(replace).join('"$XARGS_ITEM"') }
              : { ...word, text: word.text.split(replace).join(DYNAMIC), dynamic: true },
        );
    }
  }
  return layers;
}

/** Parse a wrapper's flags (exported for rules that look at wrapper options, e.g. sudo -S). */
export function wrapperFlags(name: string, args: readonly Word[]): ReturnType<typeof parseFlags> {
  return parseFlags(args, WRAPPERS.get(name) ?? { posix: true });
}

/**
 * Peel argv-forwarding wrappers from an argv (`["sudo", "-u", "bob", "env", "A=1", "rm", "x"]`)
 * over the one wrapper table: every stage, outermost first; the last is the command that runs.
 */
export function unwrap(argv: readonly string[]): string[][] {
  const source: SimpleCommand = {
    assignments: [],
    words: argv.map(staticWord),
    redirects: [],
    upstream: [],
  };
  return resolveLayers(source).map((layer) => [
    layer.nameWord.text,
    ...layer.args.map((word) => word.text),
  ]);
}

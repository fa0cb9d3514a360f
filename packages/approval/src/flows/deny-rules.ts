// User deny globs (`approvals.deny`) against what a command line really runs. A glob is matched,
// case-insensitively, against the raw text and every spelling in `commandForms` (each simple
// command after quote removal, static expansion, wrapper peeling and shell payloads), and a
// glob that names options is also matched with options normalised: `rm -rf *` catches
// `rm -fr x`, `rm -r -f x` and `rm -rfv x` (the rule's options must all be present, in any
// order or bundling; its other words are matched against the command's operands). Both the
// flows' own trace of the line and detection's list of the commands it runs are matched. A line
// of which some part is only known at run time cannot be shown not to match, so it is denied.
import type { AnalysedCommands } from "../detection/index.js";
import type { CommandTrace } from "./command-trace.js";
import { commandForms, unwrapStages } from "./command-forms.js";
import { compileGlob, hasGlobSyntax, type GlobMatcher } from "./glob-match.js";

/** How a deny list decided a command. */
export type DenyVerdict = { readonly rule: string } | { readonly unresolved: string } | undefined;

/** A deny glob read as a command: program, required options, and a glob over the operands. */
interface RuleShape {
  readonly program: GlobMatcher;
  readonly shortOptions: readonly string[];
  readonly longOptions: readonly string[];
  readonly operands: GlobMatcher;
}

const SHORT_BUNDLE = /^-[a-z0-9]+$/;
const LONG_OPTION = /^--[a-z0-9][\w-]*(?:=\S*)?$/;

function ruleShape(rule: string): RuleShape | undefined {
  const words = rule.trim().toLowerCase().split(/\s+/);
  const [program, ...rest] = words;
  if (program === undefined) return undefined;
  const isOption = (word: string): boolean =>
    !hasGlobSyntax(word) && (SHORT_BUNDLE.test(word) || LONG_OPTION.test(word));
  const options = rest.filter(isOption);
  if (options.length === 0) return undefined;
  return {
    program: compileGlob(program),
    shortOptions: options
      .filter((word) => SHORT_BUNDLE.test(word))
      .flatMap((word) => [...word.slice(1)]),
    longOptions: options.filter((word) => word.startsWith("--")),
    operands: compileGlob(rest.filter((word) => !isOption(word)).join(" ")),
  };
}

function matchesShape(shape: RuleShape, argv: readonly string[]): boolean {
  const [program, ...args] = argv.map((word) => word.toLowerCase());
  if (program === undefined || !shape.program.matches(program)) return false;
  const letters = new Set<string>();
  const longs = new Set<string>();
  const operands: string[] = [];
  let optionsEnded = false;
  for (const arg of args) {
    if (!optionsEnded && arg === "--") optionsEnded = true;
    else if (!optionsEnded && SHORT_BUNDLE.test(arg)) for (const c of arg.slice(1)) letters.add(c);
    else if (!optionsEnded && arg.startsWith("--")) {
      longs.add(arg);
      longs.add(arg.split("=")[0] ?? arg);
    } else operands.push(arg);
  }
  return (
    shape.shortOptions.every((letter) => letters.has(letter)) &&
    shape.longOptions.every((option) => longs.has(option)) &&
    shape.operands.matches(operands.join(" "))
  );
}

/**
 * The verdict of the deny list on a command: the first glob matching any spelling of it, else
 * `unresolved` when part of the line is only known at run time (and the list is not empty).
 */
export function denyVerdict(
  rules: readonly string[],
  command: string,
  trace: CommandTrace,
  detect: () => AnalysedCommands | undefined = () => undefined,
  extraForms: readonly string[] = [],
): DenyVerdict {
  const active = rules.filter((rule) => rule.trim() !== "");
  if (active.length === 0) return undefined;
  // Nothing of the line could be read (over the analysis budget): refused without matching.
  if (trace.unresolved !== undefined && trace.commands.length === 0)
    return { unresolved: trace.unresolved };
  // Detection's own list is only worked out when there is a deny list to match it against.
  const detected = detect() ?? { commands: [], unresolved: [] };
  const detectedArgv = detected.commands.map((simple) => simple.words);
  const forms = [
    ...commandForms(command, trace, extraForms),
    ...detectedArgv.map((words) => words.join(" ")),
  ];
  const stages = [
    ...trace.commands.flatMap((simple) => unwrapStages(simple.layers)),
    ...detectedArgv,
  ];
  for (const rule of active) {
    const glob = compileGlob(rule.trim(), { caseInsensitive: true });
    if (forms.some((form) => glob.matches(form) || glob.matches(form.trim()))) return { rule };
    const shape = ruleShape(rule);
    if (shape !== undefined && stages.some((argv) => matchesShape(shape, argv))) return { rule };
  }
  const unresolved = trace.unresolved ?? detected.unresolved[0];
  return unresolved === undefined ? undefined : { unresolved };
}

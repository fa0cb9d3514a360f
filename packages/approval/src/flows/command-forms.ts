// The spellings of a command that user deny globs are matched against. A rule like `sudo rm*`
// must also catch `/usr/bin/sudo rm -rf x`, `echo ok; sudo rm x`, `ｓｕｄｏ rm x` and `env
// FOO=1 sudo rm x`, so besides the raw text we match every simple command of the line (as the
// shell package reads it) at each stage of unwrapping: program words reduced to their names,
// quotes removed, leading assignments and argv-forwarding wrappers peeled off one at a time.
import {
  commandBaseName,
  normalizeCommandText,
  simpleCommands,
  type ShellCommand,
} from "@hermes-agent/shell";
import { SHELLS } from "../detection/rules/exec-rules.js";

const MAX_PAYLOAD_DEPTH = 4;

/**
 * Each stage of unwrapping one simple command, as space-joined words: the suffix starting at
 * each program word (every program word reduced to its name), and the same with the wrappers'
 * options left out (`sudo -u root -- rm x` → `sudo rm x`).
 */
function unwrapStages(layers: ShellCommand["layers"]): string[] {
  const outer = layers[0];
  if (outer === undefined) return [];
  const canonical = [...outer];
  // Each layer is a suffix of the outer argv (xargs input can break that; then only the
  // layers' own program words are reduced).
  const starts = layers.map((layer) => canonical.length - layer.length);
  const suffixes = layers.every(
    (layer, i) => layer.join("\u0001") === canonical.slice(starts[i]).join("\u0001"),
  );
  if (!suffixes)
    return layers.map((layer) => [commandBaseName(layer[0] ?? ""), ...layer.slice(1)].join(" "));
  for (const start of starts) canonical[start] = commandBaseName(canonical[start] ?? "");
  const stages = starts.map((start) => canonical.slice(start).join(" "));
  const innerStart = starts.at(-1) ?? 0;
  const inner = canonical.slice(innerStart);
  const programs = starts.slice(0, -1).map((start) => canonical[start] ?? "");
  for (let k = 0; k < programs.length; k++) stages.push([...programs.slice(k), ...inner].join(" "));
  return stages;
}

/** The command line a shell runs with `-c`, or the words `eval` joins. */
function payloadOf(inner: readonly string[] | undefined): string | undefined {
  const [programWord, ...args] = inner ?? [];
  if (programWord === undefined) return undefined;
  const program = commandBaseName(programWord);
  if (program === "eval") return args.length > 0 ? args.join(" ") : undefined;
  // `su user -c cmd` runs its `-c` operand through a shell too.
  if (!SHELLS.has(program) && program !== "su") return undefined;
  const flag = args.findIndex((word) => /^-[A-Za-z]*c[A-Za-z]*$/.test(word));
  if (flag < 0) return undefined;
  return args.slice(flag + 1).find((word) => !word.startsWith("-"));
}

/**
 * The raw command, its normalised text, and every simple command in it at every unwrapping
 * stage. Deduplicated; the raw command comes first.
 */
export function commandForms(command: string, extra: readonly string[] = []): string[] {
  const forms = new Set<string>();
  addForms(forms, command, extra, 0);
  return [...forms];
}

function addForms(
  forms: Set<string>,
  command: string,
  extra: readonly string[],
  depth: number,
): void {
  forms.add(command);
  const cleaned = normalizeCommandText(command);
  forms.add(cleaned);
  forms.add(cleaned.trim().replace(/\s+/g, " "));
  for (const text of [cleaned, ...extra]) {
    forms.add(text);
    for (const simple of simpleCommands(text)) {
      for (const stage of unwrapStages(simple.layers)) forms.add(stage);
      // `bash -c 'sudo rm x'` and `eval "sudo rm x"` run `sudo rm x`: a deny glob must see it.
      const payload = payloadOf(simple.layers.at(-1));
      if (payload !== undefined && depth < MAX_PAYLOAD_DEPTH)
        addForms(forms, payload, [], depth + 1);
    }
  }
}

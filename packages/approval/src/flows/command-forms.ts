// The spellings of a command that user deny globs are matched against. A rule like `sudo rm*`
// must also catch `/usr/bin/sudo rm -rf x`, `echo ok; sudo rm x`, `ｓｕｄｏ rm x`, `env FOO=1
// sudo rm x` and `echo 'sudo rm x' | sh`, so besides the raw text we match every simple command
// the line runs (as the analysis reads it) at each stage of unwrapping: program words reduced
// to their names, quotes removed, leading assignments and argv-forwarding wrappers peeled off
// one at a time.
import { commandBaseName, normalizeCommandText } from "@hermes-agent/shell";
import { traceCommandLine, type CommandTrace } from "./command-trace.js";

/**
 * Each stage of unwrapping one simple command, as argv: the suffix starting at each program
 * word (every program word reduced to its name), and the same with the wrappers' options left
 * out (`sudo -u root -- rm x` → `sudo rm x`).
 */
export function unwrapStages(layers: readonly (readonly string[])[]): string[][] {
  const outer = layers[0];
  if (outer === undefined) return [];
  const canonical = [...outer];
  // Each layer is a suffix of the outer argv (xargs input can break that; then only the
  // layers' own program words are reduced).
  const starts = layers.map((layer) => canonical.length - layer.length);
  const suffixes = layers.every(
    (layer, i) => layer.join("\u0001") === canonical.slice(starts[i]).join("\u0001"),
  );
  if (!suffixes) return layers.map((layer) => [commandBaseName(layer[0] ?? ""), ...layer.slice(1)]);
  for (const start of starts) canonical[start] = commandBaseName(canonical[start] ?? "");
  const stages = starts.map((start) => canonical.slice(start));
  const innerStart = starts.at(-1) ?? 0;
  const inner = canonical.slice(innerStart);
  const programs = starts.slice(0, -1).map((start) => canonical[start] ?? "");
  for (let k = 0; k < programs.length; k++) stages.push([...programs.slice(k), ...inner]);
  return stages;
}

/**
 * The raw command, its normalised text, and every simple command it runs at every unwrapping
 * stage. Deduplicated; the raw command comes first.
 */
export function commandForms(
  command: string,
  analysis: CommandTrace = traceCommandLine(command),
  extra: readonly string[] = [],
): string[] {
  const forms = new Set<string>([command]);
  const cleaned = normalizeCommandText(command);
  forms.add(cleaned);
  forms.add(cleaned.trim().replace(/\s+/g, " "));
  for (const text of extra) forms.add(text);
  for (const simple of analysis.commands) {
    for (const stage of unwrapStages(simple.layers)) forms.add(stage.join(" "));
  }
  return [...forms];
}

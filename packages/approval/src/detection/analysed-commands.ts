import { DYNAMIC, type ResolvedCommand } from "@hermes-agent/shell";
import type { DangerousCommandMatch } from "./types.js";
import { shortLetterOf } from "./long-option-letters.js";

/** One simple command as detection understood it: the argv that really runs. */
export interface AnalysedCommand {
  /**
   * Command name (basename, lowercased) then its arguments, after unwrapping, alias, function
   * and hash expansion, with short option bundles split and sorted (`-fr` and `-r -f` both
   * read `-f -r`). Parts only known at run time read `*`.
   */
  readonly words: readonly string[];
  /** True when some word is only known at run time (a variable, a substitution). */
  readonly dynamic: boolean;
}

/** Every simple command a command line runs, or why the list cannot be trusted. */
export interface AnalysedCommands {
  /** The commands, outermost layer first (`sudo rm -rf x` gives `sudo ...` and `rm ...`). */
  readonly commands: readonly AnalysedCommand[];
  /**
   * Why the list may be incomplete (a command word built at run time, a payload generated or
   * downloaded at run time, input over the analysis budget, syntax not understood); empty when
   * every command that can run is listed.
   */
  readonly unresolved: readonly string[];
}

// Matches that mean some code that runs is not visible to the analyser.
const UNRESOLVED_KEYS = new Set([
  "dynamic-command-word",
  "dynamic-shell-payload",
  "pipe-dynamic-to-shell",
  "pipe-remote-to-shell",
  "decode-and-execute",
  "exec-process-substitution",
  "download-and-execute",
  "nesting-too-deep",
  "command-too-large",
  "command-not-a-string",
  "analysis-failed",
]);

/**
 * Split and sort short option bundles so spellings of the same options compare equal; with the
 * program's name, long options that spell a short one (`rm --recursive`) read as that letter.
 */
export function normaliseFlagWords(args: readonly string[], program = ""): string[] {
  const out: string[] = [];
  let run: string[] = [];
  const flush = (): void => {
    out.push(...run.sort());
    run = [];
  };
  let optionsDone = false;
  for (const arg of args) {
    if (!optionsDone && /^-[A-Za-z]+$/.test(arg)) {
      for (const letter of arg.slice(1)) if (!run.includes(`-${letter}`)) run.push(`-${letter}`);
      continue;
    }
    const letter = optionsDone ? null : shortLetterOf(program, arg);
    if (letter !== null) {
      if (!run.includes(`-${letter}`)) run.push(`-${letter}`);
      continue;
    }
    flush();
    if (arg === "--") optionsDone = true;
    out.push(arg);
  }
  flush();
  return out;
}

/** Collects the commands an analysis walks through (for deny-list matching). */
export class CommandCollector {
  readonly commands: AnalysedCommand[] = [];
  readonly unresolved: Set<string> = new Set();

  addLayer(layer: ResolvedCommand): void {
    const texts = [layer.name, ...layer.args.map((word) => word.text)].map((text) =>
      text.split(DYNAMIC).join("*"),
    );
    this.commands.push({
      words: [texts[0] ?? "", ...normaliseFlagWords(texts.slice(1), layer.name)],
      dynamic: layer.nameWord.dynamic || layer.args.some((word) => word.dynamic),
    });
  }

  noteMatch(match: DangerousCommandMatch | null): void {
    if (match !== null && UNRESOLVED_KEYS.has(match.patternKey))
      this.unresolved.add(match.description);
  }

  result(): AnalysedCommands {
    return { commands: this.commands, unresolved: [...this.unresolved] };
  }
}

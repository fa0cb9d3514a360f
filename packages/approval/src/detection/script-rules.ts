import { matchOf } from "./rule-context.js";
import { commandBaseName } from "./resolved-command.js";
import { EXEC_RULES } from "./rules/exec-rules.js";
import type { Script } from "./shell-ir.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "./types.js";

/** Rules over a whole script rather than one command. */
export const SCRIPT_RULES: Readonly<Record<"forkBomb", RuleInfo>> = {
  forkBomb: rule("fork-bomb", "fork bomb (a function that spawns copies of itself)", true),
} as const;

/** A function that calls itself in a pipeline or twice: `:(){ :|:& };:`. */
export function forkBombMatch(script: Script): DangerousCommandMatch | null {
  for (const fn of script.functions) {
    const calls = fn.body.commands.filter((cmd) => cmd.words[0]?.text === fn.name);
    if (calls.length >= 2 || calls.some((cmd) => cmd.upstream.length > 0))
      return matchOf(SCRIPT_RULES.forkBomb);
  }
  return null;
}

/** A file downloaded earlier in the same script and then executed. */
export function downloadThenExecMatch(script: Script): DangerousCommandMatch | null {
  const downloaded = new Set<string>();
  for (const cmd of script.commands) {
    const words = cmd.words.map((word) => word.text);
    const name = commandBaseName(words[0] ?? "");
    if (name === "curl" || name === "wget") {
      for (let i = 1; i < words.length; i++) {
        const text = words[i] ?? "";
        if (
          (name === "curl" && /^(?:-o|--output)$/.test(text)) ||
          (name === "wget" && /^(?:-O|--output-document)$/.test(text))
        )
          downloaded.add((words[i + 1] ?? "").replace(/^\.\//, ""));
        else if (
          /^https?:\/\//.test(text) &&
          (name === "wget" || words.includes("-O") || words.includes("--remote-name"))
        ) {
          downloaded.add(
            text
              .replace(/[?#].*$/, "")
              .split("/")
              .pop() ?? "",
          );
        }
      }
      continue;
    }
    if (downloaded.size === 0) continue;
    const first = (words[0] ?? "").replace(/^\.\//, "");
    const target = /^(?:ba|z|da|k)?sh$|^python\d*$|^perl$|^ruby$|^node$|^source$|^\.$/.test(name)
      ? (words.find((w, i) => i > 0 && !w.startsWith("-")) ?? "").replace(/^\.\//, "")
      : first;
    if ((words[0] ?? "").includes("/") || target !== first) {
      if (downloaded.has(target) && target !== "") return matchOf(EXEC_RULES.remoteExec);
    }
  }
  return null;
}

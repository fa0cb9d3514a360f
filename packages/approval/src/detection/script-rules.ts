import { matchOf } from "./rule-context.js";
import {
  commandBaseName,
  optionValues,
  readOptions,
  type Script,
  type SimpleCommand,
  stageOutput,
  staticWord,
} from "@hermes-agent/shell";
import { EXEC_RULES } from "./rules/exec-rules.js";
import { MAKE_OPTIONS, makefileScript } from "./rules/make-rules.js";
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

const REMOTE = "\u0000remote";
const RUNNERS = /^(?:(?:ba|z|da|k|mk|a)?sh|python\d*(?:\.\d+)?|perl|ruby|node|source|\.)$/;

function normaliseFile(path: string): string {
  return path.replace(/^\.\//, "");
}

function outputFile(cmd: SimpleCommand): { file: string; append: boolean } | null {
  for (const redirect of cmd.redirects) {
    if (
      (redirect.op === ">" || redirect.op === ">>" || redirect.op === ">|") &&
      redirect.fd !== "2" &&
      redirect.target &&
      !redirect.target.dynamic
    ) {
      return { file: normaliseFile(redirect.target.text), append: redirect.op === ">>" };
    }
  }
  return null;
}

/**
 * A file written earlier in the same script (downloaded, or filled from static text) and then
 * run: `curl -o x.sh URL && bash x.sh`, `echo 'rm -rf /' > t.sh; sh t.sh`.
 */
export function writtenThenExecMatch(
  script: Script,
  analyse: (text: string) => DangerousCommandMatch | null,
): DangerousCommandMatch | null {
  const files = new Map<string, string>();
  for (const [index, cmd] of script.commands.entries()) {
    const name = commandBaseName(cmd.words[0]?.text ?? "");
    const output = cmd.redirects.length > 0 ? outputFile(cmd) : null;
    if (files.size === 0 && output === null && !/^(?:curl|wget|tee|sponge)$/.test(name)) continue;
    const words = cmd.words.map((word) => word.text);
    if (name === "curl" || name === "wget") {
      if (output) files.set(output.file, REMOTE);
      for (let i = 1; i < words.length; i++) {
        const text = words[i] ?? "";
        // `-o FILE`, a bundle ending in it (`-fsSLo FILE`), or the attached forms.
        const flag =
          name === "curl" ? /^(?:-[a-zA-Z]*o|--output)$/ : /^(?:-[a-zA-Z]*O|--output-document)$/;
        const attached = (
          name === "curl" ? /^(?:-o|--output=)(.+)$/ : /^(?:-O|--output-document=)(.+)$/
        ).exec(text);
        if (flag.test(text)) files.set(normaliseFile(words[i + 1] ?? ""), REMOTE);
        else if (attached) files.set(normaliseFile(attached[1] ?? ""), REMOTE);
        else if (
          /^https?:\/\//.test(text) &&
          (name === "wget" ||
            words.some((word) => /^-[a-zA-Z]*O[a-zA-Z]*$/.test(word)) ||
            words.includes("--remote-name"))
        ) {
          files.set(
            text
              .replace(/[?#].*$/, "")
              .split("/")
              .pop() ?? "",
            REMOTE,
          );
        }
      }
      continue;
    }
    if (name === "tee" || name === "sponge") {
      // `tee FILE <<< CODE`, `echo CODE | tee -a FILE`: the files get the command's stdin.
      const content = stageOutput({
        ...cmd,
        words: [staticWord("cat")],
        redirects: cmd.redirects.filter((redirect) => !redirect.op.includes(">")),
      });
      const append = words.some((word) => /^-[a-z]*a|^--append$/.test(word));
      for (const file of cmd.words.slice(1)) {
        if (file.text.startsWith("-") || file.dynamic) continue;
        const path = normaliseFile(file.text);
        if (content === null) files.delete(path);
        else files.set(path, (append ? (files.get(path) ?? "") : "") + content);
      }
      if (output === null) continue;
    }
    if (output) {
      // `a | b > FILE` puts the redirect on the whole pipeline: the file gets b's output.
      const producer = cmd.words.length === 0 ? script.commands[index - 1] : cmd;
      const content =
        producer === undefined
          ? null
          : stageOutput({
              ...producer,
              redirects: producer.redirects.filter((redirect) => !redirect.op.includes(">")),
            });
      if (content !== null)
        files.set(output.file, (output.append ? (files.get(output.file) ?? "") : "") + content);
      else files.delete(output.file);
      continue;
    }
    if (files.size === 0) continue;
    if (name === "make" || name === "gmake") {
      // `make -f FILE` with a FILE written above: its recipes are the script that runs.
      const read = readOptions(cmd.words.slice(1), MAKE_OPTIONS);
      for (const option of optionValues(read, "f", "file", "makefile")) {
        const content = files.get(normaliseFile(option.value ?? ""));
        if (content === REMOTE) return matchOf(EXEC_RULES.remoteExec);
        const inner = content === undefined ? null : analyse(makefileScript(content));
        if (inner) return inner;
      }
      continue;
    }
    const first = normaliseFile(words[0] ?? "");
    const target = RUNNERS.test(name)
      ? normaliseFile(words.find((w, i) => i > 0 && !w.startsWith("-")) ?? "")
      : first;
    if (!(words[0] ?? "").includes("/") && target === first) continue;
    const content = files.get(target);
    if (content === undefined || target === "") continue;
    if (content === REMOTE) return matchOf(EXEC_RULES.remoteExec);
    const inner = /^python|^perl|^ruby|^node/.test(name) ? null : analyse(content);
    if (inner) return inner;
  }
  return null;
}

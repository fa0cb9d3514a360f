import { matchOf } from "./rule-context.js";
import {
  commandBaseName,
  optionValues,
  readOptions,
  resolveLayers,
  type Script,
  type SimpleCommand,
  stageOutput,
  staticWord,
} from "@hermes-agent/shell";
import { EXEC_RULES } from "./rules/exec-rules.js";
import { MAKE_OPTIONS, makefileScript } from "./rules/make-rules.js";
import { COMPILERS, compiledSourceMatch } from "./rules/compiled-code.js";
import {
  COMPILED_CONTENT,
  REMOTE_CONTENT,
  clonedDirectory,
  compiledProgram,
  decodedStagedFile,
} from "./rules/staged-files.js";
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

const REMOTE = REMOTE_CONTENT;
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
  // Directories cloned from the network, and the one a `cd` moved into (if any).
  const clones = new Set<string>();
  let cloneCwd: string | null = null;
  for (const [index, cmd] of script.commands.entries()) {
    const name = commandBaseName(cmd.words[0]?.text ?? "");
    const output = cmd.redirects.length > 0 ? outputFile(cmd) : null;
    if (name === "git") {
      const cloned = clonedDirectory(cmd);
      if (cloned !== null) clones.add(normaliseFile(cloned));
    } else if (name === "cd" && clones.size > 0) {
      const to = normaliseFile(cmd.words[1]?.text ?? "");
      cloneCwd = clones.has(to) ? to : null;
    } else if (COMPILERS.has(name)) {
      const built = compiledProgram(cmd, files);
      if (built !== null) files.set(normaliseFile(built.file), built.content);
    }
    if (clones.size > 0) {
      const found = runsClonedFile(cmd, clones, cloneCwd);
      if (found !== null) return found;
    }
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
      const decoded =
        producer === undefined
          ? undefined
          : decodedStagedFile(producer, commandBaseName(producer.words[0]?.text ?? ""), files);
      const content =
        producer === undefined
          ? null
          : decoded !== undefined
            ? decoded
            : stageOutput({
                ...producer,
                redirects: producer.redirects.filter((redirect) => !redirect.op.includes(">")),
              });
      if (content !== null)
        files.set(output.file, (output.append ? (files.get(output.file) ?? "") : "") + content);
      else files.delete(output.file);
      // A command that only writes a file runs nothing written before it; one with its
      // output sent away may (`nohup /tmp/k >/dev/null &`).
      if (producer !== cmd || !cmd.words.some((word) => word.text.includes("/"))) continue;
    }
    if (files.size === 0) continue;
    if (name === "make" || name === "gmake") {
      // `make -f FILE` with a FILE written above: its recipes are the script that runs.
      const read = readOptions(cmd.words.slice(1), MAKE_OPTIONS);
      const named = optionValues(read, "f", "file", "makefile").map((o) => o.value ?? "");
      // Without `-f`, make reads GNUmakefile, makefile or Makefile of its directory.
      const directory = optionValues(read, "C", "directory")[0]?.value ?? null;
      const makefiles =
        named.length > 0
          ? named
          : DEFAULT_MAKEFILES.map((file) => (directory === null ? file : `${directory}/${file}`));
      for (const makefile of makefiles) {
        const content = files.get(normaliseFile(makefile));
        if (content === REMOTE) return matchOf(EXEC_RULES.remoteExec);
        const inner = content === undefined ? null : analyse(makefileScript(content));
        if (inner) return inner;
      }
      continue;
    }
    // Through launchers (`nohup /tmp/k &`, `setsid`, `timeout 60`, `sudo`): each layer runs.
    for (const layer of resolveLayers(cmd)) {
      const found = runsWrittenFile(
        layer.name,
        [layer.nameWord.text, ...layer.args.map((word) => word.text)],
        files,
        analyse,
      );
      if (found) return found;
    }
  }
  return null;
}

const DEFAULT_MAKEFILES = ["GNUmakefile", "makefile", "Makefile"];
// Here-document delimiter for code read back as an interpreter's stdin.
const CODE_END = "HERMES_WRITTEN_CODE_END";

// Directories on the usual PATH: a file written there runs by its bare name later.
const PATH_DIRECTORY = /^(?:~|\/usr(?:\/local)?|\/opt\/[^/]+|~\/\.local|~\/\.cargo|~\/go)?\/s?bin$/;

/** The verdict for one command layer that may run a file written earlier in the script. */
function runsWrittenFile(
  name: string,
  words: readonly string[],
  files: ReadonlyMap<string, string>,
  analyse: (text: string) => DangerousCommandMatch | null,
): DangerousCommandMatch | null {
  const first = normaliseFile(words[0] ?? "");
  const target = RUNNERS.test(name)
    ? normaliseFile(words.find((w, i) => i > 0 && !w.startsWith("-")) ?? "")
    : first;
  let content = files.get(target);
  if (!(words[0] ?? "").includes("/") && target === first) {
    // `curl -o ~/.local/bin/helper URL && chmod +x ... && helper`.
    content = undefined;
    for (const [file, written] of files) {
      const slash = file.lastIndexOf("/");
      if (file.slice(slash + 1) === first && PATH_DIRECTORY.test(file.slice(0, slash)))
        content = written;
    }
  }
  if (content === undefined || target === "") return null;
  if (content === REMOTE) return matchOf(EXEC_RULES.remoteExec);
  if (content.startsWith(COMPILED_CONTENT))
    return compiledSourceMatch(content.slice(COMPILED_CONTENT.length), analyse);
  // A script file given to an interpreter is judged as that interpreter reading it on stdin.
  const interpreter = /^(?:python[\d.]*|perl|ruby|node|php)$/.exec(name)?.[0];
  if (interpreter !== undefined)
    return analyse(`${interpreter} - <<'${CODE_END}'\n${content}\n${CODE_END}`);
  return analyse(content);
}

/**
 * `git clone URL dir && dir/install.sh`, `... && cd dir && ./setup.sh`, `bash dir/setup.sh`:
 * a script of the fetched checkout runs.
 */
function runsClonedFile(
  cmd: SimpleCommand,
  clones: ReadonlySet<string>,
  cwd: string | null,
): DangerousCommandMatch | null {
  for (const layer of resolveLayers(cmd)) {
    const words = [layer.nameWord, ...layer.args];
    const script = RUNNERS.test(layer.name)
      ? words.find((w, i) => i > 0 && !w.text.startsWith("-"))
      : layer.nameWord;
    if (script === undefined || script.dynamic) continue;
    // A bare command word is looked up on PATH, not in the checkout.
    if (script === layer.nameWord && !script.text.includes("/")) continue;
    const path = normaliseFile(script.text);
    const inside =
      [...clones].some((dir) => path.startsWith(`${dir}/`)) ||
      (cwd !== null && !path.startsWith("/") && !path.startsWith("~"));
    if (inside) return matchOf(EXEC_RULES.remoteExec);
  }
  return null;
}

// Files that a tool runs as code when it loads a directory, written earlier in the same command
// line and then loaded: an `.envrc` and `direnv allow`, a `setup.py` and `pip install .`, a
// `package.json` with lifecycle scripts and `npm install DIR`. The written text is judged as
// what the loader runs (shell for `.envrc` and npm scripts, Python for `setup.py`); text that
// cannot be seen (copied, downloaded) is held. An editor task file that runs on folder open
// (`.vscode/tasks.json` with `"runOn": "folderOpen"`) is held when written, since opening the
// folder is the load.
import {
  commandBaseName,
  readOptions,
  stageOutput,
  staticWord,
  type Script,
  type SimpleCommand,
} from "@hermes-agent/shell";
import { matchOf, type RuleContext } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { codeMatch } from "./interpreter-rules.js";

type Match = DangerousCommandMatch | null;

/** Rules about project files that run code when a tool loads them. */
export const PROJECT_HOOK_RULES: Readonly<Record<"loaded" | "autorun", RuleInfo>> = {
  loaded: rule(
    "project-hook-loaded",
    "file that a tool runs as code (.envrc, setup.py, package.json scripts) written and then loaded, with contents that cannot be seen or that run something dangerous",
  ),
  autorun: rule(
    "editor-task-autorun",
    "editor task file set to run a command automatically when the folder is opened",
  ),
} as const;

/** How a hook file's text is judged: as shell, as Python, or as npm's lifecycle scripts. */
type HookKind = "shell" | "python" | "npm";

const HOOK_FILES: ReadonlyMap<string, HookKind> = new Map([
  [".envrc", "shell"],
  ["setup.py", "python"],
  ["package.json", "npm"],
]);

// npm runs these scripts itself on install (of the package or of a dependency on it).
const LIFECYCLE =
  /^(?:preinstall|install|postinstall|prepare|preprepare|postprepare|prepublish|prepack|postpack|dependencies)$/;

/** Written text not visible to the analyser (copied or downloaded into the file). */
const UNSEEN = "\u0000unseen";

/** True when the path names a hook file or an editor task file. */
function hookPath(path: string): boolean {
  return HOOK_FILES.has(basename(path)) || path.endsWith("tasks.json");
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** The directory a written file sits in, normalised (`./p/x` → `p`, `x` → ``). */
function dirOf(path: string): string {
  const at = path.lastIndexOf("/");
  return at < 0 ? "" : normalisedDir(path.slice(0, at));
}

function normalisedDir(text: string): string {
  return text
    .replace(/^\.\/+/, "")
    .replace(/\/+$/, "")
    .replace(/^\.$/, "");
}

/** Files the command writes, with the text when it can be read statically. */
function writes(cmd: SimpleCommand, previous: SimpleCommand | undefined): [string, string][] {
  const found: [string, string][] = [];
  for (const redirect of cmd.redirects) {
    if (!/^>{1,2}\|?$/.test(redirect.op) || redirect.fd === "2" || redirect.target === null)
      continue;
    const producer = cmd.words.length === 0 ? previous : cmd;
    const text =
      producer === undefined
        ? null
        : stageOutput({
            ...producer,
            redirects: producer.redirects.filter((r) => r.op === "<<<" || r.op.startsWith("<<")),
          });
    found.push([redirect.target.text, text ?? UNSEEN]);
  }
  const name = commandBaseName(cmd.words[0]?.text ?? "");
  const ops = cmd.words
    .slice(1)
    .filter((word) => !word.text.startsWith("-"))
    .map((word) => word.text);
  if (name === "tee") {
    const text = stageOutput({
      ...cmd,
      words: [staticWord("cat")],
      redirects: cmd.redirects.filter((r) => r.op.startsWith("<")),
    });
    for (const path of ops) found.push([path, text ?? UNSEEN]);
  } else if (/^(?:cp|mv|install|ln|rsync)$/.test(name) && ops.length >= 2) {
    // Copied text is not visible; a directory target receives each source under its own name.
    const dest = ops[ops.length - 1] ?? "";
    const intoDir = dest === "." || dest.endsWith("/") || !hookPath(dest);
    for (const source of ops.slice(0, -1))
      found.push([intoDir ? `${dest.replace(/\/+$/, "")}/${basename(source)}` : dest, UNSEEN]);
  } else if (name === "curl" || name === "wget") {
    const flag = name === "curl" ? /^-[a-zA-Z]*o$|^--output$/ : /^-[a-zA-Z]*O$|^--output-document$/;
    cmd.words.forEach((word, i) => {
      const next = cmd.words[i + 1]?.text;
      if (flag.test(word.text) && next !== undefined) found.push([next, UNSEEN]);
    });
  }
  return found;
}

/** The lifecycle scripts of a package.json text; null when it cannot be read. */
function lifecycleScripts(text: string): string[] | null {
  try {
    const parsed = JSON.parse(text) as { scripts?: Record<string, unknown> };
    return Object.entries(parsed.scripts ?? {})
      .filter(([name, value]) => LIFECYCLE.test(name) && typeof value === "string")
      .map(([, value]) => value as string);
  } catch {
    return /"(?:pre|post)?install"|"prepare"/.test(text) ? null : [];
  }
}

function judge(kind: HookKind, text: string, ctx: RuleContext): Match {
  if (text === UNSEEN) return matchOf(PROJECT_HOOK_RULES.loaded);
  if (kind === "shell") return ctx.analyseText(text);
  if (kind === "python") return codeMatch(text, "python", ctx);
  const scripts = lifecycleScripts(text);
  if (scripts === null) return matchOf(PROJECT_HOOK_RULES.loaded);
  for (const script of scripts) {
    const found = ctx.analyseText(script);
    if (found !== null) return found;
  }
  return null;
}

const PIP_INSTALL = {
  shortWithValue: "rcie",
  longWithValue: ["requirement", "constraint", "index-url", "editable", "target", "prefix"],
};

/** The directories a command loads hook files from, with the kind it loads. */
function loads(cmd: SimpleCommand): { kind: HookKind; dirs: string[] } | null {
  const name = commandBaseName(cmd.words[0]?.text ?? "");
  const args = cmd.words.slice(1);
  const ops = args.filter((word) => !word.text.startsWith("-")).map((word) => word.text);
  if (name === "direnv" && /^(?:allow|permit|grant|exec)$/.test(ops[0] ?? ""))
    return { kind: "shell", dirs: [normalisedDir(ops[1] ?? "")] };
  if (
    /^(?:npm|pnpm|yarn|bun)$/.test(name) &&
    /^(?:install|i|ci|add|rebuild|link)$|^$/.test(ops[0] ?? "")
  )
    return { kind: "npm", dirs: ops.length > 1 ? ops.slice(1).map(normalisedDir) : [""] };
  const pip = /^pip3?$/.test(name)
    ? args
    : name === "uv" && ops[0] === "pip"
      ? args.slice(1)
      : /^python/.test(name) && args[0]?.text === "-m" && /^pip3?$/.test(args[1]?.text ?? "")
        ? args.slice(2)
        : null;
  if (pip !== null) {
    const read = readOptions(pip, PIP_INSTALL);
    if (!/^(?:install|wheel|download)$/.test(read.operands[0]?.text ?? "")) return null;
    const dirs = [
      ...read.operands.slice(1).map((word) => word.text),
      ...read.options
        .filter((o) => o.name === "e" || o.name === "editable")
        .map((o) => o.value ?? ""),
    ].filter((text) => /^(?:\.|\.\.|\/|~)/.test(text));
    return { kind: "python", dirs: dirs.map(normalisedDir) };
  }
  if (/^python/.test(name) && /(?:^|\/)setup\.py$/.test(args[0]?.text ?? ""))
    return { kind: "python", dirs: [dirOf(args[0]?.text ?? "")] };
  return null;
}

/** `printf ... > .vscode/tasks.json` with a task that runs when the folder opens. */
function autorunTask(path: string, text: string): Match {
  if (!/(?:^|\/)\.vscode\/tasks\.json$/.test(path)) return null;
  return text === UNSEEN || /"runOn"\s*:\s*"folderOpen"/.test(text)
    ? matchOf(PROJECT_HOOK_RULES.autorun)
    : null;
}

/** A hook file written earlier in the script and then loaded by its tool, or an autorun task. */
export function projectHookMatch(script: Script, ctx: RuleContext): Match {
  const written = new Map<string, string>();
  let previous: SimpleCommand | undefined;
  for (const cmd of script.commands) {
    for (const [path, text] of writes(cmd, previous)) {
      const task = autorunTask(path, text);
      if (task !== null) return task;
      if (HOOK_FILES.has(basename(path))) written.set(path.replace(/^\.\/+/, ""), text);
    }
    previous = cmd;
    if (written.size === 0) continue;
    const load = loads(cmd);
    if (load === null) continue;
    for (const [path, text] of written) {
      const kind = HOOK_FILES.get(basename(path));
      if (kind !== load.kind || !load.dirs.includes(dirOf(path))) continue;
      const found = judge(kind, text, ctx);
      if (found !== null) return found;
    }
  }
  return null;
}

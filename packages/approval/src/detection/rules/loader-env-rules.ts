// Environment variables that make the next program load and run code it was not asked to:
// the dynamic loader's preload and audit lists, glibc's converter path, and Node's preloaded
// modules. Set on a command (`LD_PRELOAD=/tmp/x.so ls`), exported, or passed through `env`.
import { DYNAMIC, type Word } from "@hermes-agent/shell";
import { variablesSetFromInput } from "./input-assignments.js";
import { matchOf, type CommandRule } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";

/** Rules about code loaded through the environment. */
export const LOADER_ENV_RULES: Readonly<Record<"preload", RuleInfo>> = {
  preload: rule(
    "env-code-injection",
    "environment makes programs load outside code (LD_PRELOAD, LD_AUDIT, NODE_OPTIONS --require, BASH_ENV, PYTHONPATH in /tmp)",
  ),
} as const;

const LOADER_LISTS = /^(?:LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES|GCONV_PATH)$/;
// Libraries installed by the system's package manager: preloading them is configuration.
const SYSTEM_LIBRARY = /^(?:\/usr\/(?:local\/)?lib(?:64|32|x32)?|\/lib(?:64|32|x32)?)\//;
// Node options that load a module before the program, and where that module comes from.
const NODE_PRELOAD =
  /(?:^|\s)(?:--require|-r|--import|--loader|--experimental-loader)(?:=|\s+)(\S+)/g;
const UNTRUSTED_SOURCE =
  /^(?:\/(?:tmp|var\/tmp|dev\/shm)\/|https?:|data:|file:\/\/\/(?:tmp|dev\/shm)\/)/;

// Startup files a shell sources before it runs anything (ENV for interactive sh, BASH_ENV for
// every non-interactive bash): whatever they hold runs as code.
const STARTUP_FILES = /^(?:ENV|BASH_ENV)$/;
// Variables whose value bash or node runs as code: set from run-time data, they run that data.
const CODE_FROM_INPUT: ReadonlySet<string> = new Set([
  "PROMPT_COMMAND",
  "PS0",
  "PS1",
  "PS2",
  "PS4",
  "NODE_OPTIONS",
]);
// Search paths an interpreter loads modules from: a world-writable directory in front
// (`PYTHONPATH=/tmp/x`) lets planted code shadow any import.
const MODULE_PATHS =
  /^(?:PYTHONPATH|PYTHONHOME|PYTHONSTARTUP|PERL5LIB|PERLLIB|RUBYLIB|NODE_PATH|LD_LIBRARY_PATH|ZDOTDIR|GEM_PATH|GEM_HOME|CLASSPATH|LUA_PATH|LUA_CPATH)$/;
const WRITABLE_DIR = /^(?:\/(?:tmp|var\/tmp|dev\/shm|run\/user\/\d+)(?:\/|$)|\/proc\/)/;
// Interpreter option variables that load a module or agent before the program.
const OPTION_VARIABLES = /^(?:PERL5OPT|RUBYOPT|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS)$/;
const HARMLESS_PRELOADS =
  /^(?:-M-?(?:strict|warnings|utf8|open\S*|diagnostics|English)|-r(?:ubygems|bundler\/setup)|-W\d?|-w|-T|-Ku|-E\S*|-Xm[sx]\S+|-D\S+|-Dfile\.encoding=\S+)$/;

function startupValue(name: string, value: string, dynamic: boolean): boolean {
  const trimmed = value.trim();
  // The user's own dot files (`ENV=~/.shrc`) are the documented use.
  // `ENV` is also a common application setting (`ENV=production`): only a path is a file.
  if (STARTUP_FILES.test(name))
    return (
      trimmed !== "" &&
      trimmed !== "/dev/null" &&
      !/^~\/\.[\w.-]+$/.test(trimmed) &&
      (name === "BASH_ENV" || /[/.]/.test(trimmed) || trimmed.startsWith(DYNAMIC))
    );
  if (MODULE_PATHS.test(name))
    return trimmed
      .split(":")
      .some(
        (entry) =>
          (dynamic && entry.includes(DYNAMIC)) || WRITABLE_DIR.test(entry) || entry.includes(".."),
      );
  if (OPTION_VARIABLES.test(name)) {
    if (dynamic && trimmed.includes(DYNAMIC)) return true;
    return trimmed
      .split(/\s+/)
      .some(
        (option) =>
          /^(?:-[Mmd]|-r|-javaagent:|-agentpath:|-agentlib:|-I\/(?:tmp|dev\/shm|var\/tmp))/.test(
            option,
          ) && !HARMLESS_PRELOADS.test(option),
      );
  }
  return false;
}

function dangerousValue(name: string, value: string, dynamic: boolean): boolean {
  if (startupValue(name, value, dynamic)) return true;
  if (LOADER_LISTS.test(name)) {
    if (value.trim() === "") return false;
    if (dynamic && value.includes(DYNAMIC)) return true;
    return value
      .split(/[:\s]+/)
      .filter((entry) => entry !== "")
      .some((entry) => !SYSTEM_LIBRARY.test(entry) || entry.includes(".."));
  }
  if (name === "NODE_OPTIONS") {
    for (const m of value.matchAll(NODE_PRELOAD)) {
      const module = m[1] ?? "";
      if (module.includes(DYNAMIC) || UNTRUSTED_SOURCE.test(module.replace(/^['"]|['"]$/g, "")))
        return true;
    }
  }
  return false;
}

function assignmentWords(
  words: readonly Word[],
): { name: string; value: string; dynamic: boolean }[] {
  return words.flatMap((word) => {
    const eq = /^([A-Za-z_]\w*)=/.exec(word.text);
    return eq === null
      ? []
      : [{ name: eq[1] ?? "", value: word.text.slice(eq[0].length), dynamic: word.dynamic }];
  });
}

/** `LD_PRELOAD=/tmp/x.so cmd`, `export LD_AUDIT=...`, `env NODE_OPTIONS='-r /tmp/x' node`. */
export const loaderEnvRule: CommandRule = (cmd) => {
  const source = cmd.source;
  const assigned = [
    ...source.assignments.map(({ name, value }) => ({
      name,
      value: value.text,
      dynamic: value.dynamic,
    })),
    ...(cmd.via.length === 0 && /^(?:export|declare|typeset|env|setenv)$/.test(cmd.name)
      ? assignmentWords(cmd.args)
      : []),
    // `env NAME=VALUE cmd`, `sudo NAME=VALUE cmd`: wrappers that set the environment.
    ...(cmd.via.length > 0 ? assignmentWords(source.words.slice(1)) : []),
  ];
  // `read -r BASH_ENV < f`: a hook variable set from data is as unknown as `BASH_ENV=$(cat f)`.
  if (cmd.via.length === 0)
    for (const name of variablesSetFromInput(cmd))
      assigned.push({ name, value: DYNAMIC, dynamic: true });
  let found: DangerousCommandMatch | null = null;
  for (const { name, value, dynamic } of assigned)
    if ((CODE_FROM_INPUT.has(name) && value === DYNAMIC) || dangerousValue(name, value, dynamic))
      found ??= matchOf(LOADER_ENV_RULES.preload);
  return found;
};

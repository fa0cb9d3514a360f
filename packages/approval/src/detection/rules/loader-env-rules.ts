// Environment variables that make the next program load and run code it was not asked to:
// the dynamic loader's preload and audit lists, glibc's converter path, and Node's preloaded
// modules. Set on a command (`LD_PRELOAD=/tmp/x.so ls`), exported, or passed through `env`.
import { DYNAMIC, type Word } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";

/** Rules about code loaded through the environment. */
export const LOADER_ENV_RULES: Readonly<Record<"preload", RuleInfo>> = {
  preload: rule(
    "env-code-injection",
    "environment makes programs load outside code (LD_PRELOAD, LD_AUDIT, NODE_OPTIONS --require)",
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

function dangerousValue(name: string, value: string, dynamic: boolean): boolean {
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
  let found: DangerousCommandMatch | null = null;
  for (const { name, value, dynamic } of assigned)
    if (dangerousValue(name, value, dynamic)) found ??= matchOf(LOADER_ENV_RULES.preload);
  return found;
};

import {
  DYNAMIC,
  normalizeCommandText,
  parseShell,
  resolveLayers,
  type Script,
  type SimpleCommand,
  staticWord,
} from "@hermes-agent/shell";
import { matchOf, worse, type CommandRule, type RuleContext } from "./rule-context.js";
import { deleteRules } from "./rules/delete-rules.js";
import { EXEC_RULES, execRules, isDynamicCommandWord } from "./rules/exec-rules.js";
import { gitRules } from "./rules/git-rules.js";
import { interpreterRules } from "./rules/interpreter-rules.js";
import { optionExecRules } from "./rules/option-exec-rules.js";
import { containerRules } from "./rules/container-rules.js";
import { platformRules } from "./rules/platform-rules.js";
import { processRules } from "./rules/process-rules.js";
import { secretRules } from "./rules/secret-rules.js";
import { sqlRules } from "./rules/sql-rules.js";
import { systemRules } from "./rules/system-rules.js";
import { redirectMatch, writeRules } from "./rules/write-rules.js";
import { writtenThenExecMatch, forkBombMatch } from "./script-rules.js";
import { shellPayloadMatch } from "./shell-payloads.js";
import { globToRegExp } from "./paths.js";
import type { DangerousCommandMatch } from "./types.js";

const MAX_DEPTH = 8;
// Commands a globbed command word (`/???/r?`) is checked against.
const GLOB_CANDIDATES = [
  "rm",
  "dd",
  "mkfs",
  "shred",
  "wipefs",
  "kill",
  "shutdown",
  "reboot",
  "halt",
  "poweroff",
  "chmod",
  "chown",
  "mv",
  "sh",
  "bash",
];
const LAYER_RULES: readonly CommandRule[] = [
  shellPayloadMatchRule(),
  deleteRules,
  writeRules,
  processRules,
  systemRules,
  interpreterRules,
  sqlRules,
  gitRules,
  execRules,
  optionExecRules,
  containerRules,
  secretRules,
  platformRules,
];

function shellPayloadMatchRule(): CommandRule {
  return (cmd, ctx) => shellPayloadMatch(cmd, ctx);
}

class Analyzer implements RuleContext {
  private readonly depth: number;
  cwd: string | null = null;

  constructor(depth: number) {
    this.depth = depth;
  }

  analyseText(text: string): DangerousCommandMatch | null {
    if (this.depth >= MAX_DEPTH) return matchOf(EXEC_RULES.nesting);
    return analyseShellText(normalizeCommandText(text), this.depth + 1);
  }

  analyseCommand(cmd: SimpleCommand): DangerousCommandMatch | null {
    let found = redirectMatch(cmd);
    if (found?.hardline) return found;
    for (const layer of resolveLayers(cmd)) {
      if (isDynamicCommandWord(layer)) {
        const base = layer.nameWord.text.slice(layer.nameWord.text.lastIndexOf("/") + 1);
        if (!base.includes(DYNAMIC)) {
          const pattern = globToRegExp(base);
          for (const candidate of GLOB_CANDIDATES) {
            if (!pattern.test(candidate)) continue;
            const guess = this.analyseCommand({
              ...layer.source,
              words: [staticWord(candidate), ...layer.args],
            });
            if (guess?.hardline) return guess;
          }
        }
        found ??= matchOf(EXEC_RULES.dynamicCommand);
        break;
      }
      for (const check of LAYER_RULES) {
        const match = check(layer, this);
        if (match?.hardline) return match;
        found ??= match;
      }
    }
    return found;
  }

  private trackDirectory(cmd: SimpleCommand): void {
    const name = cmd.words[0]?.text;
    if (name !== "cd" && name !== "pushd") return;
    const target = cmd.words.find((word, i) => i > 0 && !word.text.startsWith("-"));
    if (target === undefined) this.cwd = "~";
    else if (target.dynamic) this.cwd = null;
    else if (/^[/~]/.test(target.text)) this.cwd = target.text;
    else if (this.cwd !== null) this.cwd = `${this.cwd}/${target.text}`;
  }

  analyseScript(script: Script): DangerousCommandMatch | null {
    let found = forkBombMatch(script);
    if (found) return found;
    for (const cmd of script.commands) {
      this.trackDirectory(cmd);
      found = worse(found, this.analyseCommand(cmd));
      if (found?.hardline) return found;
    }
    return found ?? writtenThenExecMatch(script, (text) => this.analyseText(text));
  }
}

/** Analyse already-normalised shell text at a nesting depth. */
export function analyseShellText(text: string, depth: number): DangerousCommandMatch | null {
  const script = parseShell(text);
  return new Analyzer(depth).analyseScript(script);
}

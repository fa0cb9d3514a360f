import { normalizeCommandText } from "./normalize-text.js";
import { parseScript } from "./parse-shell.js";
import { matchOf, worse, type CommandRule, type RuleContext } from "./rule-context.js";
import { deleteRules } from "./rules/delete-rules.js";
import { EXEC_RULES, execRules, isDynamicCommandWord } from "./rules/exec-rules.js";
import { gitRules } from "./rules/git-rules.js";
import { interpreterRules } from "./rules/interpreter-rules.js";
import { platformRules } from "./rules/platform-rules.js";
import { processRules } from "./rules/process-rules.js";
import { sqlRules } from "./rules/sql-rules.js";
import { systemRules } from "./rules/system-rules.js";
import { redirectMatch, writeRules } from "./rules/write-rules.js";
import { downloadThenExecMatch, forkBombMatch } from "./script-rules.js";
import { shellPayloadMatch } from "./shell-payloads.js";
import type { Script, SimpleCommand } from "./shell-ir.js";
import type { DangerousCommandMatch } from "./types.js";
import { resolveLayers } from "./wrappers.js";

const MAX_DEPTH = 8;
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
  platformRules,
];

function shellPayloadMatchRule(): CommandRule {
  return (cmd, ctx) => shellPayloadMatch(cmd, ctx);
}

class Analyzer implements RuleContext {
  private readonly depth: number;

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

  analyseScript(script: Script): DangerousCommandMatch | null {
    let found = forkBombMatch(script);
    if (found) return found;
    for (const cmd of script.commands) {
      found = worse(found, this.analyseCommand(cmd));
      if (found?.hardline) return found;
    }
    return found ?? downloadThenExecMatch(script);
  }
}

/** Analyse already-normalised shell text at a nesting depth. */
export function analyseShellText(text: string, depth: number): DangerousCommandMatch | null {
  const script = parseScript(text, new Map());
  return new Analyzer(depth).analyseScript(script);
}

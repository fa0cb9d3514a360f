import {
  DYNAMIC,
  normalizeCommandText,
  parseShell,
  resolveLayers,
  type ResolvedCommand,
  type Script,
  type SimpleCommand,
  staticWord,
  type Word,
} from "@hermes-agent/shell";
import type { CommandCollector } from "./analysed-commands.js";
import {
  AnalysisBudgetExceeded,
  aliasScript,
  MAX_EXPANSIONS,
  spendWork,
} from "./alias-expansion.js";
import {
  copySessionState,
  sessionStateOf,
  withSession,
  type SessionState,
} from "./command-context.js";
import { enterDirectory, renamedProgram, trackSession } from "./session-tracking.js";
import { matchOf, worse, type CommandRule, type RuleContext } from "./rule-context.js";
import { deleteRules } from "./rules/delete-rules.js";
import { escalationRules } from "./rules/escalation-rules.js";
import { toolExecRules } from "./rules/tool-exec-rules.js";
import { secretThenSendMatch } from "./rules/secret-rules.js";
import { operationRules } from "./rules/operations-rules.js";
import { EXEC_RULES, execRules, isDynamicCommandWord } from "./rules/exec-rules.js";
import {
  coprocessRule,
  processSubstitutionSinkRule,
  substitutedInputRule,
} from "./rules/process-substitution-rules.js";
import { gitRules } from "./rules/git-rules.js";
import { interpreterRules } from "./rules/interpreter-rules.js";
import { codeRunnerRules } from "./rules/code-runner-rules.js";
import { loaderEnvRule } from "./rules/loader-env-rules.js";
import { optionExecRules } from "./rules/option-exec-rules.js";
import { containerRules } from "./rules/container-rules.js";
import { platformRules } from "./rules/platform-rules.js";
import { cloudCliRules } from "./rules/cloud-cli-rules.js";
import { clusterRules } from "./rules/cluster-rules.js";
import { datastoreRules } from "./rules/datastore-rules.js";
import { httpClientRules } from "./rules/http-client-rules.js";
import { containerOpsRules } from "./rules/container-ops-rules.js";
import { opsCliRules } from "./rules/ops-cli-rules.js";
import { hookOptionRules } from "./rules/hook-option-rules.js";
import { hostAdminRules } from "./rules/host-admin-rules.js";
import { exposureRules, pushToNewRemoteMatch } from "./rules/exposure-rules.js";
import { developerToolRules, developerToolScriptMatch } from "./rules/developer-tool-rules.js";
import { exhaustionRules, spawningLoopMatch } from "./rules/exhaustion-rules.js";
import { processRules } from "./rules/process-rules.js";
import { secretRules } from "./rules/secret-rules.js";
import { sqlRules } from "./rules/sql-rules.js";
import { systemRules } from "./rules/system-rules.js";
import { redirectMatch, writeRules } from "./rules/write-rules.js";
import { writtenThenExecMatch, forkBombMatch } from "./script-rules.js";
import { shellPayloadMatch } from "./shell-payloads.js";
import { runFormRules } from "./rules/run-forms-rules.js";
import { inputSecretMatch, runtimeFileRules } from "./rules/runtime-files-rules.js";
import { globToRegExp } from "./paths.js";
import { PATH_COMMAND_RULES } from "./path-commands.js";
import { judgeScript } from "./rules/script-files.js";
import { locatedProgram } from "./rules/located-program.js";
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
// Programs a command word known only at run time is checked as: those whose arguments alone
// make them hard-line (a shell's `-c` text, a device, `/`).
const OPEN_CANDIDATES = ["rm", "dd", "shred", "wipefs", "chmod", "chown", "mv", "bash", "find"];
const LAYER_RULES: readonly CommandRule[] = [
  shellPayloadMatchRule(),
  deleteRules,
  writeRules,
  processRules,
  systemRules,
  interpreterRules,
  codeRunnerRules,
  loaderEnvRule,
  sqlRules,
  gitRules,
  execRules,
  processSubstitutionSinkRule,
  coprocessRule,
  substitutedInputRule,
  optionExecRules,
  containerRules,
  secretRules,
  platformRules,
  cloudCliRules,
  clusterRules,
  datastoreRules,
  httpClientRules,
  containerOpsRules,
  opsCliRules,
  hookOptionRules,
  hostAdminRules,
  exposureRules,
  exhaustionRules,
  escalationRules,
  toolExecRules,
  operationRules,
  runFormRules,
  runtimeFileRules,
  developerToolRules,
];

function shellPayloadMatchRule(): CommandRule {
  return (cmd, ctx) => shellPayloadMatch(cmd, ctx);
}

class Analyzer implements RuleContext {
  private readonly depth: number;
  private readonly state: SessionState;
  private readonly collector: CommandCollector | null;
  /** Alias and function names being expanded (bash never re-expands one inside itself). */
  private readonly expanding: ReadonlySet<string>;

  constructor(
    depth: number,
    state: SessionState,
    collector: CommandCollector | null,
    expanding: ReadonlySet<string> = new Set(),
  ) {
    this.depth = depth;
    this.state = state;
    this.collector = collector;
    this.expanding = expanding;
  }

  get cwd(): string | null {
    return this.state.cwd;
  }

  private stop(found: DangerousCommandMatch | null): boolean {
    return found?.hardline === true && this.collector === null;
  }

  analyseText(
    text: string,
    expanding: ReadonlySet<string> = this.expanding,
  ): DangerousCommandMatch | null {
    if (this.depth >= MAX_DEPTH) return this.note(matchOf(EXEC_RULES.nesting));
    spendWork(this.state);
    const state = copySessionState(this.state);
    return withSession(state, () =>
      new Analyzer(this.depth + 1, state, this.collector, expanding).analyseScript(
        parseShell(normalizeCommandText(text), state.environment ?? undefined),
      ),
    );
  }

  private note(match: DangerousCommandMatch | null): DangerousCommandMatch | null {
    this.collector?.noteMatch(match);
    return match;
  }

  /** Expand a session alias or function, or the program a hashed or renamed word runs. */
  private expandSession(cmd: SimpleCommand): {
    cmd: SimpleCommand;
    found: DangerousCommandMatch | null;
  } {
    const first = cmd.words[0];
    if (first === undefined || first.dynamic) return { cmd, found: null };
    const name = first.text;
    // A bare alias word expanded again in an unchanged session gives the same verdict.
    const bare =
      cmd.words.length === 1 && cmd.redirects.length === 0 && cmd.assignments.length === 0;
    const work = this.state.work;
    const key = bare
      ? `${name}\0${work.version}\0${this.depth}\0${[...this.expanding].join(" ")}`
      : "";
    if (bare && work.verdicts.has(key))
      return { cmd: { ...cmd, words: [] }, found: work.verdicts.get(key) ?? null };
    const before = work.version;
    const expanded = aliasScript(cmd, this.state, this.expanding);
    if (expanded === "dynamic")
      return { cmd: { ...cmd, words: [dynamicWord(), ...cmd.words.slice(1)] }, found: null };
    if (expanded !== null) {
      if (this.depth >= MAX_DEPTH) return { cmd, found: this.note(matchOf(EXEC_RULES.nesting)) };
      const expanding = new Set(this.expanding).add(name);
      const inner = new Analyzer(this.depth + 1, this.state, this.collector, expanding);
      const found = inner.analyseScript(expanded);
      if (bare && work.version === before && this.collector === null) work.verdicts.set(key, found);
      return { cmd: { ...cmd, words: [], assignments: [] }, found };
    }
    const body = this.expanding.has(name) ? undefined : this.state.functions.get(name);
    if (body !== undefined) {
      addLineText(this.state, body);
      const found = this.analyseText(body, new Set(this.expanding).add(name));
      return { cmd: { ...cmd, words: [], assignments: [] }, found };
    }
    const program = renamedProgram(this.state, name);
    if (program === undefined || program === name) {
      const onPath = this.pathCommand(name, cmd.words.slice(1));
      if (onPath === null) return { cmd, found: null };
      return "found" in onPath
        ? { cmd: { ...cmd, words: [], assignments: [] }, found: onPath.found }
        : { cmd: { ...cmd, words: onPath.words }, found: null };
    }
    const word = program === DYNAMIC ? dynamicWord() : staticWord(program);
    return { cmd: { ...cmd, words: [word, ...cmd.words.slice(1)] }, found: null };
  }

  /**
   * A bare command word that runs a file from a directory the session added to PATH: the
   * words of the program it is a copy of, or the verdict on the file (a script by its text,
   * anything unidentified held for approval). Null when the word runs what its name says.
   */
  private pathCommand(
    name: string,
    args: readonly Word[],
  ): { readonly words: Word[] } | { readonly found: DangerousCommandMatch | null } | null {
    const entry = this.expanding.has(name) ? undefined : this.state.pathCommands.get(name);
    if (entry === undefined) return null;
    switch (entry.kind) {
      case "program":
        return entry.program === name ? null : { words: [staticWord(entry.program), ...args] };
      case "script": {
        const expanding = new Set(this.expanding).add(name);
        const ctx: RuleContext = {
          analyseText: (text) => this.analyseText(text, expanding),
          analyseCommand: (command) => this.analyseCommand(command),
          cwd: this.cwd,
        };
        return { found: judgeScript(entry.text, ctx) };
      }
      case "unknown":
        return { found: this.note(matchOf(PATH_COMMAND_RULES.unknownProgram)) };
      case "unresolved":
        return { found: this.note(matchOf(PATH_COMMAND_RULES.unresolved)) };
    }
  }

  /**
   * A wrapped command word (`sudo ./build`, `env PATH=/tmp/b echo`) that names a program the
   * session copied or linked: the command as the real program, or null.
   */
  private renamedLayer(layer: ResolvedCommand): SimpleCommand | null {
    if (layer.via.length === 0 || layer.nameWord.dynamic) return null;
    const text = layer.nameWord.text;
    const candidates = [text];
    if (!text.includes("/")) {
      const settings = [
        ...layer.source.assignments.map((a) => `${a.name}=${a.value.text}`),
        ...layer.source.words.map((word) => word.text),
      ];
      for (const setting of settings)
        if (setting.startsWith("PATH="))
          for (const dir of setting.slice(5).split(":")) candidates.push(`${dir}/${text}`);
    }
    for (const candidate of candidates) {
      const program = renamedProgram(this.state, candidate);
      if (program === undefined || program === text) continue;
      const word = program === DYNAMIC ? dynamicWord() : staticWord(program);
      return { ...layer.source, words: [word, ...layer.args], upstream: layer.source.upstream };
    }
    return null;
  }

  analyseCommand(original: SimpleCommand): DangerousCommandMatch | null {
    const { cwd, left, depth } = this.state;
    try {
      return this.analyseLayers(original);
    } finally {
      // A wrapper's chdir (`env -C DIR`, `sudo -D DIR`) lasts for its command only.
      this.state.cwd = cwd;
      this.state.left = left;
      this.state.depth = depth;
    }
  }

  private analyseLayers(original: SimpleCommand): DangerousCommandMatch | null {
    const { cmd, found: expanded } = this.expandSession(original);
    let found = worse(worse(redirectMatch(original), inputSecretMatch(original)), expanded);
    if (this.stop(found)) return found;
    let directory: string | undefined;
    for (const layer of resolveLayers(cmd)) {
      this.collector?.addLayer(layer);
      if (layer.directory !== undefined && layer.directory !== directory) {
        directory = layer.directory;
        enterDirectory(this.state, directory);
      }
      const located = locatedProgram(layer.nameWord);
      if (located !== null) {
        // `$(which python3) -m pytest`: the named program runs (found on PATH at run time).
        this.collector?.unresolved.add("command word looked up at run time");
        const words = [staticWord(located), ...layer.args];
        found = worse(found, this.analyseCommand({ ...layer.source, words }));
        break;
      }
      if (isDynamicCommandWord(layer)) {
        const base = layer.nameWord.text.slice(layer.nameWord.text.lastIndexOf("/") + 1);
        const guess = this.guessProgram(
          layer,
          base.includes(DYNAMIC) ? OPEN_CANDIDATES : GLOB_CANDIDATES,
          base.includes(DYNAMIC) ? null : globToRegExp(base),
        );
        if (guess !== null) return guess;
        found = worse(found, this.note(matchOf(EXEC_RULES.dynamicCommand)));
        break;
      }
      if (layer.nameWord.overridable !== undefined) {
        // `${x:-ls} -rf /`: the environment may set x to any program.
        const guess = this.guessProgram(layer, OPEN_CANDIDATES, null);
        if (guess !== null) return guess;
      }
      if (layer.via.length > 0 && !layer.nameWord.dynamic) {
        // `env ls`, `xargs ls`: the wrapper finds the word through the same PATH.
        const onPath = this.pathCommand(layer.nameWord.text, layer.args);
        if (onPath !== null) {
          const verdict =
            "found" in onPath
              ? onPath.found
              : this.analyseCommand({ ...layer.source, words: onPath.words });
          found = worse(found, verdict);
          if (this.stop(found)) return found;
          continue;
        }
      }
      const renamed = this.renamedLayer(layer);
      if (renamed !== null) {
        found = worse(found, this.analyseCommand(renamed));
        if (this.stop(found)) return found;
        continue;
      }
      for (const check of LAYER_RULES) {
        const match = this.note(check(layer, this));
        found = worse(found, match);
        if (this.stop(found)) return found;
      }
    }
    return found;
  }

  /**
   * A command word that may be any of `candidates` (matching `pattern` when given): the
   * hard-line verdict of the worst one, or null when none is hard-line.
   */
  private guessProgram(
    layer: ResolvedCommand,
    candidates: readonly string[],
    pattern: RegExp | null,
  ): DangerousCommandMatch | null {
    for (const candidate of candidates) {
      if (pattern !== null && !pattern.test(candidate)) continue;
      const guess = this.analyseCommand({
        ...layer.source,
        words: [staticWord(candidate), ...layer.args],
      });
      if (guess?.hardline) return guess;
    }
    return null;
  }

  analyseScript(script: Script): DangerousCommandMatch | null {
    // Expansion past the budget leaves words unknown: refused (held), never guessed.
    if (script.overBudget === true) throw new AnalysisBudgetExceeded(MAX_EXPANSIONS, Infinity);
    if (script.incomplete) this.collector?.unresolved.add("syntax not fully understood");
    let found =
      forkBombMatch(script) ??
      spawningLoopMatch(script) ??
      pushToNewRemoteMatch(script) ??
      developerToolScriptMatch(script, this);
    if (found) return found;
    for (const cmd of script.commands) {
      found = worse(found, this.analyseCommand(cmd));
      trackSession(this.state, cmd);
      if (this.stop(found)) return found;
    }
    return (
      found ??
      this.note(
        writtenThenExecMatch(script, (text) => this.analyseText(text)) ??
          secretThenSendMatch(script),
      )
    );
  }
}

function dynamicWord(): Word {
  return { ...staticWord(DYNAMIC), dynamic: true };
}

/** Add text the analysis reads (a function body) to what run-time values may come from. */
function addLineText(state: SessionState, text: string): void {
  const work = state.work;
  work.lineText = work.lineText === "" ? text : `${work.lineText}\n${text}`;
  delete work.namesSystemPath;
  delete work.cdpath;
}

/** Analyse already-normalised shell text at a nesting depth. */
export function analyseShellText(
  text: string,
  depth: number,
  state: SessionState = sessionStateOf(undefined),
  collector: CommandCollector | null = null,
): DangerousCommandMatch | null {
  if (depth === 0) addLineText(state, text);
  const script = parseShell(text, state.environment ?? undefined);
  return withSession(state, () => new Analyzer(depth, state, collector).analyseScript(script));
}

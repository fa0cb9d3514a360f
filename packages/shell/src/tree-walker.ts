import type { Node } from "web-tree-sitter";
import { tokenizeScript } from "./fallback-tokenizer.js";
import type { FunctionDef, Redirect, Script, SimpleCommand, Stage, Word } from "./shell-ir.js";
import { evalNodeWords, promptCode, type WordContext } from "./tree-words.js";
import {
  lookupVariable,
  UNKNOWN_VALUE,
  type VariableScope,
  type VariableValue,
} from "./variables.js";
import { ARITHMETIC_TEST_OPERATORS, arithmeticCode } from "./arithmetic.js";
import { DYNAMIC, staticWord } from "./shell-ir.js";
import { nameOperands, subscriptWithCode } from "./name-operands.js";
import { readRedirect } from "./tree-redirects.js";
import { hasSyntaxError } from "./source-repairs.js";
import { tableAssignmentCommands } from "./command-tables.js";
import { endlessLoopOf, spawningLoopOf, type SpawningLoop } from "./spawning-loops.js";
import { mktempValue, withKnownVariables } from "./temp-paths.js";

// Variables whose assignment rules judge as a command (`export NAME=VALUE`): history settings,
// what makes the dynamic loader or node load extra code, and what turns off TLS or checksum
// verification or changes the package index for later commands.
const ENVIRONMENT_HOOKS =
  /^(?:HISTFILE|HISTSIZE|HISTFILESIZE|SAVEHIST|HISTIGNORE|LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES|GCONV_PATH|NODE_OPTIONS|ENV|BASH_ENV|ZDOTDIR|PERL5OPT|PERL5LIB|PERLLIB|RUBYOPT|RUBYLIB|PYTHONPATH|PYTHONHOME|PYTHONSTARTUP|NODE_PATH|LD_LIBRARY_PATH|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|NODE_TLS_REJECT_UNAUTHORIZED|GIT_SSL_NO_VERIFY|GIT_SSL_CAINFO|PYTHONHTTPSVERIFY|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE|SSL_CERT_FILE|NODE_EXTRA_CA_CERTS|GOSUMDB|GOINSECURE|GONOSUMDB|GONOSUMCHECK|GOFLAGS|GOPROXY|CARGO_HTTP_CHECK_REVOKE|COMPOSER_DISABLE_TLS|(?:NPM_CONFIG|npm_config|YARN|PIP|UV)_[A-Za-z_]+)$/;

/** Loop values up to which a `for` body is read once per value. */
const MAX_LOOP_VALUES = 8;

// Variables whose value bash runs as code: before each prompt, or expanded in a prompt.
const CODE_VARIABLES = /^(?:PROMPT_COMMAND|PS[0124])$/;

function dynamicText(): Word {
  return { ...staticWord(DYNAMIC), dynamic: true };
}

type Assignment = SimpleCommand["assignments"][number];

/** The last statement of a pipeline node (comments skipped). */
function lastStatement(node: Node): Node | null {
  const children = node.namedChildren;
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i];
    if (child && child.type !== "comment") return child;
  }
  return null;
}

/** What a redirection that bash attaches to a pipeline's last simple command carries. */
interface LastCommand {
  readonly redirects: Redirect[];
  readonly trailing: readonly Word[];
  /** Nodes the grammar put inside the command that follow it (here-document tails). */
  readonly after: Node[];
}

/** `a |& b` sends a's standard error down the pipe too: `2>&1` after its own redirections. */
function stderrToPipe(stage: Node): Redirect[] {
  if (stage.nextSibling?.type !== "|&") return [];
  return [{ op: ">&", fd: "2", target: staticWord("1"), heredoc: null }];
}

/**
 * The simple command a redirection written after `node` may take its descriptor from: the last
 * command of its last pipeline (through `&&`/`||` lists), or null.
 */
function lastSimpleCommand(node: Node): Node | null {
  if (node.type === "command") return node;
  if (node.type !== "pipeline" && node.type !== "list") return null;
  const last = lastStatement(node);
  return last === null ? null : lastSimpleCommand(last);
}

/**
 * Where an escaped blank (`\ `) that starts a word lies in the source between two nodes of a
 * command, or -1.
 */
function escapedBlankStart(node: Node, from: number, to: number): number {
  if (to - from < 2) return -1;
  const gap = node.text.slice(from - node.startIndex, to - node.startIndex);
  for (let i = 0; i + 1 < gap.length; i++) {
    const next = gap.charAt(i + 1);
    if (gap.charAt(i) !== "\\") continue;
    if (next !== " " && next !== "\t") {
      i++;
      continue;
    }
    const before = i === 0 ? "" : gap.charAt(i - 1);
    if (before === " " || before === "\t") return from + i;
  }
  return -1;
}

/** True when only line continuations (`\\⏎`) separate two word nodes of a command. */
function continuesWord(node: Node, end: number, start: number): boolean {
  if (end < 0 || start <= end) return false;
  return /^(?:\\\n)+$/.test(node.text.slice(end - node.startIndex, start - node.startIndex));
}

class TreeWalker implements WordContext {
  readonly all: SimpleCommand[] = [];
  readonly functions: FunctionDef[] = [];
  incomplete = false;
  /** A `&` operator sent a command to the background. */
  background = false;
  /** The most severe loop that starts background jobs on each pass. */
  spawningLoop: SpawningLoop | null = null;
  /** The most severe endless loop without a wait or a way out. */
  endlessLoop: "busy" | "growing" | null = null;
  private readonly locals: SimpleCommand[][] = [];
  /** Variables declared `-i`: bash evaluates what is assigned to them as arithmetic. */
  private readonly integers = new Set<string>();
  private inherited: readonly Stage[] = [];
  /** End offsets of command words that are really the descriptor of the next redirection. */
  private readonly descriptorEnds = new Set<number>();

  readonly scope: VariableScope;

  constructor(scope: VariableScope) {
    this.scope = scope;
  }

  runsCode(code: string | null): void {
    this.emit({
      assignments: [],
      words: [staticWord("eval"), code === null ? dynamicText() : staticWord(code)],
      redirects: [],
      upstream: [],
    });
  }

  private arithmetic(text: string): void {
    for (const code of arithmeticCode(text, this.scope)) this.runsCode(code);
  }

  private emit(cmd: SimpleCommand): void {
    this.all.push(cmd);
    for (const local of this.locals) local.push(cmd);
  }

  walkNested(node: Node): Script {
    const local: SimpleCommand[] = [];
    this.locals.push(local);
    const saved = this.inherited;
    this.inherited = [];
    // `$(< file)` reads the file into the substitution: a command of only a redirection.
    const redirects: Redirect[] = [];
    for (const child of node.namedChildren)
      if (child?.type === "file_redirect") readRedirect(child, this, redirects, [], []);
    if (redirects.length > 0) this.emit({ assignments: [], words: [], redirects, upstream: [] });
    for (const child of node.namedChildren) if (child) this.walk(child);
    this.inherited = saved;
    this.locals.pop();
    return { commands: local, functions: [], incomplete: false };
  }

  word(node: Node): Word[] {
    return evalNodeWords(node, this);
  }

  /** An array-element name's subscript is expanded (as arithmetic for indexed arrays). */
  private nameSubscript(name: string): void {
    const index = subscriptWithCode(name);
    if (index !== null) this.arithmetic(index);
  }

  private assignment(node: Node): Assignment | null {
    const name = node.childForFieldName("name")?.text;
    if (name !== undefined) this.nameSubscript(name);
    const valueNode = node.childForFieldName("value");
    if (name === undefined) return null;
    if (valueNode === null)
      return {
        name,
        value: {
          text: "",
          dynamic: false,
          glob: false,
          substitutions: [],
          processSubstitution: false,
        },
      };
    const words = this.word(valueNode);
    const first = words[0];
    const value: Word =
      words.length === 1 && first !== undefined
        ? first
        : {
            text: words.map((w) => w.text).join(" "),
            dynamic: words.some((w) => w.dynamic),
            glob: false,
            substitutions: words.flatMap((w) => w.substitutions),
            processSubstitution: false,
          };
    return { name, value };
  }

  /** Record a variable assignment in the scope; returns what was assigned. */
  private setVariable(node: Node, flags = ""): Assignment | null {
    const assigned = this.assignment(node);
    if (assigned === null) return null;
    const valueText = node.childForFieldName("value")?.text ?? "";
    const array = node.childForFieldName("value")?.type === "array" ? valueText : null;
    for (const table of tableAssignmentCommands(assigned.name, assigned.value, array))
      this.emit(table);
    if (/^"?\$(?:IFS|\{IFS\})"?$/.test(valueText)) {
      this.scope.set(assigned.name, { text: " \t\n", dynamic: false });
      return assigned;
    }
    if (/\$\{?IFS\b/.test(valueText)) {
      this.scope.set(assigned.name, UNKNOWN_VALUE);
      return assigned;
    }
    if (flags.includes("n")) {
      // A name reference reads the variable it names.
      const target = lookupVariable(this.scope, assigned.value.text);
      this.scope.set(
        assigned.name,
        target === null || target === "separator" || assigned.value.dynamic
          ? UNKNOWN_VALUE
          : target,
      );
      return assigned;
    }
    if (flags.includes("i")) this.integers.add(assigned.name);
    if (this.integers.has(assigned.name)) this.arithmetic(assigned.value.text);
    if (ENVIRONMENT_HOOKS.test(assigned.name))
      this.emit({
        assignments: [],
        words: [
          staticWord("export"),
          { ...assigned.value, text: `${assigned.name}=${assigned.value.text}` },
        ],
        redirects: [],
        upstream: [],
      });
    if (CODE_VARIABLES.test(assigned.name)) {
      if (assigned.value.dynamic) this.runsCode(null);
      else if (!assigned.name.startsWith("PS")) this.runsCode(assigned.value.text);
      else {
        const code = promptCode(assigned.value.text);
        if (code !== null) this.runsCode(code);
      }
    }
    const valueNode = node.childForFieldName("value");
    if (node.text.startsWith(`${assigned.name}+=`)) this.scope.set(assigned.name, UNKNOWN_VALUE);
    else if (valueNode?.type === "array") this.scope.set(assigned.name, this.arrayValue(valueNode));
    else {
      const temp = mktempValue(assigned.value);
      this.scope.set(
        assigned.name,
        temp !== null
          ? { text: temp, dynamic: false }
          : { text: assigned.value.text, dynamic: assigned.value.dynamic },
      );
    }
    return assigned;
  }

  /** An array assigned from static words keeps its elements; anything else is unknown. */
  private arrayValue(node: Node): VariableValue {
    if (/[$`]/.test(node.text)) return UNKNOWN_VALUE;
    const elements = node.namedChildren.flatMap((child) => (child ? this.word(child) : []));
    if (elements.some((word) => word.dynamic || word.glob)) return UNKNOWN_VALUE;
    const texts = elements.map((word) => word.text);
    return { text: texts[0] ?? "", dynamic: false, elements: texts };
  }

  /**
   * `for NAME in WORDS; do BODY; done`: with a few static words the body is read once per
   * value; otherwise NAME is unknown in it.
   */
  private forLoop(node: Node): void {
    const name = node.childForFieldName("variable")?.text;
    const body = node.childForFieldName("body");
    const values = node
      .childrenForFieldName("value")
      .flatMap((child) => (child ? this.word(child) : []));
    if (name === undefined || body === null) {
      for (const child of node.namedChildren) if (child) this.walk(child);
      return;
    }
    const known =
      values.length > 0 &&
      values.length <= MAX_LOOP_VALUES &&
      values.every((word) => !word.dynamic);
    for (const value of known ? values : [null]) {
      this.scope.set(name, value === null ? UNKNOWN_VALUE : { text: value.text, dynamic: false });
      this.walk(body);
    }
  }

  private command(
    node: Node,
    redirects: Redirect[],
    upstream: readonly Stage[],
    after: Node[],
    trailing: readonly Word[] = [],
  ): SimpleCommand {
    const assignments: Assignment[] = [];
    const words: Word[] = [];
    // Redirections written inside the command come before those the caller read after it.
    const own: Redirect[] = [];
    // Start (in the source), end and first argv index of the word being read, to join words
    // the grammar split in two (`rm$IFS-rf$IFS/etc` comes back as `-rf$` and `IFS/etc`).
    let runStart = 0;
    let runEnd = -1;
    let runIndex = 0;
    let previousEnd = node.startIndex;
    for (const child of node.children) {
      if (child === null || child.type === "comment") continue;
      // The grammar reads a `==` or `=~` word as an operator token; bash passes it on.
      if (!child.isNamed && child.type !== "==" && child.type !== "=~") continue;
      const gapEnd = previousEnd;
      previousEnd = child.endIndex;
      const numeric = child.type === "number" || child.type === "command_name";
      if (numeric && this.descriptorEnds.has(child.endIndex)) continue;
      if (child.type === "variable_assignment") {
        const assigned = this.assignment(child);
        if (assigned) assignments.push(assigned);
        runEnd = -1;
        continue;
      }
      if (child.type.endsWith("_redirect")) {
        readRedirect(child, this, own, after, words);
        runEnd = -1;
        continue;
      }
      // The grammar skips an escaped blank before a word (`\ x`); bash starts the word with it.
      const escaped = escapedBlankStart(node, gapEnd, child.startIndex);
      if (escaped >= 0) {
        runStart = escaped;
        runEnd = escaped;
        runIndex = words.length;
      }
      if (
        runEnd === child.startIndex ||
        escaped >= 0 ||
        continuesWord(node, runEnd, child.startIndex)
      ) {
        // A backslash-newline is removed before bash splits words: `r\⏎m` is `rm`.
        const text = node.text
          .slice(runStart - node.startIndex, child.endIndex - node.startIndex)
          .replace(/\\\n/g, "");
        words.length = runIndex;
        words.push(...(tokenizeScript(text, this.scope).commands[0]?.words ?? []));
        runEnd = child.endIndex;
        continue;
      }
      runStart = child.startIndex;
      runEnd = child.endIndex;
      runIndex = words.length;
      if (child.type === "command_name") {
        // `a=1 >f` has no command name: the grammar puts a missing one there.
        const inner = child.namedChildren[0];
        if (inner && !inner.isMissing) words.push(...this.word(inner));
      } else if (!child.isNamed) words.push(staticWord(child.text));
      else words.push(...this.word(child));
    }
    words.push(...trailing);
    // A trap handler or eval string runs later in this same shell, with this shell's variables.
    if (words[0]?.text === "trap" || words[0]?.text === "eval")
      for (let i = 1; i < words.length; i++) {
        const word = words[i] as Word;
        const text = withKnownVariables(word.text, this.scope);
        if (text !== word.text) words[i] = { ...word, text };
      }
    if (words[0]?.text === "let") for (const word of words.slice(1)) this.arithmetic(word.text);
    for (const name of nameOperands(words.map((word) => word.text))) this.nameSubscript(name);
    return {
      assignments,
      words,
      redirects: own.length === 0 ? redirects : [...own, ...redirects],
      upstream: upstream.length > 0 ? upstream : this.inherited,
    };
  }

  private redirected(
    node: Node,
    upstream: readonly Stage[],
    toPipe: readonly Redirect[] = [],
  ): readonly Stage[] {
    const redirects: Redirect[] = [];
    const after: Node[] = [];
    const trailing: Word[] = [];
    const body = node.childForFieldName("body");
    let previousEnd = body?.type === "command" ? body.endIndex : -1;
    // The grammar reads a here-string after another redirection as an error `<<` and `<WORD`.
    let hereString = -1;
    for (const child of node.namedChildren) {
      if (child?.type === "ERROR" && child.text === "<<") hereString = child.endIndex;
      if (child !== null && child.id !== body?.id && child.type.endsWith("_redirect")) {
        // The grammar drops a lone `-` operand before a here-document (`make -f - <<EOF`);
        // bash passes it to the command, so words left between the parts are read back.
        if (previousEnd >= 0 && child.startIndex > previousEnd) {
          const gap = node.text.slice(
            previousEnd - node.startIndex,
            child.startIndex - node.startIndex,
          );
          if (gap.trim() !== "" && !gap.includes("\n"))
            trailing.push(...(tokenizeScript(gap, this.scope).commands[0]?.words ?? []));
        }
        readRedirect(child, this, redirects, after, trailing);
        const read = redirects[redirects.length - 1];
        if (hereString === child.startIndex && read?.op === "<")
          redirects[redirects.length - 1] = { ...read, op: "<<<" };
        if (previousEnd >= 0) previousEnd = child.type === "heredoc_redirect" ? -1 : child.endIndex;
      }
    }
    // `sh 0<&5`, `0<f cmd`: the grammar leaves the `0` in the command (as an argument or as
    // the command name); bash reads it as the descriptor.
    const last = body === null ? null : lastSimpleCommand(body);
    let tail = last?.lastNamedChild ?? null;
    if (tail?.type === "command_name" && tail.namedChildCount === 1) tail = tail.firstNamedChild;
    const first = redirects[0];
    if (
      tail?.type === "number" &&
      first !== undefined &&
      first.fd === null &&
      /[<>&]/.test(node.text.charAt(tail.endIndex - node.startIndex))
    ) {
      redirects[0] = { ...first, fd: tail.text };
      this.descriptorEnds.add(tail.endIndex);
    }
    redirects.push(...toPipe);
    // `a && b > f`, `a | b > f`, `a | { b; } > f`: bash attaches the redirection to the last
    // command of the last pipeline.
    const stages =
      body === null
        ? this.redirectedCompound(null, upstream, redirects)
        : this.redirectedLast(body, upstream, { redirects, trailing, after });
    const stage = stages[stages.length - 1] as Stage;
    for (const extra of after) {
      if (extra.type === "pipeline") this.pipeline(extra, [stage]);
      else this.walk(extra);
    }
    return stages;
  }

  /**
   * Walk a redirected pipeline or `&&`/`||` list whose last simple command takes the
   * redirection; returns the pipeline stages of its last pipeline.
   */
  private redirectedLast(node: Node, upstream: readonly Stage[], last: LastCommand): Stage[] {
    if (node.type === "pipeline") return this.pipeline(node, upstream, last).slice(upstream.length);
    if (node.type === "command") {
      const cmd = this.command(node, last.redirects, upstream, last.after, last.trailing);
      this.emit(cmd);
      return [cmd];
    }
    if (node.type !== "list") return this.redirectedCompound(node, upstream, last.redirects);
    // A list: its first operand continues the pipeline it stands in, the others start afresh.
    const operands = node.namedChildren.filter(
      (child): child is Node => child !== null && child.type !== "comment",
    );
    const final = operands.pop();
    operands.forEach((operand, index) => {
      if (index === 0 && upstream.length > 0) this.pipelineStage(operand, [...upstream]);
      else this.walk(operand);
    });
    if (final === undefined) return [];
    return this.redirectedLast(final, operands.length === 0 ? upstream : [], last);
  }

  /**
   * A compound command (group, subshell, loop) fed by `upstream` with redirections of its own:
   * its commands, then a command of only those redirections, make one pipeline stage.
   */
  private redirectedCompound(
    node: Node | null,
    upstream: readonly Stage[],
    redirects: Redirect[],
  ): Stage[] {
    const before = this.all.length;
    const saved = this.inherited;
    this.inherited = [...upstream];
    if (node !== null) this.walk(node);
    this.inherited = saved;
    this.emit({ assignments: [], words: [], redirects, upstream: [...upstream] });
    return [{ compound: true, commands: this.all.slice(before) }];
  }

  private pipeline(
    node: Node,
    initial: readonly Stage[],
    last: LastCommand | null = null,
  ): Stage[] {
    const stages: Stage[] = [...initial];
    const lastId = last === null ? null : lastStatement(node)?.id;
    for (const child of node.namedChildren) {
      if (child === null || child.type === "comment") continue;
      if (child.type === "command") {
        const after: Node[] = [];
        const own = child.id === lastId ? last : null;
        const redirects = own?.redirects ?? stderrToPipe(child);
        const cmd = this.command(child, redirects, [...stages], after, own?.trailing);
        this.emit(cmd);
        stages.push(cmd);
        if (own !== null) own.after.push(...after);
        else for (const extra of after) this.walk(extra);
      } else if (last !== null && child.id === lastId)
        stages.push(...this.redirectedLast(child, stages, last));
      else stages.push(...this.pipelineStage(child, stages, stderrToPipe(child)));
    }
    return stages;
  }

  /**
   * Walk one non-simple stage of a pipeline fed by `stages`, with redirections `toPipe` after
   * its own (`|&`); returns the stages it adds.
   */
  private pipelineStage(
    child: Node,
    stages: readonly Stage[],
    toPipe: readonly Redirect[] = [],
  ): readonly Stage[] {
    if (child.type === "redirected_statement") return this.redirected(child, [...stages], toPipe);
    if (child.type === "pipeline") return this.pipeline(child, stages).slice(stages.length);
    if (child.type === "list") {
      // `a | b | c && d` comes back as `a | (b | c && d)`; bash reads `(a | b | c) && d`.
      const operands = child.namedChildren.filter(
        (operand): operand is Node => operand !== null && operand.type !== "comment",
      );
      const first = operands.shift();
      const added = first === undefined ? [] : this.pipelineStage(first, stages);
      for (const operand of operands) this.walk(operand);
      return added;
    }
    if (child.type === "command") {
      const after: Node[] = [];
      const cmd = this.command(child, [...toPipe], [...stages], after);
      this.emit(cmd);
      for (const extra of after) this.walk(extra);
      return [cmd];
    }
    const before = this.all.length;
    const saved = this.inherited;
    this.inherited = [...stages];
    this.walk(child);
    this.inherited = saved;
    if (toPipe.length > 0)
      this.emit({ assignments: [], words: [], redirects: [...toPipe], upstream: [...stages] });
    return [{ compound: true, commands: this.all.slice(before) }];
  }

  walk(node: Node): void {
    const loop = spawningLoopOf(node);
    if (loop !== null && this.spawningLoop !== "endless") this.spawningLoop = loop;
    const endless = this.endlessLoop === "growing" ? null : endlessLoopOf(node);
    if (endless !== null) this.endlessLoop = endless;
    switch (node.type) {
      case "comment":
        return;
      case "ERROR": {
        this.incomplete = true;
        const fallback = tokenizeScript(node.text, this.scope);
        for (const cmd of fallback.commands) this.emit(cmd);
        this.functions.push(...fallback.functions);
        return;
      }
      case "command": {
        const after: Node[] = [];
        this.emit(this.command(node, [], [], after));
        for (const extra of after) this.walk(extra);
        return;
      }
      case "redirected_statement":
        this.redirected(node, []);
        return;
      case "pipeline":
        this.pipeline(node, []);
        return;
      case "variable_assignment":
        this.setVariable(node);
        return;
      case "declaration_command": {
        let flags = "";
        // Recorded as a command too, as bash runs it (`export DOCKER_HOST=...`).
        const words: Word[] = [staticWord(node.child(0)?.text ?? "declare")];
        for (const child of node.namedChildren) {
          if (child === null || child.type === "comment") continue;
          if (child.type === "variable_assignment") {
            const assigned = this.setVariable(child, flags);
            if (assigned !== null)
              words.push({ ...assigned.value, text: `${assigned.name}=${assigned.value.text}` });
          } else if (child.type === "variable_name") {
            if (flags.includes("i")) this.integers.add(child.text);
            words.push(staticWord(child.text));
          } else {
            for (const word of this.word(child)) {
              if (/^-[a-zA-Z]+$/.test(word.text)) flags += word.text.slice(1);
              else this.nameSubscript(word.text);
              words.push(word);
            }
          }
        }
        this.emit({ assignments: [], words, redirects: [], upstream: [] });
        return;
      }
      case "compound_statement":
        if (node.text.startsWith("((")) this.arithmetic(node.text.slice(2, -2));
        for (const child of node.namedChildren) if (child) this.walk(child);
        return;
      case "for_statement":
        this.forLoop(node);
        return;
      case "c_style_for_statement":
        this.arithmetic(node.text.slice(0, node.childForFieldName("body")?.startIndex ?? 0));
        for (const child of node.namedChildren) if (child) this.walk(child);
        return;
      case "binary_expression": {
        const operator = node.childForFieldName("operator")?.text ?? "";
        if (ARITHMETIC_TEST_OPERATORS.has(operator))
          for (const side of ["left", "right"]) {
            const operand = node.childForFieldName(side);
            if (operand)
              this.arithmetic(
                this.word(operand)
                  .map((word) => word.text)
                  .join(" "),
              );
          }
        for (const child of node.namedChildren) if (child) this.walk(child);
        return;
      }
      case "unset_command": {
        const names: Word[] = [];
        for (const child of node.namedChildren) {
          if (!child) continue;
          this.scope.delete(child.text);
          names.push(...this.word(child));
        }
        for (const name of names) this.nameSubscript(name.text);
        // Recorded as a command so that rules see what is unset (`unset HISTFILE`).
        this.emit({
          assignments: [],
          words: [staticWord("unset"), ...names],
          redirects: [],
          upstream: [],
        });
        return;
      }
      case "function_definition": {
        const name = node.childForFieldName("name")?.text ?? "";
        const body = node.childForFieldName("body");
        if (body !== null) this.functions.push({ name, body: this.walkNested(body) });
        return;
      }
      case "command_substitution":
      case "process_substitution":
        this.walkNested(node);
        return;
      default:
        if (node.isMissing) this.incomplete = true;
        for (const child of node.children)
          if (child !== null && !child.isNamed && child.type === "&") this.background = true;
        for (const child of node.namedChildren) if (child) this.walk(child);
    }
  }
}

/** Convert a tree-sitter-bash syntax tree into the command list the rules read. */
export function scriptFromTree(root: Node, scope: VariableScope): Script {
  const walker = new TreeWalker(scope);
  walker.walk(root);
  return {
    commands: walker.all,
    functions: walker.functions,
    incomplete: walker.incomplete || hasSyntaxError(root),
    ...(walker.background ? { background: true } : {}),
    ...(walker.spawningLoop !== null ? { spawningLoop: walker.spawningLoop } : {}),
    ...(walker.endlessLoop !== null ? { endlessLoop: walker.endlessLoop } : {}),
  };
}

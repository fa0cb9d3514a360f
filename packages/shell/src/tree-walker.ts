// The tree-sitter walker: turns a syntax tree of tree-sitter-bash into the IR the rules read.
// Simple commands, pipelines and assignments are read by tree-simple-command.ts,
// tree-pipelines.ts and tree-assignments.ts; this file dispatches on statement types and keeps
// the walk's state.
import type { Node } from "web-tree-sitter";
import { ARITHMETIC_TEST_OPERATORS, arithmeticCode } from "./arithmetic.js";
import { tokenizeScript } from "./fallback-tokenizer.js";
import { subscriptWithCode } from "./name-operands.js";
import type { FunctionDef, Redirect, Script, SimpleCommand, Stage, Word } from "./shell-ir.js";
import { DYNAMIC, staticWord } from "./shell-ir.js";
import { hasSyntaxError } from "./source-repairs.js";
import { endlessLoopOf, spawningLoopOf, type SpawningLoop } from "./spawning-loops.js";
import { setVariable } from "./tree-assignments.js";
import { walkPipeline, walkRedirected } from "./tree-pipelines.js";
import { readRedirect } from "./tree-redirects.js";
import { readCommand } from "./tree-simple-command.js";
import type { TreeWalk } from "./tree-walk.js";
import { evalNodeWords } from "./tree-words.js";
import { UNKNOWN_VALUE, type VariableScope } from "./variables.js";

/** Loop values up to which a `for` body is read once per value. */
const MAX_LOOP_VALUES = 8;

function dynamicText(): Word {
  return { ...staticWord(DYNAMIC), dynamic: true };
}

class TreeWalker implements TreeWalk {
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
  readonly integers = new Set<string>();
  inherited: readonly Stage[] = [];
  inheritedInput: readonly Redirect[] = [];
  /** End offsets of command words that are really the descriptor of the next redirection. */
  readonly descriptorEnds = new Set<number>();

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

  arithmetic(text: string): void {
    for (const code of arithmeticCode(text, this.scope)) this.runsCode(code);
  }

  emit(cmd: SimpleCommand): void {
    this.all.push(cmd);
    for (const local of this.locals) local.push(cmd);
  }

  walkNested(node: Node): Script {
    const local: SimpleCommand[] = [];
    this.locals.push(local);
    const saved = this.inherited;
    const savedInput = this.inheritedInput;
    this.inherited = [];
    this.inheritedInput = [];
    // `$(< file)` reads the file into the substitution: a command of only a redirection.
    const redirects: Redirect[] = [];
    for (const child of node.namedChildren)
      if (child?.type === "file_redirect") readRedirect(child, this, redirects, [], []);
    if (redirects.length > 0) this.emit({ assignments: [], words: [], redirects, upstream: [] });
    for (const child of node.namedChildren) if (child) this.walk(child);
    this.inherited = saved;
    this.inheritedInput = savedInput;
    this.locals.pop();
    return { commands: local, functions: [], incomplete: false };
  }

  word(node: Node): Word[] {
    return evalNodeWords(node, this);
  }

  /** An array-element name's subscript is expanded (as arithmetic for indexed arrays). */
  nameSubscript(name: string): void {
    const index = subscriptWithCode(name);
    if (index !== null) this.arithmetic(index);
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
        this.emit(readCommand(this, node, [], [], after));
        for (const extra of after) this.walk(extra);
        return;
      }
      case "redirected_statement":
        walkRedirected(this, node, []);
        return;
      case "pipeline":
        walkPipeline(this, node, []);
        return;
      case "variable_assignment":
        setVariable(this, node);
        return;
      case "declaration_command": {
        let flags = "";
        // Recorded as a command too, as bash runs it (`export DOCKER_HOST=...`).
        const words: Word[] = [staticWord(node.child(0)?.text ?? "declare")];
        for (const child of node.namedChildren) {
          if (child === null || child.type === "comment") continue;
          if (child.type === "variable_assignment") {
            const assigned = setVariable(this, child, flags);
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
      case "unary_expression": {
        // `[[ -v 'a[$(cmd)]' ]]`: the element's subscript is expanded, and its code runs.
        const operator = node.childForFieldName("operator")?.text ?? "";
        const operand = node.namedChildren.find((child) => child?.type !== "test_operator");
        if ((operator === "-v" || operator === "-R") && operand)
          for (const name of this.word(operand)) this.nameSubscript(name.text);
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

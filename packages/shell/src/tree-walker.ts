import type { Node } from "web-tree-sitter";
import { tokenizeScript } from "./fallback-tokenizer.js";
import type { FunctionDef, Redirect, Script, SimpleCommand, Stage, Word } from "./shell-ir.js";
import { evalNodeWords, type WordContext } from "./tree-words.js";
import { UNKNOWN_VALUE, type VariableScope } from "./variables.js";

type Assignment = SimpleCommand["assignments"][number];

class TreeWalker implements WordContext {
  readonly all: SimpleCommand[] = [];
  readonly functions: FunctionDef[] = [];
  incomplete = false;
  /** A `&` operator sent a command to the background. */
  background = false;
  private readonly locals: SimpleCommand[][] = [];
  private inherited: readonly Stage[] = [];

  readonly scope: VariableScope;

  constructor(scope: VariableScope) {
    this.scope = scope;
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
    for (const child of node.namedChildren) if (child) this.walk(child);
    this.inherited = saved;
    this.locals.pop();
    return { commands: local, functions: [], incomplete: false };
  }

  private word(node: Node): Word[] {
    return evalNodeWords(node, this);
  }

  private assignment(node: Node): Assignment | null {
    const name = node.childForFieldName("name")?.text;
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

  private setVariable(node: Node): void {
    const assigned = this.assignment(node);
    if (assigned === null) return;
    const append =
      node.text.startsWith(`${assigned.name}+=`) ||
      node.childForFieldName("value")?.type === "array";
    this.scope.set(
      assigned.name,
      append ? UNKNOWN_VALUE : { text: assigned.value.text, dynamic: assigned.value.dynamic },
    );
  }

  private redirect(node: Node, out: Redirect[], after: Node[]): void {
    if (node.type === "herestring_redirect") {
      const target = node.namedChildren.find(
        (child) => child !== null && child.type !== "file_descriptor",
      );
      out.push({
        op: "<<<",
        fd: null,
        target: target ? (this.word(target)[0] ?? null) : null,
        heredoc: null,
      });
      return;
    }
    if (node.type === "heredoc_redirect") {
      let body = "";
      let quoted = false;
      for (const child of node.namedChildren) {
        if (child === null) continue;
        if (child.type === "heredoc_start") quoted = /['"\\]/.test(child.text);
        else if (child.type === "heredoc_body") {
          body = child.text;
          if (!quoted) this.walkNested(child);
        } else if (child.type === "heredoc_end") continue;
        else if (child.type.endsWith("_redirect")) this.redirect(child, out, after);
        else after.push(child);
      }
      out.push({ op: "<<", fd: null, target: null, heredoc: body });
      return;
    }
    let op = "";
    let fd: string | null = null;
    let target: Word | null = null;
    for (const child of node.children) {
      if (child === null) continue;
      if (!child.isNamed) op += child.type;
      else if (child.type === "file_descriptor") fd = child.text;
      else if (target === null) target = this.word(child)[0] ?? null;
    }
    out.push({ op, fd, target, heredoc: null });
  }

  private command(
    node: Node,
    redirects: Redirect[],
    upstream: readonly Stage[],
    after: Node[],
  ): SimpleCommand {
    const assignments: Assignment[] = [];
    const words: Word[] = [];
    for (const child of node.namedChildren) {
      if (child === null || child.type === "comment") continue;
      if (child.type === "variable_assignment") {
        const assigned = this.assignment(child);
        if (assigned) assignments.push(assigned);
      } else if (child.type.endsWith("_redirect")) this.redirect(child, redirects, after);
      else if (child.type === "command_name") {
        const inner = child.namedChildren[0];
        if (inner) words.push(...this.word(inner));
      } else words.push(...this.word(child));
    }
    return {
      assignments,
      words,
      redirects,
      upstream: upstream.length > 0 ? upstream : this.inherited,
    };
  }

  private redirected(node: Node, upstream: readonly Stage[]): Stage {
    const redirects: Redirect[] = [];
    const after: Node[] = [];
    const body = node.childForFieldName("body");
    for (const child of node.namedChildren) {
      if (child !== null && child !== body && child.type.endsWith("_redirect"))
        this.redirect(child, redirects, after);
    }
    let stage: Stage;
    if (body !== null && body.type === "command") {
      const cmd = this.command(body, redirects, upstream, after);
      this.emit(cmd);
      stage = cmd;
    } else {
      const before = this.all.length;
      if (body !== null) this.walk(body);
      const synthetic: SimpleCommand = { assignments: [], words: [], redirects, upstream };
      this.emit(synthetic);
      stage = { compound: true, commands: this.all.slice(before) };
    }
    for (const extra of after) {
      if (extra.type === "pipeline") this.pipeline(extra, [stage]);
      else this.walk(extra);
    }
    return stage;
  }

  private pipeline(node: Node, initial: readonly Stage[]): void {
    const stages: Stage[] = [...initial];
    for (const child of node.namedChildren) {
      if (child === null || child.type === "comment") continue;
      if (child.type === "command") {
        const after: Node[] = [];
        const cmd = this.command(child, [], [...stages], after);
        this.emit(cmd);
        stages.push(cmd);
        for (const extra of after) this.walk(extra);
      } else if (child.type === "redirected_statement") {
        stages.push(this.redirected(child, [...stages]));
      } else {
        const before = this.all.length;
        const saved = this.inherited;
        this.inherited = [...stages];
        this.walk(child);
        this.inherited = saved;
        stages.push({ compound: true, commands: this.all.slice(before) });
      }
    }
  }

  walk(node: Node): void {
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
      case "declaration_command":
        for (const child of node.namedChildren) {
          if (child === null) continue;
          if (child.type === "variable_assignment") this.setVariable(child);
          else if (child.type !== "variable_name") this.word(child);
        }
        return;
      case "unset_command":
        for (const child of node.namedChildren) if (child) this.scope.delete(child.text);
        return;
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
    incomplete: walker.incomplete || root.hasError,
    ...(walker.background ? { background: true } : {}),
  };
}

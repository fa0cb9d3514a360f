// Pipelines, lists and redirected statements: which command a redirection written after a
// pipeline, a list or a compound command belongs to, and which stages feed each command.
import type { Node } from "web-tree-sitter";
import { tokenizeScript } from "./fallback-tokenizer.js";
import { staticWord, type Redirect, type Stage, type Word } from "./shell-ir.js";
import { readRedirect } from "./tree-redirects.js";
import { readAssignment } from "./tree-assignments.js";
import { readCommand, readsStandardInput } from "./tree-simple-command.js";
import type { Assignment, TreeWalk } from "./tree-walk.js";

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
  /** Assignments the grammar read as words of a redirection (`0>f a=1 cmd`). */
  readonly assignments: readonly Assignment[];
  /** Nodes the grammar put inside the command that follow it (here-document tails). */
  readonly after: Node[];
}

/** Statements of only assignments. */
const ASSIGNMENT_STATEMENTS = new Set(["variable_assignment", "variable_assignments"]);

/** The last statement of a pipeline or list, through nested ones. */
function finalStatement(node: Node): Node {
  if (node.type !== "pipeline" && node.type !== "list") return node;
  const last = lastStatement(node);
  return last === null ? node : finalStatement(last);
}

/** What may start an assignment word: a name, a subscript, `=` or `+=`. */
const ASSIGNMENT_START = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=/;

/**
 * The assignments at the start of the words the grammar put in the first redirection of
 * `node` after its target, taken out of `trailing` (which holds those words first).
 */
function leadingAssignments(node: Node, trailing: Word[]): Assignment[] {
  const redirect = node.namedChildren.find((child) => child?.type === "file_redirect");
  const extras = (redirect?.namedChildren ?? []).filter(
    (child): child is Node => child !== null && child.type !== "file_descriptor",
  );
  const found: Assignment[] = [];
  for (const extra of extras.slice(1)) {
    const start = ASSIGNMENT_START.exec(extra.text)?.[0];
    const word = trailing[found.length];
    if (start === undefined || word === undefined || !word.text.startsWith(start)) break;
    const name = start.slice(0, start.endsWith("+=") ? -2 : -1);
    found.push({ name, value: { ...word, text: word.text.slice(start.length) } });
  }
  trailing.splice(0, found.length);
  return found;
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

/** Walk a redirected statement fed by `upstream`; returns the pipeline stages it adds. */
export function walkRedirected(
  w: TreeWalk,
  node: Node,
  upstream: readonly Stage[],
  toPipe: readonly Redirect[] = [],
): readonly Stage[] {
  const redirects: Redirect[] = [];
  const after: Node[] = [];
  const trailing: Word[] = [];
  const body = node.childForFieldName("body");
  const last = body === null ? null : lastSimpleCommand(body);
  let previousEnd = last !== null && last.endIndex === body?.endIndex ? last.endIndex : -1;
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
          trailing.push(...(tokenizeScript(gap, w.scope).commands[0]?.words ?? []));
      }
      readRedirect(child, w, redirects, after, trailing);
      const read = redirects[redirects.length - 1];
      if (hereString === child.startIndex && read?.op === "<")
        redirects[redirects.length - 1] = { ...read, op: "<<<" };
      if (previousEnd >= 0) previousEnd = child.type === "heredoc_redirect" ? -1 : child.endIndex;
    }
  }
  // `sh 0<&5`, `0<f cmd`: the grammar leaves the `0` in the command (as an argument or as
  // the command name); bash reads it as the descriptor.
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
    w.descriptorEnds.add(tail.endIndex);
  }
  // `0>f a=1 cmd`: the grammar took the `0` for the command name and the rest for words of
  // the redirection; bash reads assignments before the command word.
  const assignments: Assignment[] = [];
  const assignmentLast = body !== null && ASSIGNMENT_STATEMENTS.has(finalStatement(body).type);
  const fdName = tail?.parent?.type === "command_name" && w.descriptorEnds.has(tail.endIndex);
  if (fdName || assignmentLast) assignments.push(...leadingAssignments(node, trailing));
  redirects.push(...toPipe);
  // `a && b > f`, `a | b > f`, `a | { b; } > f`: bash attaches the redirection to the last
  // command of the last pipeline.
  const stages =
    body === null
      ? redirectedCompound(w, null, upstream, redirects)
      : redirectedLast(w, body, upstream, { redirects, trailing, after, assignments });
  const stage = stages[stages.length - 1] as Stage;
  for (const extra of after) {
    if (extra.type === "pipeline") walkPipeline(w, extra, [stage]);
    else w.walk(extra);
  }
  return stages;
}

/**
 * Walk a redirected pipeline or `&&`/`||` list whose last simple command takes the
 * redirection; returns the pipeline stages of its last pipeline.
 */
function redirectedLast(
  w: TreeWalk,
  node: Node,
  upstream: readonly Stage[],
  last: LastCommand,
): Stage[] {
  if (node.type === "pipeline") return walkPipeline(w, node, upstream, last).slice(upstream.length);
  if (node.type === "command") {
    const { redirects, after, trailing, assignments } = last;
    const cmd = readCommand(w, node, redirects, upstream, after, trailing, assignments);
    w.emit(cmd);
    return [cmd];
  }
  if (ASSIGNMENT_STATEMENTS.has(node.type) && last.trailing.length > 0) {
    // `a | b=1 >&2 cmd args`: the grammar ends the pipeline at the assignment and reads the
    // command's words as words of the redirection; bash runs `cmd args` with `b=1`.
    const own = node.type === "variable_assignment" ? [node] : node.namedChildren;
    const cmd = {
      assignments: [
        ...own.flatMap((child) => (child === null ? [] : (readAssignment(w, child) ?? []))),
        ...last.assignments,
      ],
      words: [...last.trailing],
      redirects: last.redirects,
      upstream: upstream.length > 0 ? [...upstream] : w.inherited,
    };
    w.emit(cmd);
    return [cmd];
  }
  if (node.type !== "list") return redirectedCompound(w, node, upstream, last.redirects);
  // A list: its first operand continues the pipeline it stands in, the others start afresh.
  const operands = node.namedChildren.filter(
    (child): child is Node => child !== null && child.type !== "comment",
  );
  const final = operands.pop();
  operands.forEach((operand, index) => {
    if (index === 0 && upstream.length > 0) pipelineStage(w, operand, [...upstream]);
    else w.walk(operand);
  });
  if (final === undefined) return [];
  return redirectedLast(w, final, operands.length === 0 ? upstream : [], last);
}

/**
 * A compound command (group, subshell, loop) fed by `upstream` with redirections of its own:
 * its commands, then a command of only those redirections, make one pipeline stage.
 */
function redirectedCompound(
  w: TreeWalk,
  node: Node | null,
  upstream: readonly Stage[],
  redirects: Redirect[],
): Stage[] {
  const before = w.all.length;
  const saved = w.inherited;
  const savedInput = w.inheritedInput;
  w.inherited = [...upstream];
  // `{ sh; } <<<'code'`: the commands inside read the compound's standard input.
  const input = redirects.filter(readsStandardInput);
  if (input.length > 0) w.inheritedInput = input;
  if (node !== null) w.walk(node);
  w.inherited = saved;
  w.inheritedInput = savedInput;
  w.emit({ assignments: [], words: [], redirects, upstream: [...upstream] });
  return [{ compound: true, commands: w.all.slice(before) }];
}

export function walkPipeline(
  w: TreeWalk,
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
      const cmd = readCommand(
        w,
        child,
        redirects,
        [...stages],
        after,
        own?.trailing,
        own?.assignments,
      );
      w.emit(cmd);
      stages.push(cmd);
      if (own !== null) own.after.push(...after);
      else for (const extra of after) w.walk(extra);
    } else if (last !== null && child.id === lastId)
      stages.push(...redirectedLast(w, child, stages, last));
    else stages.push(...pipelineStage(w, child, stages, stderrToPipe(child)));
  }
  return stages;
}

/**
 * Walk one non-simple stage of a pipeline fed by `stages`, with redirections `toPipe` after
 * its own (`|&`); returns the stages it adds.
 */
function pipelineStage(
  w: TreeWalk,
  child: Node,
  stages: readonly Stage[],
  toPipe: readonly Redirect[] = [],
): readonly Stage[] {
  if (child.type === "redirected_statement") return walkRedirected(w, child, [...stages], toPipe);
  if (child.type === "pipeline") return walkPipeline(w, child, stages).slice(stages.length);
  if (child.type === "list") {
    // `a | b | c && d` comes back as `a | (b | c && d)`; bash reads `(a | b | c) && d`.
    const operands = child.namedChildren.filter(
      (operand): operand is Node => operand !== null && operand.type !== "comment",
    );
    const first = operands.shift();
    const added = first === undefined ? [] : pipelineStage(w, first, stages);
    for (const operand of operands) w.walk(operand);
    return added;
  }
  if (child.type === "command") {
    const after: Node[] = [];
    const cmd = readCommand(w, child, [...toPipe], [...stages], after);
    w.emit(cmd);
    for (const extra of after) w.walk(extra);
    return [cmd];
  }
  const before = w.all.length;
  const saved = w.inherited;
  w.inherited = [...stages];
  w.walk(child);
  w.inherited = saved;
  if (toPipe.length > 0)
    w.emit({ assignments: [], words: [], redirects: [...toPipe], upstream: [...stages] });
  return [{ compound: true, commands: w.all.slice(before) }];
}

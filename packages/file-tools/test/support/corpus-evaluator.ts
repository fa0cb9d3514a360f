import { readFileSync } from "node:fs";
import { fuzzyReplace, isAlreadyApplied } from "../../src/fuzzy/fuzzy-replace.js";

/** What a corpus case expects of the matcher. */
export interface ExpectedOutcome {
  /** applied: the edit is made; refused: nothing changes and an error explains; unchanged: already applied, a no-op success. */
  readonly outcome: "applied" | "refused" | "unchanged";
  readonly result?: string;
  readonly contains?: readonly string[];
  readonly notContains?: readonly string[];
  readonly strategy?: string;
  readonly notStrategy?: string;
  readonly errorIncludes?: string;
}

/** One edit: a file, what the model sent, and what must happen. */
export interface EditCase {
  readonly id: string;
  readonly source?: string;
  readonly content: string;
  readonly old_string: string;
  readonly new_string: string;
  readonly replace_all?: boolean;
  readonly expect: ExpectedOutcome;
}

/** Load `{ cases: [...] }` from a JSON fixture next to this file. */
export function loadCorpus(name: string): EditCase[] {
  const url = new URL(`../fixtures/${name}`, import.meta.url);
  return (JSON.parse(readFileSync(url, "utf8")) as { cases: EditCase[] }).cases;
}

/** Problems with the matcher's answer to one case; empty when it did what the case expects. */
export function evaluateCase(editCase: EditCase): string[] {
  const outcome = fuzzyReplace(
    editCase.content,
    editCase.old_string,
    editCase.new_string,
    editCase.replace_all ?? false,
  );
  const { expect } = editCase;
  const problems: string[] = [];
  if (expect.outcome === "unchanged") {
    const noop =
      outcome.error !== null &&
      isAlreadyApplied(editCase.content, editCase.old_string, editCase.new_string);
    return noop
      ? []
      : [`expected an already-applied no-op, got ${outcome.error ?? `a ${outcome.strategy} edit`}`];
  }
  if (expect.outcome === "refused") {
    if (outcome.error === null)
      problems.push(`applied via ${outcome.strategy}, expected a refusal`);
    if (outcome.content !== editCase.content) problems.push("content changed on refusal");
    if (expect.errorIncludes !== undefined && !outcome.error?.includes(expect.errorIncludes)) {
      problems.push(`error ${JSON.stringify(outcome.error)} lacks ${expect.errorIncludes}`);
    }
    return problems;
  }
  if (outcome.error !== null) return [`refused: ${outcome.error}`];
  if (expect.result !== undefined && outcome.content !== expect.result) {
    problems.push(`result ${JSON.stringify(outcome.content)}`);
  }
  for (const text of expect.contains ?? []) {
    if (!outcome.content.includes(text)) problems.push(`missing ${JSON.stringify(text)}`);
  }
  for (const text of expect.notContains ?? []) {
    if (outcome.content.includes(text)) problems.push(`unexpected ${JSON.stringify(text)}`);
  }
  if (expect.strategy !== undefined && outcome.strategy !== expect.strategy) {
    problems.push(`strategy ${outcome.strategy}, expected ${expect.strategy}`);
  }
  if (expect.notStrategy !== undefined && outcome.strategy === expect.notStrategy) {
    problems.push(`strategy must not be ${expect.notStrategy}`);
  }
  return problems;
}

/** Pass counts of a corpus, split by expected outcome. */
export interface CorpusFigures {
  readonly cases: number;
  readonly passed: number;
  readonly applyCases: number;
  readonly applyPassed: number;
  /** Cases where the right answer is to change nothing (refusals and already-applied no-ops). */
  readonly refuseCases: number;
  readonly refusePassed: number;
  readonly failures: readonly { id: string; problems: string[] }[];
}

/** Run every case and count. */
export function corpusFigures(cases: readonly EditCase[]): CorpusFigures {
  const failures: { id: string; problems: string[] }[] = [];
  let applyCases = 0;
  let applyPassed = 0;
  let refuseCases = 0;
  let refusePassed = 0;
  for (const editCase of cases) {
    const problems = evaluateCase(editCase);
    const refuse = editCase.expect.outcome !== "applied";
    if (refuse) refuseCases++;
    else applyCases++;
    if (problems.length === 0) {
      if (refuse) refusePassed++;
      else applyPassed++;
    } else {
      failures.push({ id: editCase.id, problems });
    }
  }
  return {
    cases: cases.length,
    passed: applyPassed + refusePassed,
    applyCases,
    applyPassed,
    refuseCases,
    refusePassed,
    failures,
  };
}

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ts } from "ts-morph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findToolModules } from "../src/discovery.js";
import { isCompilerLoaded } from "../src/discovery/compiler-state.js";
import { classifyRegisterCalls, type LexicalVerdict } from "../src/discovery/lexical-classifier.js";
import { createRegisterCallScanner } from "../src/discovery/register-call-scanner.js";
import { silentLogger } from "@hermes-agent/core";
import { ToolRegistry } from "../src/index.js";
import { generatePrograms, type GeneratedProgram } from "./helpers/program-generator.js";
import { FIXTURES, writeFixtures } from "./helpers/tool-fixtures.js";

/**
 * The lexical classifier against the compiler scanner, which stays the authority: every
 * definite answer must be the compiler's, over the decoy fixtures and a generated corpus.
 */

const scan = createRegisterCallScanner();

function parseErrors(program: GeneratedProgram): number {
  const kind = /\.[cm]?js$/.test(program.name) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(
    program.name,
    program.text,
    ts.ScriptTarget.Latest,
    false,
    kind,
  );
  return (source as unknown as { parseDiagnostics: readonly unknown[] }).parseDiagnostics.length;
}

interface Outcome {
  readonly program: GeneratedProgram;
  readonly verdict: LexicalVerdict;
  readonly compiler: boolean;
}

function judge(programs: readonly GeneratedProgram[]): Outcome[] {
  return programs.map((program) => ({
    program,
    verdict: classifyRegisterCalls(program.text),
    compiler: scan(program.name, program.text),
  }));
}

function disagreements(outcomes: readonly Outcome[]): string[] {
  return outcomes
    .filter(
      ({ verdict, compiler }) => verdict !== "unsure" && (verdict === "register") !== compiler,
    )
    .map(
      ({ program, verdict, compiler }) =>
        `${program.name}: lexical ${verdict}, compiler ${String(compiler)}\n${program.text}`,
    );
}

function count(outcomes: readonly Outcome[], verdict: LexicalVerdict, compiler?: boolean): number {
  return outcomes.filter(
    (outcome) =>
      outcome.verdict === verdict && (compiler === undefined || outcome.compiler === compiler),
  ).length;
}

describe("lexical classifier vs the compiler scanner", () => {
  it("agrees on every decoy fixture it decides", () => {
    const outcomes = judge(Object.entries(FIXTURES).map(([name, text]) => ({ name, text })));
    expect(disagreements(outcomes)).toEqual([]);
    // The plain modules are decided lexically; the nested-call decoy (an arrow function with an
    // expression body) is left to the compiler.
    const verdicts = Object.fromEntries(outcomes.map((o) => [o.program.name, o.verdict]));
    expect(verdicts).toMatchObject({
      "alpha.js": "register",
      "typed.ts": "register",
      "looped.mjs": "register",
      "commented.js": "no-register",
      "stringy.js": "no-register",
      "helper.js": "no-register",
      "nested.js": "unsure",
    });
  });

  it.each([1, 2, 3])("agrees on every generated program it decides (seed %i)", (seed) => {
    const programs = generatePrograms(seed, 600);
    // The corpus is valid code, so the compiler's answer is not an artifact of error recovery.
    expect(programs.filter((program) => parseErrors(program) > 0).map((p) => p.name)).toEqual([]);
    const outcomes = judge(programs);
    expect(disagreements(outcomes)).toEqual([]);
    // Not passing by accident: most programs are decided, both ways, and some are not.
    expect(count(outcomes, "register")).toBeGreaterThan(150);
    expect(count(outcomes, "no-register")).toBeGreaterThan(100);
    expect(count(outcomes, "unsure")).toBeGreaterThan(30);
    expect(count(outcomes, "unsure", true)).toBeGreaterThan(0);
    expect(count(outcomes, "unsure", false)).toBeGreaterThan(0);
  });
});

describe("findToolModules with unsure files", () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "registry-differential-"));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("sends the files the classifier cannot decide to the compiler", async () => {
    const programs = generatePrograms(7, 120);
    const files = Object.fromEntries(programs.map((program) => [program.name, program.text]));
    const outcomes = judge(programs);
    const unsureButRegistering = outcomes.filter((o) => o.verdict === "unsure" && o.compiler);
    expect(unsureButRegistering.length).toBeGreaterThan(0);

    const dir = path.join(work, "tools");
    await writeFixtures(dir, files);
    const registry = new ToolRegistry({
      logger: silentLogger,
      hermesHome: path.join(work, "home"),
    });
    const found = await findToolModules(dir, { registry, cache: false });

    const expected = outcomes
      .filter((o) => o.compiler)
      .map((o) => o.program.name)
      .sort();
    expect(found).toEqual(expected);
    // Files only the compiler can place are found, so that path ran.
    for (const outcome of unsureButRegistering) expect(found).toContain(outcome.program.name);
    expect(isCompilerLoaded()).toBe(true);
  });
});

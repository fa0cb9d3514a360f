import { describe, expect, it } from "vitest";
import { classifyRegisterCalls } from "../src/discovery/lexical-classifier.js";
import { createRegisterCallScanner } from "../src/discovery/register-call-scanner.js";

const scan = createRegisterCallScanner();

/** [label, source, expected lexical verdict]; definite verdicts are also checked against the compiler. */
const CASES: readonly (readonly [string, string, "register" | "no-register" | "unsure"])[] = [
  ["top-level call", "registry.register({})", "register"],
  ["exported result", "export const t = registry.register({})", "register"],
  ["awaited", "await registry.register({})", "register"],
  ["inside if block", "if (x) { registry.register({}) }", "register"],
  [
    "inside loops and switch",
    "for (;;) { switch (x) { case 1: registry.register({}) } }",
    "register",
  ],
  ["argument of a call", "foo(registry.register({}))", "register"],
  ["object literal value", "const o = { a: registry.register({}) }", "register"],
  ["template substitution", "const t = `a${registry.register({})}b`", "register"],
  ["optional call", "registry?.register({}); registry.register?.({})", "register"],
  ["comments between tokens", "registry /* a */ .register /* b */\n({})", "register"],
  [
    "after a function declaration",
    "function f(): Promise<{ a: 1 }> {}\nregistry.register({})",
    "register",
  ],
  ["after an arrow, semicolon", "const f = () => 0; registry.register({})", "register"],
  ["after an arrow, line break", "const f = (x) => x + 1\nregistry.register({})", "register"],
  ["after an arrow, comma", "const f = (x) => x, y = registry.register({})", "register"],
  ["regex with slash, brace, quote", "const r = /[/{'`]\\//g; registry.register({})", "register"],
  ["division chain", "const d = a / b / (c) / 2; registry.register({})", "register"],
  [
    "nested templates with braces and backticks",
    "const t = `${`${'`'}${ { a: '}' }.a }`}`; registry.register({})",
    "register",
  ],
  ["regex after if (...)", "if (a) /}/.test(b); registry.register({})", "register"],
  ["hashbang", "#!/usr/bin/env node\nregistry.register({})", "register"],

  ["in a function", "function f() { registry.register({}) }", "no-register"],
  ["in a function's default parameter", "function f(a = registry.register({})) {}", "no-register"],
  ["in an IIFE", "(function () { registry.register({}) })()", "no-register"],
  ["in an arrow block body", "const f = async (a) => { registry.register({}) }", "no-register"],
  [
    "in a class",
    "class A extends B { static { registry.register({}) } x = registry.register({}) }",
    "no-register",
  ],
  ["in a class heritage", "class A extends mix(registry.register({})) {}", "no-register"],
  [
    "regex after if (...) inside a method",
    "class A { if() { if (x) /}/.test(y); registry.register({}) } }",
    "no-register",
  ],
  ["in comments", "// registry.register({})\n/* registry.register({}) */", "no-register"],
  ["in strings", "const s = 'registry.register({})' + \"registry.register({})\"", "no-register"],
  [
    "in a template's text",
    "const t = `registry.register({}) ${1} registry.register(`",
    "no-register",
  ],
  ["in a regex", "const r = /registry.register({})/", "no-register"],
  ["another receiver", "other.register({}); this.registry.register({})", "no-register"],
  [
    "not a call",
    "registry.register; new registry.register({}); (registry.register)({})",
    "no-register",
  ],
  ["no mention at all", "export const x = 1", "no-register"],

  ["arrow expression body", "const f = () => registry.register({})", "unsure"],
  ["arrow parameters", "foo((a = registry.register({})) => a)", "unsure"],
  ["object method", "const o = { m() { registry.register({}) } }", "unsure"],
  ["object method named like a keyword", "const o = { if() { registry.register({}) } }", "unsure"],
  [
    "object method with a return type",
    "const o = { m(): void { registry.register({}) } }",
    "unsure",
  ],
  ["computed method name", "const o = { [registry.register({})]() {} }", "unsure"],
  ["namespace body", "namespace N { registry.register({}) }", "unsure"],
  ["type arguments", "registry.register<Spec>({})", "unsure"],
  ["JSX or type assertion", "const e = <div>{registry.register({})}</div>", "unsure"],
  ["slash after a closing brace", "{}\n/registry.register({})/g", "unsure"],
  ["decorator", "@d class A {}\nregistry.register({})", "unsure"],
  ["unterminated string", "const s = 'abc\nregistry.register({})", "unsure"],
  ["unbalanced brackets", "foo(}\nregistry.register({})", "unsure"],
  ["unicode escape in a name", "const r\\u0065 = 1; registry.register({})", "unsure"],
  ["line separator", "// a\u2028registry.register({})", "unsure"],
  ["missing comma", "let a = 1 b registry.register({})", "unsure"],
];

describe("classifyRegisterCalls", () => {
  it.each(CASES)("%s", (_label, text, expected) => {
    const verdict = classifyRegisterCalls(text);
    expect(verdict).toBe(expected);
    if (verdict !== "unsure") expect(scan("sample.ts", text)).toBe(verdict === "register");
  });
});

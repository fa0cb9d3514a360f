/**
 * Random tool-module sources for the differential test of the lexical classifier: statements
 * and expressions that do or do not run at module evaluation, wrapped in functions, classes,
 * arrows, blocks, IIFEs, object literals, and surrounded by comments, strings, templates and
 * regular expressions that mention `registry.register(` or hold brackets and quotes.
 * Deterministic for a given seed.
 */

/** A small seeded PRNG (mulberry32). */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedProgram {
  readonly name: string;
  readonly text: string;
}

type Piece = (g: Generator, depth: number) => string;

/** Calls, spelled in ways the compiler does and does not count as `registry.register(...)`. */
const CALLS: readonly string[] = [
  'registry.register({ name: "t", handler: () => "ok" })',
  "registry.register({})",
  "registry . register ({})",
  "registry/* c */.register/* d */({})",
  "registry\n  .register({ handler() { return 1 } })",
  "registry?.register({})",
  "registry.register?.({})",
  "registry.register({ handler: async (a) => { return `${a}` } })",
  "registry.register({ re: /[/{'`]/g, n: 1 / 2 })",
  "new registry.register({})",
  "(registry.register)({})",
  "registry.register`x`",
  "this.registry.register({})",
  "other.register({})",
  "registry.registerAll({})",
  "registry['register']({})",
  "registry.register",
];

/** Text that only looks like code. */
const NOISE: readonly string[] = [
  "// registry.register({}) { ( [",
  "/* registry.register({}) } ) ] ' \" ` */",
  'const s1 = "registry.register({}) } \\" {";',
  "const s2 = 'registry.register(\\'x\\') {';",
  "const t1 = `registry.register({}) ${'}'} ${ { a: '{' }.a } \\` }`;",
  "const t2 = `${`${'`'}`}registry.register(`;",
  "const r1 = /registry.register\\({}\\)/;",
  "const r2 = /[/}{'`\"]+\\/registry.register(/gi;",
  "const d1 = 10 / 2 / 5; const d2 = (4) / 2;",
  "const d3 = [8][0] / 2 /* / */ / 1;",
  "let k = 0; k++; k = k / 1;",
  "const lt = 1 < 2 && 3 > 2;",
  "const o1 = { a: 1, 'b': [2], [`c`]: { d: '}' } };",
  "const n1 = 0x1f + 1_000 + .5 + 1e3 + 10n.toString().length;",
  "const q1 = o1?.a ?? 0; const q2 = true ? .5 : 1;",
  "label: for (;;) { break label; }",
  "if (o1) /[}{)(]/.test('a');",
  "while (globalThis.never) /}/.exec('}');",
  "const kw = { if() { return 1 }, for: /}/, catch(e) { return e } };",
  "const cmp = a => a / 2;",
];

const CONDITIONS: readonly string[] = ["true", "globalThis.x", "Math.random() < 2", "(1 / 2) > 0"];

export class Generator {
  private readonly random: () => number;
  private readonly typescript: boolean;

  constructor(random: () => number, typescript: boolean) {
    this.random = random;
    this.typescript = typescript;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  call(): string {
    return this.pick(CALLS);
  }

  end(): string {
    return this.chance(0.5) ? ";\n" : "\n";
  }

  statements(depth: number, count: number = 1 + Math.floor(this.random() * 3)): string {
    let out = "";
    for (let i = 0; i < count; i++) out += this.statement(depth);
    return out;
  }

  statement(depth: number): string {
    const pieces =
      depth >= 3 ? LEAVES : [...LEAVES, ...NESTED, ...(this.typescript ? TS_ONLY : [])];
    return this.pick(pieces)(this, depth + 1);
  }

  returnType(): string {
    if (!this.typescript || this.chance(0.4)) return "";
    return `: ${this.pick(["void", "Promise<{ a: 1 }>", "{ a: () => void }", "x is string", "string[]", "A.B<C>"])}`;
  }

  condition(): string {
    return this.pick(CONDITIONS);
  }
}

const LEAVES: readonly Piece[] = [
  (g) => `${g.call()}${g.end()}`,
  (g) => `${g.pick(NOISE)}\n`,
  (g) => `export const exported = ${g.call()}${g.end()}`,
  (g) => `foo(${g.call()}, 1)${g.end()}`,
  (g) => `const v = ${g.condition()} ? ${g.call()} : 0${g.end()}`,
  (g) => `const arr = [${g.call()}]${g.end()}`,
  (g) => `const obj = { key: ${g.call()} }${g.end()}`,
  (g) => `const obj2 = { [${g.call()}]: 1 }${g.end()}`,
  (g) => `const obj3 = { [${g.call()}]() { return 1 } }${g.end()}`,
  (g) => `const tpl = \`a\${${g.call()}}b\`${g.end()}`,
  (g) => `const arrow = () => ${g.call()}${g.end()}`,
  (g) => `const arrow2 = async (a) => ${g.call()}, after = ${g.call()}${g.end()}`,
  (g) => `foo((a = ${g.call()}) => a)${g.end()}`,
  (g) => `foo((a) => a, ${g.call()})${g.end()}`,
  (g) => `const m = { method() { ${g.call()} } }${g.end()}`,
  (g) => `const m2 = { get v() { return ${g.call()} } }${g.end()}`,
  (g) => `void (${g.call()})${g.end()}`,
  (g) => `x = a / (${g.call()}) / 2${g.end()}`,
  (g) => `x = /a/g.test(\`\${${g.call()}}\`)${g.end()}`,
  (g) => `const keyed = { if() { ${g.call()} }, while: ${g.call()} }${g.end()}`,
  (g) => `export default { handler(a) { return ${g.call()} } }${g.end()}`,
  (g) => `lbl: { ${g.call()} }\n`,
  (g) => `await ${g.call()}${g.end()}`,
  (g) => `const chained = a\n  .b\n${g.call()}${g.end()}`,
];

const NESTED: readonly Piece[] = [
  (g, d) => `if (${g.condition()}) {\n${g.statements(d)}}\n`,
  (g, d) => `if (${g.condition()}) {\n${g.statements(d)}} else {\n${g.statements(d)}}\n`,
  (g, d) => `for (const item of [1, 2]) {\n${g.statements(d)}}\n`,
  (g, d) =>
    `try {\n${g.statements(d)}} catch (error) {\n${g.statements(d)}} finally {\n${g.statements(d)}}\n`,
  (g, d) =>
    `switch (globalThis.k) {\n  case 1: {\n${g.statements(d)}  }\n  default:\n${g.statements(d)}}\n`,
  (g, d) => `{\n${g.statements(d)}}\n`,
  (g, d) => `function helper${d}(a, b = ${g.call()})${g.returnType()} {\n${g.statements(d)}}\n`,
  (g, d) => `export async function* gen${d}()${g.returnType()} {\n${g.statements(d)}}\n`,
  (g, d) => `const fn = function () {\n${g.statements(d)}}${g.end()}`,
  (g, d) => `const arrowBlock = (a) => {\n${g.statements(d)}}${g.end()}`,
  (g, d) => `;(function () {\n${g.statements(d)}})()${g.end()}`,
  (g, d) => `;(() => {\n${g.statements(d)}})()${g.end()}`,
  (g, d) =>
    `class Tool${d} extends Object {\n  static { ${g.call()} }\n  field = ${g.call()};\n  method() {\n${g.statements(d)}  }\n}\n`,
  (g, d) => `const Anon = class {\n  m() {\n${g.statements(d)}  }\n}${g.end()}`,
  (g, d) =>
    `const o = {\n  a: 1,\n  run() {\n${g.statements(d)}  },\n  b: ${g.call()},\n}${g.end()}`,
  (g, d) => `export const later = () => ${g.call()}\n${g.statements(d)}`,
  (g, d) => `const concise = (x) => x + 1\n${g.statements(d)}`,
  (g, d) => `foo(function named() {\n${g.statements(d)}}, ${g.call()})${g.end()}`,
  (g, d) =>
    `const methods = {\n  get v() {\n${g.statements(d)}  },\n  async *[Symbol.iterator]() {\n${g.statements(d)}  },\n}${g.end()}`,
  (g, d) => `class Heritage extends (${g.call()}, Object) {\n  if() {\n${g.statements(d)}  }\n}\n`,
  (g, d) => `do {\n${g.statements(d)}} while (false)\n`,
];

const TS_ONLY: readonly Piece[] = [
  () => `interface Shape { register(x: unknown): void; f: () => void }\n`,
  (g) => `type Handler = (a: string) => Promise<void>${g.end()}`,
  (g) => `const typed: Map<string, number> = new Map()${g.end()}`,
  (g, d) => `namespace Space${d} {\n${g.statements(d)}}\n`,
  () => `enum Kind { A = 1, B = 2 }\n`,
  (g) => `const cast = (${g.call()}) as unknown as string${g.end()}`,
  (g) => `registry.register<unknown>({})${g.end()}`,
  (g) => `function generic<T extends { a: 1 }>(value: T): T {\n  ${g.call()}\n  return value\n}\n`,
  (g) =>
    `abstract class Base<T> implements Shape {\n  register(x: unknown): void { ${g.call()} }\n  f = () => {}\n}\n`,
  () => `declare function overload(a: string): void;\n`,
  (g) => `const sat = { a: ${g.call()} } satisfies object${g.end()}`,
  (g) => `const typedMethod = { m(): void { ${g.call()} }, n(): A | void { return } }${g.end()}`,
  (g, d) =>
    `export const typedArrow = (a: string): Promise<void> => {\n${g.statements(d)}}${g.end()}`,
  (g) => `const asserted = (${g.call()})!${g.end()}`,
  (g) => `const genericCall = (v: unknown) => identity<A, B>(${g.call()})${g.end()}`,
];

/** `count` programs, a quarter of them TypeScript. */
export function generatePrograms(seed: number, count: number): GeneratedProgram[] {
  const random = randomSource(seed);
  const programs: GeneratedProgram[] = [];
  for (let i = 0; i < count; i++) {
    const typescript = i % 4 === 3;
    const g = new Generator(random, typescript);
    // Half the programs are a single statement, so each construct is also judged on its own.
    const body = g.statements(0, i % 2 === 0 ? 1 : 1 + Math.floor(random() * 4));
    const prelude =
      "const registry = globalThis.__registry; const foo = () => {}; let x, a = 1, b = 2;\n";
    programs.push({ name: `program_${i}.${typescript ? "ts" : "js"}`, text: prelude + body });
  }
  return programs;
}

// Command lines to hold the plain-command fast path against the real parser: the repository's
// detection corpora, every string literal of the shell, approval and terminal test files, and
// seeded variants (generated lines and mutations of the plain ones).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const packagesDir = fileURLToPath(new URL("../../", import.meta.url));

function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value !== null && typeof value === "object")
    for (const item of Object.values(value)) collectStrings(item, into);
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every string and plain template literal of a TypeScript source. */
function stringLiterals(source: string, into: Set<string>): void {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard);
  scanner.setText(source);
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (
      kind === ts.SyntaxKind.StringLiteral ||
      kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral
    )
      into.add(scanner.getTokenValue());
    else if (kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken)
      scanner.reScanSlashToken();
  }
}

/** The corpora's commands and the test files' string literals, deduplicated. */
export function repositoryCommandLines(): string[] {
  const lines = new Set<string>();
  const corpus = readFileSync(path.join(packagesDir, "approval/corpus/commands.jsonl"), "utf8");
  for (const line of corpus.split("\n"))
    if (line.trim() !== "") collectStrings(JSON.parse(line), lines);
  const heldOut = readFileSync(
    path.join(packagesDir, "approval/bench/held-out-corpus.json"),
    "utf8",
  );
  collectStrings(JSON.parse(heldOut), lines);
  for (const pkg of ["shell", "approval", "terminal"])
    for (const file of testFiles(path.join(packagesDir, pkg, "test")))
      stringLiterals(readFileSync(file, "utf8"), lines);
  return [...lines];
}

/** A small seeded generator (mulberry32), so every run checks the same lines. */
export function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COMMAND_WORDS = ["a", "rm", "echo", "sudo", "xargs", "sh", "cat", "git", "'q'", '"x y"'];
const MORE_COMMAND_WORDS = ["ls", "./run.sh", "/bin/rm", "tee", "1a", "-", "time", "export"];
const WORDS = [
  ...["a", "-rf", "/", "x.txt", "1", "2", "12", "0", "foo=bar", "a%b", "@x", "x@", "%s", "~"],
  ...["~/x", "^a", "*", "?", "a*b", "x?", "--x=y", "-", "--", "+x", ",", ":", "%", "=", "=x"],
  ...["x=", "if", "then", "done", "in", "'q'", "'a b'", "''", '""', '"x y"', "'$(x)'", `"a'b"`],
  ...[`'a"b'`, "'line\nbreak'", "a'b'c", 'a"b"', "'1'", "'#'", "'|'", '"&&"', "'\t'", "printf"],
  ...["-v", "read", "test", "mapfile", "-c", "1a", "-1", "2x", "-eq", "'{a,b}'"],
];
// Words the fast path declines or the grammar reads oddly.
const ODD_WORDS = [
  ...["a+=b", "==", "=~", "time", "let", "export", "unset", "!", "{", "}", "[", "]", "[a]"],
  ...["q[1]", "{a,b}", "'q[$(x)]'", '"a\nb"', "a#b", "$x", "`x`", "a\\b", "(", ")", "é"],
  ...["\r", "'x'=y"],
];
const OPERATORS = [" | ", "|", " && ", " || ", "; ", ";", " |", "&", " & ", "|&", ";;", "\n"];
const REDIRECTIONS = [
  ...[" > f", ">f", " >> 'o g'", " 2>&1", " 2>/dev/null", " < in", " &> x", " 1>&2", " >| f"],
  ...[" 2>> e", " >&2", " > f extra", " 3>f", " 0<&5", " 0>f", " 02>f", " <> f", " << EOF"],
  ...[" <<< w", " >&-", " >& f", " 2&>f", " > *.txt", " <(x)", " > ''"],
];

/**
 * Generated command lines: commands of a few words, some with redirections, joined by list
 * and pipeline operators, with words and operators the fast path must decline mixed in.
 */
export function generatedCommandLines(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const lines = new Set<string>();
  while (lines.size < count) {
    let line = random() < 0.2 ? " " : "";
    const commands = 1 + Math.floor(random() * 5);
    for (let i = 0; i < commands; i++) {
      if (i > 0) line += random() < 0.9 ? pick(OPERATORS.slice(0, 7)) : pick(OPERATORS);
      line += random() < 0.85 ? pick(COMMAND_WORDS) : pick(MORE_COMMAND_WORDS);
      const words = Math.floor(random() * 4);
      for (let j = 0; j < words; j++)
        line += (random() < 0.1 ? "" : " ") + (random() < 0.1 ? pick(ODD_WORDS) : pick(WORDS));
      while (random() < 0.3) line += pick(REDIRECTIONS);
    }
    if (random() < 0.1) line += pick(OPERATORS);
    lines.add(line);
  }
  return [...lines];
}

const MUTATION_CHARACTERS = [..." |&;><'\"20-=*?[]@%~\t\nx1!#{}$`\\("];
const MUTATION_TAILS = [" | cat", " && ls", " > f", " 2>&1", "; echo", " || true", " &"];

/** Each line of `lines` with one to three random edits (insert, delete, append). */
export function mutatedCommandLines(
  lines: readonly string[],
  count: number,
  seed: number,
): string[] {
  const random = seededRandom(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let line = lines[Math.floor(random() * lines.length)] ?? "";
    const edits = 1 + Math.floor(random() * 3);
    for (let j = 0; j < edits; j++) {
      const at = Math.floor(random() * (line.length + 1));
      const kind = random();
      if (kind < 0.5)
        line =
          line.slice(0, at) +
          (MUTATION_CHARACTERS[Math.floor(random() * MUTATION_CHARACTERS.length)] ?? "") +
          line.slice(at);
      else if (kind < 0.8) line = line.slice(0, at) + line.slice(at + 1);
      else line += MUTATION_TAILS[Math.floor(random() * MUTATION_TAILS.length)] ?? "";
    }
    out.push(line);
  }
  return out;
}

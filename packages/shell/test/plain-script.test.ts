import { isDeepStrictEqual } from "node:util";
import { beforeAll, describe, expect, test } from "vitest";
import { initializeParser } from "../src/index.js";
import { parsedScript, parseScript } from "../src/parse-shell.js";
import { plainScript } from "../src/plain-script.js";
import { plainWordsOnly } from "../src/plain-words.js";
import type { Script } from "../src/shell-ir.js";
import {
  generatedCommandLines,
  mutatedCommandLines,
  repositoryCommandLines,
} from "./command-samples.js";

function treeSitterScript(text: string): Script {
  return parsedScript(text, new Map());
}

/**
 * The lines the fast path read differently from the grammar (empty when they agree). Lines of
 * plain words only keep their older blank-split reading and are left out.
 */
function disagreements(lines: readonly string[]): { taken: number; differing: string[] } {
  let taken = 0;
  const differing: string[] = [];
  for (const line of lines) {
    if (plainWordsOnly(line)) continue;
    const fast = plainScript(line);
    if (fast === null) continue;
    taken++;
    if (!isDeepStrictEqual(fast, treeSitterScript(line))) differing.push(line);
  }
  return { taken, differing };
}

describe("plain-command fast path", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  test("reads every repository command line it takes exactly as the grammar does", () => {
    const lines = repositoryCommandLines();
    expect(lines.length).toBeGreaterThan(3000);
    const { taken, differing } = disagreements(lines);
    expect(differing).toEqual([]);
    // Enough lines with quotes, operators or redirections are taken to make the check count.
    expect(taken).toBeGreaterThan(1000);
  });

  test("reads generated lines and mutations of plain lines exactly as the grammar does", () => {
    const generated = generatedCommandLines(40_000, 1);
    const plain = repositoryCommandLines().filter(
      (line) => line.length < 300 && plainScript(line) !== null,
    );
    const mutated = mutatedCommandLines(plain, 40_000, 2);
    const fromGenerated = disagreements(generated);
    const fromMutated = disagreements(mutated);
    expect(fromGenerated.differing).toEqual([]);
    expect(fromMutated.differing).toEqual([]);
    expect(fromGenerated.taken).toBeGreaterThan(5000);
    expect(fromMutated.taken).toBeGreaterThan(5000);
  });

  test("takes plain words, quotes, lists, pipelines and file redirections", () => {
    const taken = [
      "ls -la /tmp",
      "git commit -m 'fix: a; b | c' && git push origin main",
      'echo "hello world" > out.txt 2>&1',
      "cat a.txt | grep -v x | sort -u > sorted.txt",
      "make build; make test || echo failed",
      "rm -rf ./build 2>/dev/null",
      "",
      "   ",
    ];
    for (const line of taken) {
      const fast = plainScript(line);
      expect(fast, line).not.toBeNull();
      expect(fast, line).toEqual(treeSitterScript(line));
    }
    expect(plainScript("cat a | grep b > c")?.commands[1]?.upstream).toHaveLength(1);
  });

  test("declines what the grammar reads differently from bash, or what is not plain", () => {
    const declined = [
      "rm -rf $HOME",
      "echo `id`",
      'echo "$(id)"',
      "rm\\ -rf /",
      "echo {a,b}",
      "ls [ab] > f",
      "(rm -rf /)",
      "cat <<EOF\nx\nEOF",
      "cat <<< x",
      "FOO=1 make",
      "export PATH=/tmp && ls",
      "unset HISTFILE; ls",
      "echo a # comment",
      "sleep 1 &",
      "a |& b",
      "echo ｒｍ",
      "a && b > f",
      "a | b > f | c",
      "a | b | c && d",
      "echo -v1>&2",
      "a - 2>&1",
      "sh 0<&5",
      "time rm -rf /",
      "! rm x",
      "if true; then rm x; fi",
      "printf -v 'q[$(reboot)]' %s x",
      'python3 -c "import os\nos.fork()"',
      "echo 'unterminated",
      "rm -rf /\nls",
      "a >",
      "a |",
      "| a",
      "a;;",
    ];
    for (const line of declined) expect(plainScript(line), line).toBeNull();
  });

  test("a line of plain words only is split on blanks, declaration builtins included", () => {
    expect(plainScript("export DOCKER_HOST=ssh://deploy@prod")?.commands[0]?.words).toEqual([
      {
        text: "export",
        dynamic: false,
        glob: false,
        substitutions: [],
        processSubstitution: false,
      },
      {
        text: "DOCKER_HOST=ssh://deploy@prod",
        dynamic: false,
        glob: false,
        substitutions: [],
        processSubstitution: false,
      },
    ]);
    expect(plainScript("rm -rf /*")?.commands[0]?.words[2]?.glob).toBe(true);
    expect(plainScript("FOO=1 make")).toBeNull();
    expect(plainScript("time rm -rf /")).toBeNull();
  });

  test("parseScript uses the fast path and the real parser for the rest", () => {
    const plain = "git status && git diff > changes.txt";
    expect(parseScript(plain, new Map())).toEqual(treeSitterScript(plain));
    const dynamic = "rm -rf $HOME && echo done";
    expect(plainScript(dynamic)).toBeNull();
    expect(parseScript(dynamic, new Map())).toEqual(treeSitterScript(dynamic));
  });
});

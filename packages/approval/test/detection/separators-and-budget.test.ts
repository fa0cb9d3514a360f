// A session or line IFS splits expansions where bash would; static expansion stays within the
// analysis budget (doubling and copies of long values are refused, never built out); Windows
// deletes of system targets are hard-line. Commands are data: only classified here.
import { beforeAll, describe, expect, it } from "vitest";
import {
  analyseCommandLine,
  detectDangerousCommand,
  initializeDetector,
  type CommandContext,
} from "../../src/detection/index.js";
import { verdictOf } from "./verdicts.js";

const inSession = (ifs: string): CommandContext => ({
  cwd: "/home/alice/proj",
  home: "/home/alice",
  environment: { IFS: ifs, PATH: "/usr/bin:/bin" },
});

beforeAll(async () => {
  await initializeDetector();
});

describe("a changed IFS", () => {
  it("splits expansions at the session's separators", () => {
    const cases: [string, string, "hardline" | "flagged"][] = [
      ["%", "x=rm%-rf%/tmp/m/w1; $x", "flagged"],
      ["_", "x=rm_-rf_/tmp/m/w1; $x", "flagged"],
      [",", "x=rm,-rf,/etc; $x", "hardline"],
      ["%", "x=rm%-rf%/; $x", "hardline"],
      [":", "x=rm:-rf:/usr; $x", "hardline"],
      ["%", "y=$(printf 'rm%%-rf%%/etc'); $y", "flagged"],
      ["%", "a=rm; b=-rf%/etc; $a $b", "hardline"],
    ];
    for (const [ifs, command, expected] of cases) {
      const verdict = verdictOf(command, inSession(ifs));
      if (expected === "flagged") expect(verdict, command).not.toBe("safe");
      else expect(verdict, command).toBe(expected);
    }
  });

  it("splits at separators the line itself sets", () => {
    for (const command of [
      "IFS=,; x=rm,-rf,/etc; $x",
      "IFS=_ ; x=rm_-rf_/; $x",
      "export IFS=%; x=rm%-rf%/usr; $x",
      "IFS='#'; x='rm#-rf#/etc'; $x",
    ])
      expect(verdictOf(command), command).toBe("hardline");
  });

  it("leaves ordinary commands in such a session alone", () => {
    for (const command of ["ls -la", "echo a%b", "git status", "x=ls; echo $x"])
      expect(verdictOf(command, inSession("%")), command).toBe("safe");
  });
});

describe("static expansion under the budget", () => {
  const longValue = "a".repeat(30_000);
  const bombs = [
    `x=ab; ${"x=$x$x; ".repeat(40)}echo $x`,
    `x=ab; ${"x=$x$x; ".repeat(60)}echo $x`,
    `a=x; ${'a="$a;$a"; '.repeat(30)}echo $a`,
    `x=${longValue}; y=${"$x".repeat(15_000)}; echo $y`,
    `x=${longValue}; eval ${"$x ".repeat(10_000)}`,
    `x=ab; ${"x=$x$x; ".repeat(40)}$x`,
  ];

  it("refuses doubling and copies of long values as too large to analyse", () => {
    for (const text of bombs) {
      const match = detectDangerousCommand(text);
      expect(match?.patternKey, text.slice(0, 40)).toBe("command-too-large");
      expect(analyseCommandLine(text).unresolved.length, text.slice(0, 40)).toBeGreaterThan(0);
    }
  });

  it("still expands ordinary long values", () => {
    expect(detectDangerousCommand(`x=${longValue}; echo "$x" > out.txt`)).toBeNull();
    expect(detectDangerousCommand('d=/etc; rm -rf "$d"')?.hardline).toBe(true);
  });
});

describe("Windows deletes of system targets", () => {
  it("are hard-line", () => {
    for (const command of [
      "pwsh -c 'Remove-Item -Recurse -Force /etc'",
      'powershell -Command "Remove-Item -Path C:\\Windows -Recurse -Force"',
      "pwsh -c 'Remove-Item -Recurse -Force $env:SystemRoot'",
      "pwsh -c 'ri -Recurse -Force ~'",
      "cmd /c rd /s /q C:\\",
      "cmd /c 'del /s /q C:\\Users'",
      "pwsh -c 'Get-ChildItem . ; Remove-Item -LiteralPath /usr -Recurse'",
    ])
      expect(verdictOf(command), command).toBe("hardline");
  });

  it("stay approval-tier for other targets", () => {
    for (const command of [
      "pwsh -c 'Remove-Item -Recurse -Force ./build'",
      "pwsh -c 'Get-ChildItem / ; Remove-Item -Recurse out'",
      "cmd /c rd /s /q build",
    ])
      expect(verdictOf(command), command).toBe("dangerous");
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import {
  DETECTION_RULES,
  detectDangerousCommand,
  initializeDetector,
  type CommandContext,
  type PathCommand,
} from "../../src/detection/index.js";
import { verdictOf } from "./verdicts.js";

// A bare command word that runs a file from a directory the session added to PATH is judged by
// what the file is, as the terminal found it on the backend (`pathCommands`). Commands are
// only parsed, never run.

const script = (text: string): PathCommand => ({ kind: "script", path: "/tmp/x/ls", text });
const copyOf = (program: string): PathCommand => ({
  kind: "program",
  path: "/tmp/x/ls",
  program,
});
const UNKNOWN: PathCommand = { kind: "unknown", path: "/tmp/x/ls" };
const UNRESOLVED: PathCommand = { kind: "unresolved", dirs: ["/tmp/x"] };

function context(pathCommands: Record<string, PathCommand>, extra: CommandContext = {}) {
  return { cwd: "/work/project", home: "/home/dev", pathCommands, ...extra };
}

function keyOf(command: string, ctx: CommandContext): string | undefined {
  return detectDangerousCommand(command, { context: ctx })?.patternKey;
}

describe("command words found in a directory the session added to PATH", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("judges a script by its content, in every place a command word stands", () => {
    const planted = context({ ls: script("#!/bin/sh\nrm -rf /etc\n") });
    for (const command of [
      "ls",
      "ls -la",
      "cd /tmp && ls",
      "true; ls | head",
      "(ls)",
      "x=$(ls)",
      "bash -c 'ls'",
      "env ls",
      "xargs ls < list.txt",
      "nice -n 5 ls",
      "if ls; then echo ok; fi",
      "$(which ls) -la",
      '"$(command -v ls)"',
    ])
      expect(verdictOf(command, planted), command).not.toBe("safe");
  });

  it("judges scripts in their own language", () => {
    const python = context({
      build: script("#!/usr/bin/env python3\nimport shutil\nshutil.rmtree('/etc')\n"),
    });
    expect(verdictOf("build", python)).not.toBe("safe");
    const harmless = context({ build: script("#!/usr/bin/env python3\nprint('hello')\n") });
    expect(verdictOf("build", harmless)).toBe("safe");
  });

  it("lets a harmless script through, and a script calling its own name does not loop", () => {
    expect(verdictOf("ls -la", context({ ls: script("#!/bin/sh\necho listing\n") }))).toBe("safe");
    expect(verdictOf("ls", context({ ls: script('#!/bin/sh\nexec ls "$@"\n') }))).toBe("safe");
  });

  it("judges a copy or link of a known program as that program", () => {
    const asRm = context({ ls: copyOf("rm") });
    expect(keyOf("ls -rf /etc", asRm)).toBe(keyOf("rm -rf /etc", {}));
    expect(verdictOf("env ls -rf /etc", asRm)).not.toBe("safe");
    expect(verdictOf("ls notes.txt", asRm)).toBe(
      verdictOf("rm notes.txt", { cwd: "/work/project" }),
    );
    const asBash = context({ ls: copyOf("bash") });
    expect(verdictOf("ls -c 'rm -rf /etc'", asBash)).not.toBe("safe");
    // A copy of the program its name says is that program.
    expect(verdictOf("ls -la", context({ ls: copyOf("ls") }))).toBe("safe");
  });

  it("holds an unidentified program for approval, and a failed lookup too", () => {
    const unknownKey = keyOf("ls", context({ ls: UNKNOWN }));
    expect(unknownKey).toBe("path-unknown-program");
    expect(keyOf("git status", context({ git: UNKNOWN }))).toBe("path-unknown-program");
    expect(keyOf("ls", context({ ls: UNRESOLVED }))).toBe("path-lookup-failed");
    const keys = DETECTION_RULES.map((rule) => rule.key);
    expect(keys).toEqual(expect.arrayContaining(["path-unknown-program", "path-lookup-failed"]));
  });

  it("leaves words the lookup did not name, paths, aliases and functions to their own rules", () => {
    const planted = context({ ls: UNKNOWN });
    expect(verdictOf("cat notes.txt", planted)).toBe("safe");
    expect(verdictOf("/bin/ls -la", planted)).toBe("safe");
    expect(verdictOf("echo ls", planted)).toBe("safe");
    expect(verdictOf("ls", { ...planted, aliases: { ls: "echo listing" } })).toBe("safe");
    expect(verdictOf("ls", { ...planted, functions: { ls: "{ echo listing; }" } })).toBe("safe");
  });

  it("reads malformed entries as unknown files, never as harmless", () => {
    const odd = { ls: { kind: "something-else", path: "/tmp/x/ls" } } as unknown as Record<
      string,
      PathCommand
    >;
    expect(keyOf("ls", context(odd))).toBe("path-unknown-program");
    const noText = { ls: { kind: "script", path: "/tmp/x/ls" } } as unknown as Record<
      string,
      PathCommand
    >;
    expect(keyOf("ls", context(noText))).toBe("path-unknown-program");
    const junk = { ls: 5, "a/b": UNKNOWN } as unknown as Record<string, PathCommand>;
    expect(verdictOf("ls", context(junk))).toBe("safe");
  });
});

// The pieces of the PATH lookup that need no backend: which directories count as added, which
// words are looked up, and how the far side's report is read.
import { describe, expect, test } from "vitest";
import {
  candidateNames,
  linkedProgram,
  pathDirectories,
  unresolvedCommands,
} from "../src/path-commands.js";
import { parsePathLookup } from "../src/remote-path-lookup.js";

describe("directories the session added to PATH", () => {
  test("only those beyond the starting PATH and the system's own, in order, relative ones resolved", () => {
    const base = "/usr/local/bin:/usr/bin:/bin:/home/dev/.local/bin";
    expect(pathDirectories(base, base, "/work")).toEqual({
      dirs: ["/usr/local/bin", "/usr/bin", "/bin", "/home/dev/.local/bin"],
      added: [],
    });
    const session = `/tmp/x:${base}:/usr/sbin:bin::/opt/tools/`;
    expect(pathDirectories(session, base, "/work")).toEqual({
      dirs: [
        "/tmp/x",
        "/usr/local/bin",
        "/usr/bin",
        "/bin",
        "/home/dev/.local/bin",
        "/usr/sbin",
        "/work/bin",
        "/work",
        "/opt/tools",
      ],
      added: ["/tmp/x", "/work/bin", "/work", "/opt/tools"],
    });
  });
});

describe("candidate words", () => {
  test("every name-like word of the texts, without bash's own builtins and keywords", () => {
    const names = candidateNames(["ls -la | grep x && echo done; if true; then cd /; fi", "ll"]);
    expect(names).toEqual(expect.arrayContaining(["ls", "la", "grep", "x", "ll"]));
    for (const own of ["echo", "if", "true", "then", "cd", "fi"]) expect(names).not.toContain(own);
    expect(candidateNames(["bash -c 'git-lfs pull'"])).toEqual(
      expect.arrayContaining(["bash", "git-lfs", "pull"]),
    );
  });
});

describe("the far side's report", () => {
  test("reads scripts (with any bytes), programs, links and unknown files", () => {
    const text = "#!/bin/sh\necho 'a b'\n\nprintf 'é\\n'\n";
    const bytes = Buffer.byteLength(text);
    const report = Buffer.concat([
      Buffer.from(`script ls ${bytes}\n/tmp/x/ls\n`),
      Buffer.from(text),
      Buffer.from("program fmt bash\n/tmp/x/fmt\n"),
      Buffer.from("link lint\n/tmp/x/lint\n/usr/bin/rm\n"),
      Buffer.from("link applet\n/tmp/x/applet\n/bin/busybox\n"),
      Buffer.from("link odd\n/tmp/x/odd\n/home/dev/tool\n"),
      Buffer.from("unknown blob\n/tmp/x/blob\n"),
    ]);
    expect(parsePathLookup(report)).toEqual({
      ls: { kind: "script", path: "/tmp/x/ls", text },
      fmt: { kind: "program", path: "/tmp/x/fmt", program: "bash" },
      lint: { kind: "program", path: "/tmp/x/lint", program: "rm" },
      applet: { kind: "program", path: "/tmp/x/applet", program: "applet" },
      odd: { kind: "unknown", path: "/tmp/x/odd" },
      blob: { kind: "unknown", path: "/tmp/x/blob" },
    });
    expect(parsePathLookup(Buffer.alloc(0))).toEqual({});
  });

  test("a report cut short or with an unknown record is an error (the words are then unresolved)", () => {
    expect(() => parsePathLookup(Buffer.from("script ls 100\n/tmp/x/ls\nshort"))).toThrow(
      /cut short/,
    );
    expect(() => parsePathLookup(Buffer.from("unknown ls"))).toThrow(/ended inside a record/);
    expect(() => parsePathLookup(Buffer.from("weird ls\n/tmp/x/ls\n"))).toThrow(/unexpected/);
    expect(
      unresolvedCommands({ dirs: ["/tmp/x"], added: ["/tmp/x"], names: ["ls", "git"] }),
    ).toEqual({
      ls: { kind: "unresolved", dirs: ["/tmp/x"] },
      git: { kind: "unresolved", dirs: ["/tmp/x"] },
    });
  });

  test("a link into a system directory runs its target, except a busybox applet", () => {
    expect(linkedProgram("ls", "/usr/bin/rm")).toBe("rm");
    expect(linkedProgram("ls", "/bin/busybox")).toBe("ls");
    expect(linkedProgram("ls", "/home/dev/rm")).toBeUndefined();
  });
});

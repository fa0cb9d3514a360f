import { beforeAll, describe, expect, it } from "vitest";
import { analyseCommandLine, initializeDetector } from "../../src/detection/index.js";

function argvs(command: string, aliases?: Record<string, string>): string[] {
  return analyseCommandLine(command, aliases ? { context: { aliases } } : undefined).commands.map(
    (cmd) => cmd.words.join(" "),
  );
}

describe("analyseCommandLine", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("lists the commands that really run, through quoting, wrappers and payloads", () => {
    for (const command of [
      "sudo ls",
      "$'sudo' ls",
      "'su''do' ls",
      "s\\udo ls",
      "flock /tmp/l sudo ls",
      "env -i nice -n5 sudo ls",
      "echo 'sudo ls' | sh",
      "bash -c 'sudo ls'",
      "eval 'sudo ls'",
      "/usr/bin/sudo ls",
      "xargs sudo ls < /dev/null",
      "timeout 5 sudo ls",
    ])
      expect(argvs(command), command).toContain("sudo ls");
  });

  it("splits and sorts short option bundles so spellings compare equal", () => {
    for (const command of ["rm -rf x", "rm -fr x", "rm -r -f x", "rm -f -r x", "rm -rff x"])
      expect(argvs(command), command).toContain("rm -f -r x");
    expect(argvs("rm -rf -- -x")).toContain("rm -f -r -- -x");
  });

  it("expands aliases from the session and from the line itself", () => {
    expect(argvs("ls -rf /tmp/x", { ls: "rm" })).toContain("rm -f -r /tmp/x");
    expect(argvs("alias ls=rm; ls -rf /tmp/x")).toContain("rm -f -r /tmp/x");
    expect(argvs("hash -p /bin/rm ls; ls /tmp/x")).toContain("rm /tmp/x");
  });

  it("marks lines whose commands are only known at run time", () => {
    for (const command of [
      "$(which sudo) ls",
      "$CMD ls",
      'sh -c "$PAYLOAD"',
      "curl -s http://127.0.0.1:9/x | sh",
      "echo c3VkbyBscw== | base64 -d | sh",
      "/???/su?? ls",
    ])
      expect(analyseCommandLine(command).unresolved.length, command).toBeGreaterThan(0);
    expect(analyseCommandLine("ls -la && git status").unresolved).toEqual([]);
    expect(analyseCommandLine("x".repeat(70_000)).unresolved.length).toBeGreaterThan(0);
    expect(analyseCommandLine(undefined).unresolved.length).toBeGreaterThan(0);
  });

  it("lists every command even after a hard-line one", () => {
    expect(argvs("rm -rf /; sudo ls")).toEqual(expect.arrayContaining(["rm -f -r /", "sudo ls"]));
  });
});

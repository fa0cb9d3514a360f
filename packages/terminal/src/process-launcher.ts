import { isExecutable } from "./executables.js";

/** Linux `prctl` system call numbers by Node's `process.arch`. */
const PRCTL_SYSCALL: Readonly<Record<string, number>> = {
  x64: 157,
  arm64: 167,
  riscv64: 167,
  loong64: 167,
  arm: 172,
  ia32: 172,
  s390x: 172,
  ppc64: 171,
  mips64el: 5153,
};

/**
 * The launcher every piped local command starts under: a few lines of Perl (Perl is part
 * of every Debian base system). It
 *
 * 1. marks itself a child subreaper (`prctl(PR_SET_CHILD_SUBREAPER)`), so every descendant
 *    that is orphaned — a double-forked daemon, `setsid`, `nohup ... & disown`, a process
 *    with a scrubbed environment — is re-parented to it instead of to init, and stays in
 *    its process tree whatever it does;
 * 2. waits for its request on file descriptor 3 (a socket pair; see {@link launcherRequest}),
 *    so it can be started ahead of the command and its start-up cost hidden;
 * 3. runs the command as its child, leading a process group of its own, with the request's
 *    extra variables and directory, after the child joined the request's control groups
 *    (writing its pid to each `cgroup.procs` given; see task-cgroup.ts); reports the child's pid (`p<pid>`) and, when that child
 *    ends, its exit code on descriptor 3, and lets go of the output (ending it for every
 *    holder when asked: the sandbox's outer bwrap keeps a copy);
 * 4. stays alive while descendants remain, reaping them, and exits once none are left.
 *
 * Its own environment is the command's clean one, so `/proc/$PPID/environ` read from the
 * command shows nothing of the agent's. It ignores SIGTERM/SIGINT/SIGHUP (the tree is
 * killed from below, then it leaves by itself); an end of file before a request makes it
 * exit quietly. Argument: the prctl system call number (0 to skip).
 */
export const LAUNCHER_SCRIPT: string = [
  "my $nr = shift @ARGV;",
  "syscall($nr, 36, 1, 0, 0, 0) if $nr > 0;",
  "open(my $ctl, '+<&=', 3) or exit 125;",
  "my $buf = '';",
  'while (index($buf, "\\n") < 0) { sysread($ctl, $buf, 65536, length $buf) or exit 0; }',
  'my $len = substr($buf, 0, index($buf, "\\n"));',
  "$buf = substr($buf, length($len) + 1);",
  "while (length($buf) < $len) { sysread($ctl, $buf, 65536, length $buf) or exit 0; }",
  "my @f = split(/\\0/, $buf, -1);",
  "my $dir = shift @f;",
  "my $end = shift @f;",
  "my @cg = splice(@f, 0, shift @f);",
  "my @env = splice(@f, 0, shift @f);",
  "my $pid = fork();",
  "exit 126 unless defined $pid;",
  "if ($pid == 0) {",
  "  close($ctl);",
  "  for (@cg) { if (open(my $h, '>', $_)) { syswrite($h, \"$$\\n\"); close($h); } }",
  "  setpgrp(0, 0);",
  "  for (@env) { my $i = index($_, '='); $ENV{substr($_, 0, $i)} = substr($_, $i + 1); }",
  "  chdir($dir);",
  "  exec { $f[0] } @f;",
  '  print STDOUT "cannot run $f[0]: $!\\n";',
  "  exit 127;",
  "}",
  'syswrite($ctl, "p$pid\\n");',
  "$SIG{$_} = sub {} for qw(TERM INT HUP);",
  "my $rc = 255;",
  "for (;;) { my $w = waitpid($pid, 0); if ($w == $pid) { $rc = $? & 127 ? 128 + ($? & 127) : $? >> 8; last; } last if $w == -1 && $! + 0 != 4; }",
  'syswrite($ctl, "$rc\\n"); close($ctl);',
  "if ($end) { shutdown(STDOUT, 1); shutdown(STDERR, 1); }",
  "open(STDIN, '<', '/dev/null'); open(STDOUT, '>', '/dev/null'); open(STDERR, '>', '/dev/null');",
  "for (;;) { last if wait() == -1 && $! + 0 != 4; }",
  "exit $rc;",
].join("\n");

/** What a launcher is asked to run. */
export interface LauncherRequest {
  /** Directory to run in. */
  readonly cwd: string;
  /**
   * End the output streams for every holder when the command ends (`shutdown`), for when
   * another process keeps a copy of them open (the sandbox's outer bwrap).
   */
  readonly endOutput: boolean;
  /** Variables added to the launcher's own (clean) environment for the command. */
  readonly env: Readonly<Record<string, string>>;
  /** `cgroup.procs` files the command joins before it starts (none by default). */
  readonly cgroups?: readonly string[];
  /** The program and its arguments. */
  readonly argv: readonly string[];
}

/** The request as the launcher reads it: a byte length line, then NUL-separated fields. */
export function launcherRequest(request: LauncherRequest): string {
  const env = Object.entries(request.env).map(([name, value]) => `${name}=${value}`);
  const body = [
    request.cwd,
    request.endOutput ? "1" : "",
    String(request.cgroups?.length ?? 0),
    ...(request.cgroups ?? []),
    String(env.length),
    ...env,
    ...request.argv,
  ].join("\0");
  return `${Buffer.byteLength(body)}\n${body}`;
}

/** Where the launcher's interpreter is, or undefined when this machine has no Perl. */
export function findPerl(): string | undefined {
  return ["/usr/bin/perl", "/bin/perl", "/usr/local/bin/perl"].find(isExecutable);
}

/**
 * The program and arguments of a launcher waiting for its request, or undefined when the
 * launcher cannot work here (no Perl; not Linux).
 */
export function launcherArgv(perl: string | undefined): readonly string[] | undefined {
  if (perl === undefined || process.platform !== "linux") return undefined;
  return [perl, "-e", LAUNCHER_SCRIPT, String(PRCTL_SYSCALL[process.arch] ?? 0)];
}

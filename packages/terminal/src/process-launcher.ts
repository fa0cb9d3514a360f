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
 * of every Debian base system, and starts in about a millisecond). It
 *
 * 1. marks itself a child subreaper (`prctl(PR_SET_CHILD_SUBREAPER)`), so every descendant
 *    that is orphaned — a double-forked daemon, `setsid`, `nohup ... & disown`, a process
 *    with a scrubbed environment — is re-parented to it instead of to init, and stays in
 *    its process tree whatever it does;
 * 2. runs the command as its child and, when that child ends, writes the exit code on
 *    file descriptor 3 (the status pipe) and lets go of the output pipe;
 * 3. stays alive while descendants remain, reaping them, and exits once none are left.
 *
 * Its own environment is the command's clean one, so `/proc/$PPID/environ` read from the
 * command shows nothing of the agent's. It ignores SIGTERM/SIGINT/SIGHUP (the tree is
 * killed from below, then it leaves by itself). Arguments: the prctl system call number
 * (0 to skip), then the program and its arguments.
 */
export const LAUNCHER_SCRIPT: string = [
  "my $nr = shift @ARGV;",
  "syscall($nr, 36, 1, 0, 0, 0) if $nr > 0;",
  "open(my $status, '>&=', 3) or die 'launcher: no status pipe';",
  "my $pid = fork();",
  'die "launcher: fork failed: $!" unless defined $pid;',
  'if ($pid == 0) { close($status); exec { $ARGV[0] } @ARGV; print STDOUT "cannot run $ARGV[0]: $!\\n"; exit 127; }',
  "$SIG{$_} = sub {} for qw(TERM INT HUP);",
  "my $rc = 255;",
  "for (;;) { my $w = waitpid($pid, 0); if ($w == $pid) { $rc = $? & 127 ? 128 + ($? & 127) : $? >> 8; last; } last if $w == -1 && $! + 0 != 4; }",
  'syswrite($status, "$rc\\n"); close($status);',
  "open(STDIN, '<', '/dev/null'); open(STDOUT, '>', '/dev/null'); open(STDERR, '>', '/dev/null');",
  "for (;;) { last if wait() == -1 && $! + 0 != 4; }",
  "exit $rc;",
].join("\n");

/** Where the launcher's interpreter is, or undefined when this machine has no Perl. */
export function findPerl(): string | undefined {
  return ["/usr/bin/perl", "/bin/perl", "/usr/local/bin/perl"].find(isExecutable);
}

/**
 * The program and arguments that run `file args...` under the launcher, or undefined when
 * the launcher cannot work here (no Perl; not Linux).
 */
export function launcherArgv(
  perl: string | undefined,
  file: string,
  args: readonly string[],
): readonly string[] | undefined {
  if (perl === undefined || process.platform !== "linux") return undefined;
  return [perl, "-e", LAUNCHER_SCRIPT, String(PRCTL_SYSCALL[process.arch] ?? 0), file, ...args];
}

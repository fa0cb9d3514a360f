import type { FlagSpec } from "./flags.js";
import { SUDO_OPTIONS } from "./sudo-options.js";
import { LAUNCH_WRAPPERS } from "./launch-wrappers.js";

/**
 * How a wrapper forwards argv: option syntax, then how many leading operands belong to the
 * wrapper itself (a duration, a user, a directory) before the wrapped command starts.
 */
export interface WrapperSpec extends FlagSpec {
  /** Long options without a value (with longWithValue: the table abbreviations resolve in). */
  readonly long?: readonly string[];
  readonly skipOperands?: number;
  /** Options that mean "do not run anything" (`command -v`, `ionice -p`). */
  readonly queryFlags?: string;
  /** Leading NAME=VALUE operands are environment settings (env). */
  readonly assignments?: boolean;
  /** Operands come from stdin at run time. */
  readonly fromInput?: boolean;
}

/** Argv-forwarding wrappers by command name. */
export const WRAPPERS: ReadonlyMap<string, WrapperSpec> = new Map<string, WrapperSpec>([
  [
    "sudo",
    {
      ...SUDO_OPTIONS,
      queryFlags: "lVvk",
    },
  ],
  ["doas", { posix: true, shortWithValue: "uC" }],
  ["pkexec", { posix: true, longWithValue: ["user"] }],
  [
    "run0",
    {
      posix: true,
      shortWithValue: "ugD",
      longWithValue: [
        "user",
        "group",
        "nice",
        "chdir",
        "setenv",
        "unit",
        "property",
        "description",
        "slice",
        "background",
      ],
    },
  ],
  [
    "env",
    {
      posix: true,
      shortWithValue: "uCPS",
      longWithValue: ["unset", "chdir", "split-string"],
      assignments: true,
    },
  ],
  ["command", { posix: true, queryFlags: "vV" }],
  ["builtin", { posix: true }],
  ["exec", { posix: true, shortWithValue: "a" }],
  ["nice", { posix: true, shortWithValue: "n", longWithValue: ["adjustment"] }],
  ["nohup", { posix: true }],
  ["coproc", { posix: true }],
  ["setsid", { posix: true }],
  [
    "timeout",
    { posix: true, shortWithValue: "sk", longWithValue: ["signal", "kill-after"], skipOperands: 1 },
  ],
  [
    "gtimeout",
    { posix: true, shortWithValue: "sk", longWithValue: ["signal", "kill-after"], skipOperands: 1 },
  ],
  ["stdbuf", { posix: true, shortWithValue: "ioe", longWithValue: ["input", "output", "error"] }],
  ["time", { posix: true, shortWithValue: "fo", longWithValue: ["format", "output"] }],
  [
    "xargs",
    {
      posix: true,
      shortWithValue: "IdELnPsa",
      longWithValue: [
        "delimiter",
        "eof",
        "max-lines",
        "max-args",
        "max-procs",
        "max-chars",
        "arg-file",
        "process-slot-var",
      ],
      fromInput: true,
    },
  ],
  ["busybox", { posix: true }],
  ["toybox", { posix: true }],
  ["ionice", { posix: true, shortWithValue: "cnp", queryFlags: "p" }],
  ["chrt", { posix: true, shortWithValue: "T", skipOperands: 1, queryFlags: "pm" }],
  ["taskset", { posix: true, skipOperands: 1, queryFlags: "p" }],
  ["flock", { posix: true, shortWithValue: "wEc", skipOperands: 1 }],
  ["chroot", { posix: true, longWithValue: ["userspec", "groups"], skipOperands: 1 }],
  [
    "nsenter",
    {
      posix: true,
      shortWithValue: "tSGwr",
      longWithValue: ["target", "setuid", "setgid", "wd", "root"],
    },
  ],
  ["unshare", { posix: true }],
  [
    "runuser",
    {
      posix: true,
      shortWithValue: "ugGc",
      longWithValue: ["user", "group", "supp-group", "command", "shell"],
    },
  ],
  ["su-exec", { posix: true, skipOperands: 1 }],
  ["gosu", { posix: true, skipOperands: 1 }],
  ["chpst", { posix: true, shortWithValue: "ugUenlmdofcprt" }],
  ["unbuffer", { posix: true }],
  ["caffeinate", { posix: true, shortWithValue: "tw" }],
  ["proxychains", { posix: true, shortWithValue: "f" }],
  ["proxychains4", { posix: true, shortWithValue: "f" }],
  ["torsocks", { posix: true }],
  ["fakeroot", { posix: true, shortWithValue: "ls" }],
  ["eatmydata", { posix: true }],
  ["firejail", { posix: true }],
  ["strace", { posix: true, shortWithValue: "eoOpsSuEaIXbP" }],
  ["ltrace", { posix: true, shortWithValue: "eoOpsSuEanlx" }],
  ["valgrind", { posix: true }],
  ["catchsegv", { posix: true }],
  ["dbus-run-session", { posix: true }],
  [
    "systemd-run",
    {
      posix: true,
      shortWithValue: "puMEH",
      longWithValue: [
        "unit",
        "property",
        "description",
        "slice",
        "uid",
        "gid",
        "nice",
        "working-directory",
        "setenv",
        "machine",
        "host",
      ],
    },
  ],
  ["tini", { posix: true }],
  ["dumb-init", { posix: true }],
  ["sg", { posix: true, skipOperands: 1 }],
  ["watch", { posix: true, shortWithValue: "nd", longWithValue: ["interval"] }],
  ["npx", { posix: true, shortWithValue: "pc", longWithValue: ["package", "call"] }],
  ["bunx", { posix: true, longWithValue: ["package"] }],
  ["parallel", { posix: true, shortWithValue: "jS", longWithValue: ["jobs"], fromInput: true }],
  // The dynamic loader run directly: `/lib64/ld-linux-x86-64.so.2 /bin/rm -rf x` runs rm.
  ...[
    "ld.so",
    "ld-linux.so.2",
    "ld-linux-x86-64.so.2",
    "ld-linux-aarch64.so.1",
    "ld-linux-armhf.so.3",
    "ld-musl-x86_64.so.1",
    "ld-musl-aarch64.so.1",
  ].map((name): [string, WrapperSpec] => [
    name,
    {
      posix: true,
      longWithValue: [
        "library-path",
        "preload",
        "argv0",
        "audit",
        "glibc-hwcaps-mask",
        "glibc-hwcaps-prepend",
      ],
    },
  ]),
  ...LAUNCH_WRAPPERS,
]);

/** Subcommand launchers: `<tool> <sub> [opts] cmd ...` (uv run, poetry run, bundle exec). */
export const LAUNCHER_SUBCOMMANDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["uv", new Set(["run"])],
  ["poetry", new Set(["run"])],
  ["pipenv", new Set(["run"])],
  ["bundle", new Set(["exec"])],
  ["pnpm", new Set(["exec", "dlx"])],
  ["npm", new Set(["exec"])],
  ["yarn", new Set(["exec", "dlx"])],
  ["bun", new Set(["x"])],
  ["pipx", new Set(["run"])],
  ["direnv", new Set(["exec"])],
  ["doppler", new Set(["run"])],
  ["op", new Set(["run"])],
  ["aws-vault", new Set(["exec"])],
  ["conda", new Set(["run"])],
]);

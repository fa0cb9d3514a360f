import type { OptionTable } from "./option-table.js";

/** sudo's option table (sudo 1.9): which options take a value, and its long options. */
export const SUDO_OPTIONS: OptionTable = {
  posix: true,
  shortWithValue: "ugpCDrthUTR",
  longWithValue: [
    "user",
    "group",
    "prompt",
    "close-from",
    "chdir",
    "role",
    "type",
    "host",
    "other-user",
    "command-timeout",
    "chroot",
  ],
  long: [
    "askpass",
    "background",
    "bell",
    "edit",
    "help",
    "login",
    "list",
    "non-interactive",
    "preserve-env",
    "preserve-groups",
    "remove-timestamp",
    "reset-timestamp",
    "set-home",
    "shell",
    "stdin",
    "validate",
    "version",
  ],
};

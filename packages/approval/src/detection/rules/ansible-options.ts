import type { OptionTable } from "@hermes-agent/shell";

/** The options of `ansible` that take a value, so the host pattern and `-m`/`-a` are found however they are written. */
export const ANSIBLE_OPTIONS: OptionTable = {
  // `-b`, `-k`, `-K`, `-C` (become, ask-pass, ask-become-pass, check) take no value.
  shortWithValue: "maiuMefBPtTlc",
  longWithValue: [
    "module-name",
    "args",
    "inventory",
    "user",
    "become-user",
    "become-method",
    "limit",
    "forks",
    "extra-vars",
    "timeout",
    "connection",
    "private-key",
    "vault-password-file",
    "module-path",
  ],
  long: ["become", "check", "diff", "ask-pass", "ask-become-pass", "one-line", "list-hosts"],
};

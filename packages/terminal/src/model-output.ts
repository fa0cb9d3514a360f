import { redactSecrets } from "@hermes-agent/registry";
import { stripAnsi } from "./ansi.js";

/** What the model sees of command output: no escape sequences, no secrets, LF line ends from a PTY. */
export function cleanOutput(text: string, pty = false): string {
  const plain = stripAnsi(text);
  return redactSecrets(pty ? plain.replaceAll("\r\n", "\n") : plain);
}

import type { SimpleCommand, Word } from "./shell-ir.js";

/** A command after wrappers are peeled: its name, its arguments and where it came from. */
export interface ResolvedCommand {
  /** Basename of the command word, lowercased (`/usr/bin/RM` → `rm`). */
  readonly name: string;
  /** The command word itself. */
  readonly nameWord: Word;
  /** Arguments after the command word. */
  readonly args: readonly Word[];
  /** The simple command it came from (redirects, pipeline neighbours). */
  readonly source: SimpleCommand;
  /** True when more operands are appended at run time (xargs, find -exec). */
  readonly argsFromInput: boolean;
  /** Wrapper names peeled to get here, outermost first. */
  readonly via: readonly string[];
  /**
   * The directory a wrapper moved to before running this command (`env -C DIR`, `sudo -D DIR`,
   * `chroot DIR`), as written (relative to the directory before it); absent when none did.
   */
  readonly directory?: string;
}

/** Basename of a command word, lowercased; `\` and quotes are already gone at this point. */
export function commandBaseName(text: string): string {
  const slash = text.lastIndexOf("/");
  let name = (slash < 0 ? text : text.slice(slash + 1)).toLowerCase();
  if (name.endsWith(".exe")) name = name.slice(0, -4);
  return name;
}

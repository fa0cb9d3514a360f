import { expect } from "vitest";
import { detectDangerousCommand, type CommandContext } from "../../src/detection/index.js";

/** What detection says about a command: safe, dangerous (approval) or hardline. */
export function verdictOf(command: string, context?: CommandContext): string {
  const match = detectDangerousCommand(command, context === undefined ? undefined : { context });
  return match === null ? "safe" : match.hardline ? "hardline" : "dangerous";
}

/** Expect every command to get the verdict (`flagged`: dangerous or hardline). */
export function expectAll(
  commands: readonly string[],
  expected: "hardline" | "dangerous" | "flagged" | "safe",
): void {
  for (const command of commands) {
    const verdict = verdictOf(command);
    if (expected === "flagged") expect(verdict, command).not.toBe("safe");
    else expect(verdict, command).toBe(expected);
  }
}

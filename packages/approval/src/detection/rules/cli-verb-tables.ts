// A data-driven description of an operations CLI: its option table (so global options such as
// `--region X` or `-n prod` are skipped wherever they stand), the options that make a run a
// preview, and the subcommand paths that destroy or change live state. Each entry names the
// operand words it is about (`delete cluster`, `repo edit`) and may add a condition over the
// options read (`--visibility public`, `--replicas 0`).
import {
  hasOption,
  readOptions,
  type OptionTable,
  type ReadOptions,
  type ResolvedCommand,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch, RuleInfo } from "../types.js";

/** What an entry's condition sees: the options read and the operand words. */
export interface VerbInput {
  readonly read: ReadOptions;
  readonly ops: readonly string[];
  /** Every argument word, joined by spaces (for values that may stand anywhere). */
  readonly joined: string;
}

/** One destructive or state-changing subcommand of a CLI. */
export interface VerbEntry {
  /** Operand words (joined by single spaces) the entry is about, matched from the start. */
  readonly verbs: RegExp;
  /** A further condition; without one the subcommand alone is enough. */
  readonly when?: (input: VerbInput) => boolean;
  readonly rule: RuleInfo;
}

/** A CLI family: how its options are read and which of its subcommands are held. */
export interface CliTable {
  readonly options: OptionTable;
  /** Options that make the run a preview (`--dry-run`); the CLI then changes nothing. */
  readonly preview?: readonly string[];
  readonly entries: readonly VerbEntry[];
}

/** The value of the first of the named options, or `""`. */
export function valueOf(read: ReadOptions, ...names: readonly string[]): string {
  return read.options.find((o) => names.includes(o.name) && o.value !== null)?.value ?? "";
}

/** True when one of the named options was given the value zero. */
export function zeroValue(read: ReadOptions, ...names: readonly string[]): boolean {
  return read.options.some((o) => names.includes(o.name) && /^0+$/.test(o.value ?? ""));
}

/** Judge one command against its CLI table. */
export function judgeByTable(cmd: ResolvedCommand, table: CliTable): DangerousCommandMatch | null {
  const read = readOptions(cmd.args, table.options);
  if (table.preview !== undefined && hasOption(read, ...table.preview)) return null;
  const ops = read.operands.map((word) => word.text);
  const path = ops.join(" ");
  const input: VerbInput = { read, ops, joined: cmd.args.map((word) => word.text).join(" ") };
  for (const entry of table.entries) {
    const found = entry.verbs.exec(path);
    if (found === null || found.index !== 0) continue;
    if (entry.when === undefined || entry.when(input)) return matchOf(entry.rule);
  }
  return null;
}

/** A command rule over a map of command names to their CLI tables. */
export function verbTableRule(tables: ReadonlyMap<string, CliTable>): CommandRule {
  return (cmd) => {
    const table = tables.get(cmd.name);
    return table === undefined ? null : judgeByTable(cmd, table);
  };
}

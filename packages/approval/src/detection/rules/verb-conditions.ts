// Conditions the toolchain verb tables attach to their entries: an operand, an option or an
// option's value that makes a subcommand dangerous. Built once per entry at module load.
import type { OptionTable } from "@hermes-agent/shell";
import type { CliTable, VerbEntry, VerbInput } from "./cli-verb-tables.js";

/** A test of one word. */
export type WordTest = (text: string) => boolean;

const asTest = (test: RegExp | WordTest): WordTest =>
  test instanceof RegExp ? (text) => test.test(text) : test;

/** Some operand from position `from` on passes the test. */
export function hasOperand(test: RegExp | WordTest, from = 1): (input: VerbInput) => boolean {
  const check = asTest(test);
  return ({ ops }) => ops.slice(from).some(check);
}

/** One of the named options was given a value that passes the test. */
export function optionValue(
  names: readonly string[],
  test: RegExp | WordTest,
): (input: VerbInput) => boolean {
  const check = asTest(test);
  return ({ read }) => read.options.some((o) => names.includes(o.name) && check(o.value ?? ""));
}

/** One of the named options was given. */
export function hasFlag(...names: readonly string[]): (input: VerbInput) => boolean {
  return ({ read }) => read.options.some((o) => names.includes(o.name));
}

/** Some argument word (options included, as given) passes the test. */
export function anyWord(test: RegExp): (input: VerbInput) => boolean {
  return ({ joined }) => joined.split(" ").some((word) => test.test(word));
}

/** A verb table from its entries, option table and preview options (`--help`, `--dry-run`). */
export function tableOf(
  entries: readonly VerbEntry[],
  options: OptionTable = {},
  preview?: readonly string[],
): CliTable {
  return preview === undefined ? { options, entries } : { options, entries, preview };
}

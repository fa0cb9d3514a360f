import { measure, type MeasureOptions, type Operation } from "./measure.js";

/** Marker that prefixes each result line a bench file prints; the runner collects these lines. */
export const RESULT_MARKER = "@@hermes-bench@@ ";

/** One case of a suite. */
export interface BenchCase extends MeasureOptions {
  readonly name: string;
  /** Budget for the median, in microseconds, from the issue that set it. */
  readonly budgetUs?: number;
  /** Runs once before measuring; its return value is the operation to time. */
  readonly setup: () => Operation | Promise<Operation>;
  /** Runs once after measuring. */
  readonly teardown?: () => void | Promise<void>;
}

/** A reported result, as written to the JSON file. */
export interface BenchResult {
  readonly suite: string;
  readonly name: string;
  readonly medianUs: number;
  readonly minUs: number;
  readonly maxUs: number;
  readonly samples: number;
  readonly opsPerSample: number;
  readonly budgetUs?: number;
  readonly withinBudget?: boolean;
  /**
   * Unit of `medianUs`, `minUs`, `maxUs` and `budgetUs` when they are not microseconds (a memory
   * figure in "MB", a ratio "x"); absent for times.
   */
  readonly unit?: string;
}

/** A result measured outside the harness (for example a cold process start), reported the same way. */
export function reportResult(result: BenchResult): void {
  process.stdout.write(RESULT_MARKER + JSON.stringify(result) + "\n");
}

/** Measure every case of a suite and report each result to the runner. */
export async function runSuite(suite: string, cases: readonly BenchCase[]): Promise<void> {
  const filter = process.env.HERMES_BENCH_FILTER;
  for (const benchCase of cases) {
    if (filter && !`${suite} ${benchCase.name}`.includes(filter)) continue;
    const op = await benchCase.setup();
    const figures = await measure(op, benchCase);
    await benchCase.teardown?.();
    const result: BenchResult = {
      suite,
      name: benchCase.name,
      ...figures,
      ...(benchCase.budgetUs === undefined
        ? {}
        : { budgetUs: benchCase.budgetUs, withinBudget: figures.medianUs <= benchCase.budgetUs }),
    };
    reportResult(result);
  }
}

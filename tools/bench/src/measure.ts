import { performance } from "node:perf_hooks";

/** How one benchmark case is measured. */
export interface MeasureOptions {
  /** Number of timed samples; the median of their per-operation times is reported. */
  readonly samples?: number;
  /** Target wall time of one sample, in milliseconds; operations are batched to reach it. */
  readonly sampleTimeMs?: number;
  /** Untimed warm-up operations before calibration. */
  readonly warmup?: number;
}

/** The figures of one measured case. Times are in microseconds per operation. */
export interface Measurement {
  readonly medianUs: number;
  readonly minUs: number;
  readonly maxUs: number;
  readonly samples: number;
  readonly opsPerSample: number;
}

/** One operation: sync, or a promise the harness awaits. */
export type Operation = () => unknown;

async function runBatch(op: Operation, count: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const out = op();
    if (out instanceof Promise) await out;
  }
  return performance.now() - start;
}

function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? upper) + upper) / 2;
}

/** Time `op`: warm up, calibrate a batch size, then take the median per-operation time over samples. */
export async function measure(op: Operation, options: MeasureOptions = {}): Promise<Measurement> {
  const samples = options.samples ?? 25;
  const sampleTimeMs = options.sampleTimeMs ?? 20;
  await runBatch(op, options.warmup ?? 5);
  let opsPerSample = 1;
  for (;;) {
    const elapsed = await runBatch(op, opsPerSample);
    if (elapsed >= sampleTimeMs || opsPerSample >= 1 << 24) break;
    const factor = elapsed <= 0 ? 10 : Math.min(10, Math.max(2, sampleTimeMs / elapsed));
    opsPerSample = Math.ceil(opsPerSample * factor);
  }
  const perOpUs: number[] = [];
  for (let i = 0; i < samples; i++) {
    perOpUs.push(((await runBatch(op, opsPerSample)) * 1000) / opsPerSample);
  }
  perOpUs.sort((a, b) => a - b);
  return {
    medianUs: median(perOpUs),
    minUs: perOpUs[0] ?? 0,
    maxUs: perOpUs[perOpUs.length - 1] ?? 0,
    samples,
    opsPerSample,
  };
}

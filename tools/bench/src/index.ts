export { measure } from "./measure.js";
export type { Measurement, MeasureOptions, Operation } from "./measure.js";
export { RESULT_MARKER, reportResult, runSuite } from "./suite.js";
export type { BenchCase, BenchResult } from "./suite.js";

export { measure } from "./measure.js";
export type { Measurement, MeasureOptions, Operation } from "./measure.js";
export { RESULT_MARKER, reportResult, runSuite } from "./suite.js";
export type { BenchCase, BenchResult } from "./suite.js";
export {
  buildProject,
  median,
  reportColdImport,
  reportSamples,
  runFreshProcess,
  suiteFilteredOut,
} from "./fresh-process.js";
export type { ColdImportCase, SampleReport } from "./fresh-process.js";

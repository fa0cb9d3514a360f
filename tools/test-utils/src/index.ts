export { createTempDir } from "./temp-dir.js";
export type { TempDir } from "./temp-dir.js";

export type { DangerousCommandMatch } from "./types.js";
export {
  detectDangerousCommand,
  initializeDetector,
  isDetectorReady,
  MAX_ANALYSED_COMMAND_LENGTH,
} from "./detector.js";
export { normalizeCommandText } from "./normalize-text.js";

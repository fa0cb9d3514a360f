// Anything exported here is public API of @hermes-agent/model-tools: change it only in a major version.
export { VERSION } from "./version.js";
export {
  registerModelTools,
  VISION_TOOLSET,
  IMAGE_GEN_TOOLSET,
  MOA_TOOLSET,
  type ModelToolsHandle,
} from "./register-model-tools.js";
export type {
  ChatEndpoint,
  EnvLookup,
  ImageGenConfigSection,
  ModelConfigInput,
  ModelToolsDeps,
  MoaConfigSection,
  RetryPolicy,
  VisionConfigSection,
} from "./model-settings.js";
export { ModelToolsError, ModelToolsErrorCode } from "./model-tools-error.js";
export {
  DEFAULT_VISION_DOWNLOAD_TIMEOUT_S,
  DEFAULT_VISION_TEMPERATURE,
  DEFAULT_VISION_TIMEOUT_S,
  MAX_VISION_DATA_URL_CHARS,
} from "./vision/vision-analyzer.js";
export { MAX_IMAGE_BYTES } from "./vision/image-source.js";
export {
  DEFAULT_FAL_MODEL,
  FAL_MODELS,
  type AspectRatio,
  type FalModel,
} from "./image/fal-models.js";
export { DEFAULT_FAL_QUEUE_URL } from "./image/fal-queue-client.js";
export { DEFAULT_IMAGE_TIMEOUT_MS } from "./image/fal-image-provider.js";
export { DEFAULT_OPENAI_IMAGE_TIER, OPENAI_IMAGE_TIERS } from "./image/openai-image-provider.js";
export { DEFAULT_ASPECT_RATIO, VALID_ASPECT_RATIOS } from "./image/image-provider.js";
export {
  AGGREGATOR_TEMPERATURE,
  DEFAULT_MOA_RETRY,
  DEFAULT_MOA_TIMEOUT_S,
  MIN_SUCCESSFUL_REFERENCES,
  REFERENCE_TEMPERATURE,
} from "./moa/mixture-of-agents.js";
export {
  DEFAULT_AGGREGATOR_MODEL,
  DEFAULT_REFERENCE_MODELS,
  type ModelRoute,
} from "./moa/moa-routes.js";
export { PROVIDERS } from "./provider-endpoints.js";

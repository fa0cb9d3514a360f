import { hasErrorCode, HermesError, type HermesErrorOptions } from "@hermes-agent/core";

/** Stable codes of {@link ModelToolsError}. */
export const ModelToolsErrorCode = {
  NotConfigured: "MODEL_TOOLS_NOT_CONFIGURED",
  InvalidImage: "MODEL_TOOLS_INVALID_IMAGE",
  ImageTooLarge: "MODEL_TOOLS_IMAGE_TOO_LARGE",
  ImageDownload: "MODEL_TOOLS_IMAGE_DOWNLOAD",
  Provider: "MODEL_TOOLS_PROVIDER",
  EmptyResponse: "MODEL_TOOLS_EMPTY_RESPONSE",
  Timeout: "MODEL_TOOLS_TIMEOUT",
  Aborted: "MODEL_TOOLS_ABORTED",
  InvalidRoute: "MODEL_TOOLS_INVALID_ROUTE",
} as const;

/** One of the {@link ModelToolsErrorCode} values. */
export type ModelToolsErrorCode = (typeof ModelToolsErrorCode)[keyof typeof ModelToolsErrorCode];

/** What the model tools throw internally; handlers turn it into Hermes' JSON results. */
export class ModelToolsError extends HermesError<ModelToolsErrorCode> {
  constructor(code: ModelToolsErrorCode, message: string, options: HermesErrorOptions = {}) {
    super(code, message, options);
  }

  /** True for a ModelToolsError from any copy of this package. */
  static override isInstance(value: unknown): value is ModelToolsError {
    return hasErrorCode(value, ModelToolsErrorCode);
  }
}

/** The message of anything thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

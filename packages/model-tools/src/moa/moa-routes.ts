import { ModelToolsError, ModelToolsErrorCode } from "../model-tools-error.js";
import { text, type ModelSettings } from "../model-settings.js";

/** One model of a mixture-of-agents run and where it is served. */
export interface ModelRoute {
  readonly provider: string;
  readonly model: string;
  readonly baseURL?: string | undefined;
  readonly apiKey?: string | undefined;
  /** How the model is named in results (`deepseek/deepseek-reasoner`). */
  readonly label: string;
}

/** Hermes' default reference models. */
export const DEFAULT_REFERENCE_MODELS: readonly ModelRoute[] = Object.freeze([
  { provider: "minimax", model: "MiniMax-M2.7", label: "minimax/MiniMax-M2.7" },
  { provider: "deepseek", model: "deepseek-reasoner", label: "deepseek/deepseek-reasoner" },
]);

/** Hermes' default aggregator model. */
export const DEFAULT_AGGREGATOR_MODEL: ModelRoute = Object.freeze({
  provider: "xiaomi",
  model: "mimo-v2-pro",
  label: "xiaomi/mimo-v2-pro",
});

function labelOf(provider: string, model: string): string {
  return provider !== "" && provider !== "auto" && provider !== "openrouter"
    ? `${provider}/${model}`
    : model;
}

/** A slug with a `/` is an OpenRouter model; any other slug runs on the main endpoint. */
function fromSlug(slug: string, role: string): ModelRoute {
  const model = slug.trim();
  if (model === "") {
    throw new ModelToolsError(
      ModelToolsErrorCode.InvalidRoute,
      `${role}: a model route needs a non-empty model name`,
    );
  }
  const provider = model.includes("/") ? "openrouter" : "auto";
  return { provider, model, label: labelOf(provider, model) };
}

/** A route from config: a model slug, or `{provider, model, base_url, api_key, label}`. */
export function normalizeRoute(spec: unknown, role: string): ModelRoute {
  if (typeof spec === "string") return fromSlug(spec, role);
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) {
    throw new ModelToolsError(
      ModelToolsErrorCode.InvalidRoute,
      `${role} must be a string model slug or a mapping with provider/model`,
    );
  }
  const raw = spec as Record<string, unknown>;
  const model = text(raw["model"]);
  if (model === undefined) {
    throw new ModelToolsError(ModelToolsErrorCode.InvalidRoute, `${role}.model must be set`);
  }
  const inferred = fromSlug(model, role);
  const provider = text(raw["provider"])?.toLowerCase() ?? inferred.provider;
  return {
    provider,
    model,
    baseURL: text(raw["base_url"]),
    apiKey: text(raw["api_key"]),
    label: text(raw["label"]) ?? labelOf(provider, model),
  };
}

/** Reference and aggregator routes from `auxiliary.moa`, or Hermes' defaults. */
export function resolveMoaRoutes(settings: ModelSettings): {
  readonly references: readonly ModelRoute[];
  readonly aggregator: ModelRoute;
} {
  const section = settings.moa();
  const rawReferences = section.reference_models;
  const references =
    Array.isArray(rawReferences) && rawReferences.length > 0
      ? rawReferences.map((spec, i) => normalizeRoute(spec, `reference_models[${String(i)}]`))
      : DEFAULT_REFERENCE_MODELS;
  const rawAggregator = section.aggregator_model;
  const emptyAggregator =
    rawAggregator === undefined ||
    rawAggregator === null ||
    rawAggregator === "" ||
    (typeof rawAggregator === "object" && Object.keys(rawAggregator).length === 0);
  return {
    references,
    aggregator: emptyAggregator
      ? DEFAULT_AGGREGATOR_MODEL
      : normalizeRoute(rawAggregator, "aggregator_model"),
  };
}

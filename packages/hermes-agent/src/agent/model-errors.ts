import type OpenAIClient from "openai";
import type { ModelEndpoint } from "./model-endpoint.js";

/** A model request failure as the user should read it: what happened and what to set. */
export function describeModelError(
  error: unknown,
  endpoint: ModelEndpoint,
  OpenAI: typeof OpenAIClient,
): string {
  if (error instanceof OpenAI.AuthenticationError) {
    return `The model endpoint ${endpoint.baseURL} refused the API key (401; key from ${endpoint.sources.apiKey}). Set a valid key in OPENAI_API_KEY, OPENROUTER_API_KEY or the variable named by model.api_key_env.`;
  }
  if (error instanceof OpenAI.PermissionDeniedError) {
    return `The model endpoint ${endpoint.baseURL} denied access (403) to model '${endpoint.model}'. Check that the key from ${endpoint.sources.apiKey} may use it.`;
  }
  if (error instanceof OpenAI.NotFoundError) {
    return `The model endpoint ${endpoint.baseURL} answered 404 for model '${endpoint.model}'. Check model.default (the model name) and model.base_url (most servers expect the URL to end in /v1).`;
  }
  if (error instanceof OpenAI.RateLimitError) {
    return `The model endpoint ${endpoint.baseURL} kept answering 429 (rate limited) after retries. Wait and run again, or use another key or model.`;
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return `Cannot reach the model endpoint ${endpoint.baseURL} (from ${endpoint.sources.baseURL}): ${error.message.replace(/\.+$/, "")}. Check model.base_url or OPENAI_BASE_URL, and that the server is running.`;
  }
  if (error instanceof OpenAI.APIError) {
    return `The model endpoint ${endpoint.baseURL} failed (${String(error.status ?? "no status")}): ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** True when the request was aborted by our own signal. */
export function isAbort(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === "AbortError" || error.name === "APIUserAbortError")
  );
}

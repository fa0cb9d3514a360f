import { setTimeout as delay } from "node:timers/promises";
import { completeChat } from "../chat-client.js";
import { messageOf, ModelToolsError, ModelToolsErrorCode } from "../model-tools-error.js";
import {
  numberOf,
  type ChatEndpoint,
  type ModelSettings,
  type RetryPolicy,
} from "../model-settings.js";
import { resolveEndpoint } from "../provider-endpoints.js";
import { resolveMoaRoutes, type ModelRoute } from "./moa-routes.js";

/** Sampling temperature of the reference models. */
export const REFERENCE_TEMPERATURE = 0.6;
/** Sampling temperature of the aggregator. */
export const AGGREGATOR_TEMPERATURE = 0.4;
/** Reference answers needed before aggregating. */
export const MIN_SUCCESSFUL_REFERENCES = 1;
/** Seconds per model call unless `auxiliary.moa.timeout` says otherwise. */
export const DEFAULT_MOA_TIMEOUT_S = 300;
/** Hermes' retries of a reference model: 6 attempts, waits of 2 s doubling up to 60 s. */
export const DEFAULT_MOA_RETRY: RetryPolicy = Object.freeze({
  attempts: 6,
  baseDelayMs: 2000,
  maxDelayMs: 60_000,
});

const REFERENCE_MAX_TOKENS = 32_000;

const AGGREGATOR_INSTRUCTIONS =
  "Below are answers from several models to the user's latest query. Combine them into one " +
  "answer of the highest quality. Judge them critically: some of what they say may be wrong or " +
  "biased. Do not just repeat them; give a refined, accurate and complete reply to the query, " +
  "well structured and coherent.\n\nAnswers from the models:";

const FAILED_RESPONSE =
  "MoA processing failed. Please try again or use a single model for this query.";

interface ReadyRoute {
  readonly route: ModelRoute;
  readonly endpoint: ChatEndpoint;
}

type ReferenceOutcome =
  | { readonly ok: true; readonly label: string; readonly text: string }
  | { readonly ok: false; readonly label: string; readonly error: string };

/** mixture_of_agents: reference models answer in parallel, an aggregator combines them. */
export class MixtureOfAgents {
  readonly #settings: ModelSettings;

  constructor(settings: ModelSettings) {
    this.#settings = settings;
  }

  #ready(route: ModelRoute): ReadyRoute | undefined {
    const { endpoint } = resolveEndpoint(this.#settings, route);
    return endpoint === undefined ? undefined : { route, endpoint };
  }

  /** Why mixture_of_agents cannot run now, or undefined when it can. */
  unavailableReason(): string | undefined {
    try {
      const { references, aggregator } = resolveMoaRoutes(this.#settings);
      const aggregatorReason = resolveEndpoint(this.#settings, aggregator).reason;
      if (aggregatorReason !== undefined) {
        return `aggregator ${aggregator.label} unavailable: ${aggregatorReason}`;
      }
      if (references.every((r) => this.#ready(r) === undefined)) {
        return `no reference model available (${references.map((r) => `${r.label}: ${resolveEndpoint(this.#settings, r).reason ?? ""}`).join("; ")})`;
      }
      return undefined;
    } catch (error) {
      return messageOf(error);
    }
  }

  #timeoutMs(): number {
    const seconds = numberOf(this.#settings.moa().timeout);
    return (seconds !== undefined && seconds > 0 ? seconds : DEFAULT_MOA_TIMEOUT_S) * 1000;
  }

  #retry(): RetryPolicy {
    return { ...DEFAULT_MOA_RETRY, ...this.#settings.deps.moaRetry };
  }

  async #reference(
    ready: ReadyRoute,
    prompt: string,
    signal?: AbortSignal,
  ): Promise<ReferenceOutcome> {
    const { route, endpoint } = ready;
    const retry = this.#retry();
    let lastError = "";
    for (let attempt = 1; attempt <= retry.attempts; attempt += 1) {
      try {
        const answer = await completeChat({
          endpoint,
          model: route.model,
          messages: [{ role: "user", content: prompt }],
          temperature: REFERENCE_TEMPERATURE,
          maxTokens: REFERENCE_MAX_TOKENS,
          timeoutMs: this.#timeoutMs(),
          signal,
          // The attempts above are the retries.
          maxRetries: 0,
        });
        if (answer !== "") return { ok: true, label: route.label, text: answer };
        lastError = "empty response";
      } catch (error) {
        if (signal?.aborted === true) throw error;
        lastError = messageOf(error);
      }
      this.#settings.logger.warn(
        `mixture_of_agents: ${route.label} attempt ${String(attempt)}/${String(retry.attempts)} failed: ${lastError}`,
      );
      if (attempt < retry.attempts) {
        const wait = Math.min(retry.baseDelayMs * 2 ** (attempt - 1), retry.maxDelayMs);
        await delay(wait, undefined, signal === undefined ? {} : { signal });
      }
    }
    return {
      ok: false,
      label: route.label,
      error: `${route.label} failed after ${String(retry.attempts)} attempts: ${lastError}`,
    };
  }

  async #aggregate(
    ready: ReadyRoute,
    prompt: string,
    answers: readonly string[],
    signal?: AbortSignal,
  ): Promise<string> {
    const numbered = answers.map((answer, i) => `${String(i + 1)}. ${answer}`).join("\n");
    const request = {
      endpoint: ready.endpoint,
      model: ready.route.model,
      messages: [
        { role: "system" as const, content: `${AGGREGATOR_INSTRUCTIONS}\n\n${numbered}` },
        { role: "user" as const, content: prompt },
      ],
      temperature: AGGREGATOR_TEMPERATURE,
      timeoutMs: this.#timeoutMs(),
      signal,
    };
    const first = await completeChat(request);
    const answer = first !== "" ? first : await completeChat(request);
    if (answer === "") {
      throw new ModelToolsError(
        ModelToolsErrorCode.EmptyResponse,
        `Aggregator ${ready.route.label} returned an empty response`,
      );
    }
    return answer;
  }

  /** Run one query; resolves to Hermes' JSON result, never rejects. */
  async run(prompt: string, signal?: AbortSignal): Promise<string> {
    let labels: { reference_models: string[]; aggregator_model: string } = {
      reference_models: [],
      aggregator_model: "",
    };
    try {
      const { references, aggregator } = resolveMoaRoutes(this.#settings);
      labels = {
        reference_models: references.map((r) => r.label),
        aggregator_model: aggregator.label,
      };
      if (prompt.trim() === "") {
        throw new ModelToolsError(ModelToolsErrorCode.InvalidRoute, "user_prompt is required");
      }
      const ready = references.flatMap((r) => this.#ready(r) ?? []);
      if (ready.length === 0) {
        throw new ModelToolsError(
          ModelToolsErrorCode.NotConfigured,
          "No available reference models configured for Mixture-of-Agents. Configure at least one provider key for the current MoA routes.",
        );
      }
      const aggregatorReady = this.#ready(aggregator);
      if (aggregatorReady === undefined) {
        throw new ModelToolsError(
          ModelToolsErrorCode.NotConfigured,
          `Aggregator model unavailable: ${aggregator.label}. Configure the provider credentials for the MoA aggregator route.`,
        );
      }
      const outcomes = await Promise.all(ready.map((r) => this.#reference(r, prompt, signal)));
      const answers = outcomes.flatMap((o) => (o.ok ? [o.text] : []));
      const failed = outcomes.flatMap((o) => (o.ok ? [] : [o.error]));
      if (failed.length > 0) {
        this.#settings.logger.warn(`mixture_of_agents: failed models: ${failed.join("; ")}`);
      }
      if (answers.length < MIN_SUCCESSFUL_REFERENCES) {
        throw new ModelToolsError(
          ModelToolsErrorCode.Provider,
          `Insufficient successful reference models (${String(answers.length)}/${String(ready.length)}). Need at least ${String(MIN_SUCCESSFUL_REFERENCES)} successful responses. ${failed.join("; ")}`,
        );
      }
      const response = await this.#aggregate(aggregatorReady, prompt, answers, signal);
      return JSON.stringify(
        {
          success: true,
          response,
          models_used: {
            reference_models: ready.map((r) => r.route.label),
            aggregator_model: aggregator.label,
          },
        },
        null,
        2,
      );
    } catch (error) {
      const message = signal?.aborted === true ? "Interrupted" : messageOf(error);
      this.#settings.logger.warn(`mixture_of_agents failed: ${message}`);
      return JSON.stringify(
        {
          success: false,
          response: FAILED_RESPONSE,
          models_used: labels,
          error: `Error in MoA processing: ${message}`,
        },
        null,
        2,
      );
    }
  }
}

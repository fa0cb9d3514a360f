import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { messageOf, ModelToolsError, ModelToolsErrorCode } from "../model-tools-error.js";

/** FAL's queue API. */
export const DEFAULT_FAL_QUEUE_URL = "https://queue.fal.run";

/** How one FAL request is run. */
export interface FalRunOptions {
  readonly key: string;
  readonly queueUrl: string;
  readonly pollIntervalMs: number;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal | undefined;
}

interface QueueReceipt {
  readonly request_id?: unknown;
  readonly status_url?: unknown;
  readonly response_url?: unknown;
}

function detailOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const detail = (body as { detail?: unknown; message?: unknown }).detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((d) =>
        typeof d === "object" && d !== null ? String((d as { msg?: unknown }).msg) : String(d),
      )
      .join("; ");
  }
  const message = (body as { message?: unknown }).message;
  return typeof message === "string" ? message : undefined;
}

/** The URL the receipt names, when it is on the queue's own origin (the key goes nowhere else). */
function sameOrigin(candidate: unknown, queueUrl: string, fallback: string): string {
  if (typeof candidate !== "string") return fallback;
  try {
    return new URL(candidate).origin === new URL(queueUrl).origin ? candidate : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Submit `args` to FAL model `model` through its queue API (`POST <queue>/<model>`), poll the
 * request's status until it completes, and return the result JSON. Every request carries
 * `Authorization: Key <FAL_KEY>`; the submission carries an idempotency key.
 */
export async function runFalRequest(
  model: string,
  args: Readonly<Record<string, unknown>>,
  options: FalRunOptions,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const base = options.queueUrl.replace(/\/+$/, "");
  const headers = { authorization: `Key ${options.key}`, accept: "application/json" };

  const call = async (url: string, init: RequestInit): Promise<unknown> => {
    let response: Response;
    try {
      response = await fetch(url, { ...init, headers: { ...headers, ...init.headers }, signal });
    } catch (error) {
      if (timeout.aborted) {
        throw new ModelToolsError(
          ModelToolsErrorCode.Timeout,
          `FAL request timed out after ${String(options.timeoutMs / 1000)} s`,
          { cause: error },
        );
      }
      if (signal.aborted) {
        throw new ModelToolsError(ModelToolsErrorCode.Aborted, "Interrupted", { cause: error });
      }
      throw new ModelToolsError(
        ModelToolsErrorCode.Provider,
        `Cannot reach FAL: ${messageOf(error)}`,
        {
          cause: error,
        },
      );
    }
    const raw = await response.text();
    let body: unknown;
    try {
      body = raw === "" ? undefined : JSON.parse(raw);
    } catch {
      body = undefined;
    }
    if (!response.ok) {
      const detail = detailOf(body) ?? raw.slice(0, 300);
      throw new ModelToolsError(
        ModelToolsErrorCode.Provider,
        `FAL request failed: HTTP ${String(response.status)}${detail === "" ? "" : `: ${detail}`}`,
        { details: { status: response.status } },
      );
    }
    return body;
  };

  const receipt = (await call(`${base}/${model}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-idempotency-key": randomUUID() },
    body: JSON.stringify(args),
  })) as QueueReceipt | undefined;
  const id = receipt?.request_id;
  if (typeof id !== "string" || id === "") {
    throw new ModelToolsError(ModelToolsErrorCode.Provider, "FAL did not return a request_id");
  }
  // Status and result live under the app id (owner/app), without the model's sub-path.
  const app = model.split("/").slice(0, 2).join("/");
  const requestBase = `${base}/${app}/requests/${encodeURIComponent(id)}`;
  const statusUrl = sameOrigin(receipt?.status_url, base, `${requestBase}/status`);
  const responseUrl = sameOrigin(receipt?.response_url, base, requestBase);

  for (;;) {
    const status = (await call(statusUrl, { method: "GET" })) as { status?: unknown } | undefined;
    const state = status?.status;
    if (state === "COMPLETED") break;
    if (state !== "IN_QUEUE" && state !== "IN_PROGRESS") {
      throw new ModelToolsError(
        ModelToolsErrorCode.Provider,
        `FAL request ${id} ended with status ${JSON.stringify(state ?? null)}`,
      );
    }
    try {
      await delay(options.pollIntervalMs, undefined, { signal });
    } catch (error) {
      if (timeout.aborted) {
        throw new ModelToolsError(
          ModelToolsErrorCode.Timeout,
          `FAL request timed out after ${String(options.timeoutMs / 1000)} s`,
          { cause: error },
        );
      }
      throw new ModelToolsError(ModelToolsErrorCode.Aborted, "Interrupted", { cause: error });
    }
  }
  return call(responseUrl, { method: "GET" });
}

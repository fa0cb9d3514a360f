import { redactSecrets } from "@hermes-agent/core";
import { WebToolsError, WebToolsErrorCode } from "../web-tools-error.js";
import type { ProviderCallContext, ProviderSettings, SearchHit } from "./provider-types.js";

/** A request to a provider API. */
export interface ProviderRequest {
  readonly provider: string;
  readonly url: string;
  readonly method?: "GET" | "POST";
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return redactSecrets(flat.length > 300 ? `${flat.slice(0, 300)}…` : flat);
}

function errorFromBody(text: string): string {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    for (const key of ["error", "message", "detail"]) {
      const value = parsed[key];
      if (typeof value === "string") return snippet(value);
      if (
        value &&
        typeof value === "object" &&
        typeof (value as { message?: unknown }).message === "string"
      ) {
        return snippet((value as { message: string }).message);
      }
    }
  } catch {
    // Not JSON: show the text itself.
  }
  return snippet(text);
}

/** Send one request to a provider API and parse its JSON answer; failures say which provider. */
export async function providerJson(
  request: ProviderRequest,
  settings: ProviderSettings,
  ctx: ProviderCallContext,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const signal = AbortSignal.any([ctx.signal, timeout]);
  const headers: Record<string, string> = { accept: "application/json", ...request.headers };
  let body: string | undefined;
  if (request.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.body);
  }
  let response: Response;
  let text: string;
  try {
    response = await settings.fetch(request.url, {
      method: request.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      ...(body === undefined ? {} : { body }),
      signal,
      redirect: "error",
    });
    text = await response.text();
  } catch (error) {
    if (timeout.aborted) {
      throw new WebToolsError(
        WebToolsErrorCode.Timeout,
        `${request.provider} API timed out after ${String(settings.timeoutMs / 1000)} s`,
        { cause: error },
      );
    }
    if (ctx.signal.aborted) {
      throw new WebToolsError(WebToolsErrorCode.Aborted, "Interrupted", { cause: error });
    }
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new WebToolsError(
      WebToolsErrorCode.Provider,
      `${request.provider} API request failed: ${redactSecrets(reason)}`,
      { cause: error },
    );
  }
  if (!response.ok) {
    const detail = errorFromBody(text);
    throw new WebToolsError(
      WebToolsErrorCode.Provider,
      `${request.provider} API error: HTTP ${String(response.status)}${detail ? `: ${detail}` : ""}`,
      { details: { status: response.status } },
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new WebToolsError(
      WebToolsErrorCode.Provider,
      `${request.provider} API returned a response that is not JSON: ${snippet(text)}`,
      { cause: error },
    );
  }
}

/** A string field of an untyped JSON object ("" when absent). */
export function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** An array field of an untyped JSON value ([] when absent). */
export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

/** An object field of an untyped JSON value ({} when absent). */
export function obj(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * Search hits from a provider's untyped result list: `url` from each item's `url` field, title and
 * description picked per provider, positions numbered from `first`.
 */
export function searchHits(
  items: readonly unknown[],
  pick: (hit: Record<string, unknown>) => { readonly title: string; readonly description: string },
  first = 1,
): SearchHit[] {
  return items.map((item, index) => {
    const hit = obj(item);
    const { title, description } = pick(hit);
    return { title, url: str(hit.url), description, position: first + index };
  });
}

/** Join a base URL and a path without doubling slashes. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

/** Strip HTML tags some APIs leave in snippets (`<strong>`), and decode basic entities. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();
}

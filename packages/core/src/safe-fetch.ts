import type * as Dns from "node:dns/promises";
import type * as Http from "node:http";
import type { IncomingMessage } from "node:http";
import type * as Https from "node:https";
import type { LookupFunction } from "node:net";
import type * as Zlib from "node:zlib";
import type { Readable } from "node:stream";
import { FetchError, FetchErrorCode } from "./fetch-error.js";
import {
  assertHostAllowed,
  BLOCKED_URL_MESSAGE,
  isExempt,
  isRefusedAddress,
  parseWebUrl,
  type UrlPolicy,
} from "./url-policy.js";

/** One resolved address of a host name. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Resolves a host name to all its addresses (default: `dns.lookup` with `all: true`). */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** Limits of one fetch, redirects included. */
export interface FetchLimits {
  /** Redirects followed before giving up (default 5). */
  readonly maxRedirects: number;
  /** Bytes of (decoded) body kept; the rest is cut off (default 10 MiB). */
  readonly maxBytes: number;
  /** Milliseconds for the whole fetch, redirects included (default 30 000). */
  readonly timeoutMs: number;
}

/** Default {@link FetchLimits}. */
export const DEFAULT_FETCH_LIMITS: FetchLimits = Object.freeze({
  maxRedirects: 5,
  maxBytes: 10 * 1024 * 1024,
  timeoutMs: 30_000,
});

/** What {@link safeFetch} needs besides the URL. */
export interface SafeFetchOptions {
  readonly policy: UrlPolicy;
  readonly limits?: Partial<FetchLimits>;
  readonly resolve?: HostResolver;
  readonly signal?: AbortSignal;
  readonly userAgent?: string;
  readonly accept?: string;
}

/** A fetched response with its body read (up to the size cap). */
export interface FetchedResponse {
  /** The URL after redirects. */
  readonly url: string;
  readonly status: number;
  readonly contentType: string;
  readonly body: Buffer;
  /** True when the body was longer than `maxBytes` and was cut. */
  readonly truncated: boolean;
}

/** User agent of our own fetches. */
export const DEFAULT_USER_AGENT = "HermesAgent/1.0 (+https://github.com/NousResearch/hermes-agent)";

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

// The network modules are loaded by the first fetch, not with @hermes-agent/core: every
// package imports core, and most never fetch (together they cost some 10 ms of start-up).
const dns = (): typeof Dns => process.getBuiltinModule("node:dns/promises");
const http = (): typeof Http => process.getBuiltinModule("node:http");
const https = (): typeof Https => process.getBuiltinModule("node:https");
const zlib = (): typeof Zlib => process.getBuiltinModule("node:zlib");

const defaultResolver: HostResolver = (hostname) =>
  dns().lookup(hostname, { all: true, verbatim: true });

/**
 * A DNS lookup for `http.request` that refuses hosts resolving to a blocked address. The socket
 * connects to the very addresses checked here, so a second resolution (DNS rebinding) cannot
 * swap in another target.
 */
function guardedLookup(resolve: HostResolver, exempt: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const first = addresses[0];
        if (first === undefined) {
          const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
            code: "ENOTFOUND",
          });
          callback(error, "", 0);
          return;
        }
        if (addresses.some((a) => isRefusedAddress(a.address, exempt))) {
          callback(
            new FetchError(FetchErrorCode.BlockedAddress, BLOCKED_URL_MESSAGE, {
              details: { host: hostname },
            }),
            "",
            0,
          );
          return;
        }
        if (options.all === true) {
          callback(
            null,
            addresses.map((a) => ({ address: a.address, family: a.family })),
          );
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => {
        callback(error as NodeJS.ErrnoException, "", 0);
      },
    );
  };
}

function request(
  url: URL,
  options: SafeFetchOptions,
  signal: AbortSignal,
  exempt: boolean,
): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https() : http();
  return new Promise((resolvePromise, reject) => {
    const req = client.request(
      url,
      {
        method: "GET",
        signal,
        lookup: guardedLookup(options.resolve ?? defaultResolver, exempt),
        headers: {
          "user-agent": options.userAgent ?? DEFAULT_USER_AGENT,
          accept:
            options.accept ??
            "text/html,application/xhtml+xml,application/pdf,text/*;q=0.9,*/*;q=0.5",
          "accept-encoding": "gzip, deflate, br",
        },
      },
      resolvePromise,
    );
    req.on("error", reject);
    req.end();
  });
}

function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers["content-encoding"] ?? "").toLowerCase().trim();
  if (encoding === "gzip" || encoding === "x-gzip") return response.pipe(zlib().createGunzip());
  if (encoding === "deflate") return response.pipe(zlib().createInflate());
  if (encoding === "br") return response.pipe(zlib().createBrotliDecompress());
  return response;
}

async function readCapped(
  response: IncomingMessage,
  maxBytes: number,
): Promise<{ body: Buffer; truncated: boolean }> {
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const room = maxBytes - size;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      size += room;
      truncated = true;
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  if (truncated) {
    stream.destroy();
    response.destroy();
  }
  return { body: Buffer.concat(chunks, size), truncated };
}

function translateError(error: unknown, timeout: AbortSignal, limits: FetchLimits): Error {
  if (FetchError.isInstance(error)) return error;
  if (timeout.aborted) {
    return new FetchError(
      FetchErrorCode.Timeout,
      `Timed out after ${String(limits.timeoutMs / 1000)} s`,
      { cause: error },
    );
  }
  if (error instanceof Error && error.name === "AbortError") {
    return new FetchError(FetchErrorCode.Aborted, "Interrupted", { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new FetchError(FetchErrorCode.Network, message, { cause: error });
}

/**
 * GET a URL under the safety rules: http(s) only; every hop (the first URL and each redirect)
 * checked against the private-address rule after DNS resolution; at most `maxRedirects`
 * redirects; the body cut at `maxBytes` after decompression; one timeout for the whole fetch.
 */
export async function safeFetch(
  rawUrl: string,
  options: SafeFetchOptions,
): Promise<FetchedResponse> {
  const limits: FetchLimits = { ...DEFAULT_FETCH_LIMITS, ...options.limits };
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let url = parseWebUrl(rawUrl);
  try {
    for (let hop = 0; ; hop += 1) {
      assertHostAllowed(url, options.policy);
      const response = await request(url, options, signal, isExempt(url, options.policy));
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode ?? 0) && location !== undefined) {
        response.resume();
        if (hop >= limits.maxRedirects) {
          throw new FetchError(
            FetchErrorCode.TooManyRedirects,
            `Too many redirects (more than ${String(limits.maxRedirects)})`,
          );
        }
        url = parseWebUrl(new URL(location, url).href);
        continue;
      }
      const { body, truncated } = await readCapped(response, limits.maxBytes);
      return {
        url: url.href,
        status: response.statusCode ?? 0,
        contentType: (response.headers["content-type"] ?? "").toLowerCase(),
        body,
        truncated,
      };
    }
  } catch (error) {
    throw translateError(error, timeout, limits);
  }
}
